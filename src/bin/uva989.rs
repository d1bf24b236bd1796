//! UVa 989 "Su Doku" (also NTHU OJ 10595, ZeroJudge d263): cases of a line with n, then n^2
//! lines of n^2 numbers separated by spaces (`0` = blank). Out per case: the
//! lexicographically smallest solution in the same layout with single spaces, or
//! `NO SOLUTION`; a blank line between cases. Readings: n is 1 to 3 (n = 1 is a 1x1 grid, so
//! `0` becomes `1`); givens that clash have no solution; blank lines before each case are
//! optional, any number of them, and trailing blank lines are fine; no blank line after the
//! last answer ("between test cases"); any run of spaces or tabs separates numbers.

use sudoku_kit::error::Error;
use sudoku_kit::reader::Reader;
use sudoku_kit::square;

fn main() {
    sudoku_kit::judge::main(run);
}

pub fn run(input: &[u8], out: &mut Vec<u8>) -> Result<(), Error> {
    let grids = Reader::new(input).cases_to_end(square::text::sized_grid)?;
    for (k, g) in grids.iter().enumerate() {
        if k > 0 {
            out.push(b'\n');
        }
        match square::solver::first_solution_small(g) {
            Some(s) => square::text::write_numbers(&s, out),
            None => out.extend_from_slice(b"NO SOLUTION\n"),
        }
    }
    Ok(())
}
