//! Kattis "sudokunique": boards of 9 lines of 9 space-separated digits (`0` = erased) to the
//! end of input. Per board: its solution in the same layout if unique, `Non-unique` if there
//! are several, `Find another job` if none (givens that already clash included), with a blank
//! line between answers. Readings: any number of boards (at least one); one or more blank
//! lines between boards, or none; any run of spaces or tabs separates numbers.

use sudoku_kit::error::Error;
use sudoku_kit::reader::Reader;
use sudoku_kit::solver;

fn main() {
    sudoku_kit::judge::main(run);
}

pub fn run(input: &[u8], out: &mut Vec<u8>) -> Result<(), Error> {
    let boards = Reader::new(input).cases_to_end(|r| r.grid(Reader::spaced_row))?;
    for (k, board) in boards.iter().enumerate() {
        if k > 0 {
            out.push(b'\n');
        }
        match solver::count_and_witness(board, 2) {
            (1, Some(s)) => s.write_rows(out, b" "),
            (0, _) => out.extend_from_slice(b"Find another job\n"),
            _ => out.extend_from_slice(b"Non-unique\n"),
        }
    }
    Ok(())
}
