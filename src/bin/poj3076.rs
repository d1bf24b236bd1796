//! POJ 3076 "Sudoku" = UVa 1309 = e-olymp 3525: 16x16 grids, 16 lines of 16 letters `A`..`P`
//! (`-` = blank) in 4x4 boxes, separated by empty lines, to the end of input; no count line.
//! Out: each solution in the same format, an empty line between. Several solutions: the
//! lexicographically smallest (A < B < ... < P). Readings: at least one grid; empty lines
//! before each grid are optional, any number of them; an unsolvable grid (no wording in the
//! statement) goes to stderr with exit status 1.

use sudoku_kit::error::Error;
use sudoku_kit::reader::Reader;
use sudoku_kit::square;

fn main() {
    sudoku_kit::judge::main(run);
}

pub fn run(input: &[u8], out: &mut Vec<u8>) -> Result<(), Error> {
    let grids = Reader::new(input).cases_to_end(square::text::letter_grid)?;
    square::text::answer_letter_grids(&grids, out)
}
