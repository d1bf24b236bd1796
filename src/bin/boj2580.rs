//! BOJ 2580 "스도쿠": 9 lines of 9 numbers separated by spaces (`0` = blank) in, a solution out
//! in the same layout with single spaces. The judge accepts any solution; this prints the
//! lexicographically smallest. Readings: any run of spaces or tabs separates numbers; the
//! judge promises a solvable puzzle, so an unsolvable one goes to stderr with exit status 1.

use sudoku_kit::error::Error;
use sudoku_kit::reader::{self, Reader};
use sudoku_kit::solver;

fn main() {
    sudoku_kit::judge::main(run);
}

pub fn run(input: &[u8], out: &mut Vec<u8>) -> Result<(), Error> {
    let g = reader::single_grid(input, Reader::spaced_row)?;
    let s = solver::first_solution(&g).ok_or_else(|| Error::no_solution(1))?;
    s.write_rows(out, b" ");
    Ok(())
}
