//! BOJ 7681 = POJ 3074 "Sudoku": one puzzle a line, 81 characters (`.` or `0` blank, digits
//! given), until a line `end`; out, each puzzle's solution as one line of 81 digits.
//! Readings: text after `end` is ignored; EOF without `end` also ends the input (benchmark
//! files); `end` alone is zero puzzles; empty input is malformed; a puzzle without a solution
//! names its line (exit 1). Several solutions: the lexicographically smallest.

use sudoku_kit::error::Error;
use sudoku_kit::reader::Reader;
use sudoku_kit::solver;

fn main() {
    sudoku_kit::judge::main(run);
}

/// Solves puzzle by puzzle into `out` (no list of puzzles kept: bulk files are large).
pub fn run(input: &[u8], out: &mut Vec<u8>) -> Result<(), Error> {
    out.reserve(input.len());
    Reader::new(input).puzzle_lines(|g, line| {
        let s = solver::first_solution(&g).ok_or_else(|| Error::no_solution(line))?;
        s.write_line(out, b'0');
        Ok(())
    })
}
