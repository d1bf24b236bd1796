//! HDU 4069 "Squiggly Sudoku": jigsaw Sudoku, the 3x3 boxes replaced by nine connected regions
//! of nine cells drawn by walls. In: a count line T, then T cases of 9 lines of 9 numbers, each
//! a cell's digit (`0` blank) plus its walls: 16 up, 32 right, 64 down, 128 left. Out, per
//! case: `Case N:` on its own line, then `No solution`, `Multiple Solutions`, or the one
//! solution as 9 lines of 9 digits (the output as accepted solutions print it; the statement
//! was not at hand). Readings: any run of spaces or tabs separates numbers, blank lines may
//! come before each case; two neighbours must agree on the wall between them and the walls must
//! draw nine regions of nine cells, else the input is malformed (exit 2); the grid's edge is a
//! wall whether written or not; a wall between two cells of one region (joined around it) is
//! allowed, the regions being what the open sides join; givens that clash have no solution. The
//! statement's sample (`cases/hdu4069/sample-1`) is as solution write-ups reproduce it, its
//! answers recomputed by the plain search over regions.

use sudoku_kit::error::Error;
use sudoku_kit::jigsaw::solver::count_and_witness;
use sudoku_kit::jigsaw::text;
use sudoku_kit::reader::Reader;

fn main() {
    sudoku_kit::judge::main(run);
}

pub fn run(input: &[u8], out: &mut Vec<u8>) -> Result<(), Error> {
    let cases = Reader::new(input).counted_cases(text::walled)?;
    for (k, g) in cases.iter().enumerate() {
        out.extend_from_slice(format!("Case {}:\n", k + 1).as_bytes());
        match count_and_witness(g, 2) {
            (1, Some(s)) => s.write_rows(out, b""),
            (0, _) => out.extend_from_slice(b"No solution\n"),
            _ => out.extend_from_slice(b"Multiple Solutions\n"),
        }
    }
    Ok(())
}
