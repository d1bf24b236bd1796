//! SPOJ SUDOKU: a count line K, then K grids of 16 lines of 16 letters `A`..`P` (`-` =
//! blank) in 4x4 boxes. Out: each completed grid in the same format, an empty line between.
//! The statement promises a unique solution; the lexicographically smallest (A < B < ... < P)
//! is printed anyway. Readings: any K >= 1 (`K <= 10` describes the judge's data); empty
//! lines before each grid are optional, any number of them; an unsolvable grid (no wording
//! in the statement) goes to stderr with exit status 1.

use sudoku_kit::error::Error;
use sudoku_kit::reader::Reader;
use sudoku_kit::square;

fn main() {
    sudoku_kit::judge::main(run);
}

pub fn run(input: &[u8], out: &mut Vec<u8>) -> Result<(), Error> {
    let grids = Reader::new(input).counted_cases(square::text::letter_grid)?;
    square::text::answer_letter_grids(&grids, out)
}
