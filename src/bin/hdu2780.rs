//! HDU 2780 "Su-Su-Sudoku": a count line T, then T grids of 9 lines of 9 digits, `0` for the
//! five unfilled cells. Out: each completed grid as 9 lines of 9 digits, or `Could not
//! complete this grid.`, a blank line between grids. Readings: any number of blanks is read
//! (not only five), and the smallest completion printed (with five blanks the statement
//! promises one); givens that already clash cannot be completed; blank lines may come
//! before each grid.

use sudoku_kit::error::Error;
use sudoku_kit::reader::Reader;
use sudoku_kit::solver;

fn main() {
    sudoku_kit::judge::main(run);
}

pub fn run(input: &[u8], out: &mut Vec<u8>) -> Result<(), Error> {
    let grids = Reader::new(input).counted_cases(|r| r.grid(Reader::compact_row))?;
    for (k, g) in grids.iter().enumerate() {
        if k > 0 {
            out.push(b'\n');
        }
        match solver::first_solution(g) {
            Some(s) => s.write_rows(out, b""),
            None => out.extend_from_slice(b"Could not complete this grid.\n"),
        }
    }
    Ok(())
}
