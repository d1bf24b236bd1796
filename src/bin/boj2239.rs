//! BOJ 2239 "스도쿠": 9 lines of 9 digits (`0` = blank) in, the lexicographically smallest
//! solution out as 9 lines of 9 digits. There is no test-count line: the English statement's
//! mention of one is a translation error (the Korean statement has none), so an input that
//! is a count line and then a grid is malformed, and the message says so.

use sudoku_kit::error::Error;
use sudoku_kit::reader::{self, Reader};
use sudoku_kit::solver;

fn main() {
    sudoku_kit::judge::main(run);
}

pub fn run(input: &[u8], out: &mut Vec<u8>) -> Result<(), Error> {
    let g = reader::single_grid(input, Reader::compact_row)
        .map_err(|e| count_line_mistake(input, &e).unwrap_or(e))?;
    let s = solver::first_solution(&g).ok_or_else(|| Error::no_solution(1))?;
    s.write_rows(out, b"");
    Ok(())
}

/// When reading failed on line 1 and the input is a count line followed by a whole grid, the
/// error that explains the English statement's mistake.
fn count_line_mistake(input: &[u8], e: &Error) -> Option<Error> {
    if e.line != 1 {
        return None;
    }
    let mut r = Reader::new(input);
    r.count_line().ok()?;
    r.grid(Reader::compact_row).ok()?;
    r.expect_end("the 9th row").ok()?;
    let msg = "BOJ 2239 input has no count line: the grid starts on line 1".to_string();
    Some(Error::malformed(1, 1, msg))
}
