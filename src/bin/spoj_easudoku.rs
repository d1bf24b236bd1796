//! SPOJ EASUDOKU: a count line T, then T puzzles of 9 lines of 9 space-separated numbers
//! (`0` = blank). Out per puzzle: the lexicographically smallest solution in the same layout,
//! or `No solution`. The judge caps the source at 5000 bytes, so this uses the small search
//! and the small reading path ([`Reader::counted_loose_grids`]). Readings: any T >= 1 (the
//! statement's `1 < T < 15` describes the judge's data); any run of spaces, tabs and line
//! ends separates numbers, so rows are not checked line by line.

use sudoku_kit::{basic, error::Error, reader::Reader};

fn main() {
    sudoku_kit::judge::main(run);
}

pub fn run(input: &[u8], out: &mut Vec<u8>) -> Result<(), Error> {
    for g in Reader::new(input).counted_loose_grids()? {
        match basic::first_solution(&g) {
            Some(s) => s.write_rows(out, b" "),
            _ => out.extend(b"No solution\n"),
        }
    }
    Ok(())
}
