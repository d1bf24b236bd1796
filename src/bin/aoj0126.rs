//! AOJ 0126 "Puzzle": a count line n (at most 20), then n filled boards of 9 lines of 9
//! digits 1-9 separated by spaces. Out: each board again, every number preceded by `*` if
//! it appears more than once in its row, column or 3x3 box, else by a space; a blank line
//! between boards. Readings: any run of spaces or tabs separates digits, and rows without
//! them are malformed (the statement says "9 characters", its sample spaces them); a `0` is
//! malformed, as the boards are filled; counts above 20 are read too; blank lines may come
//! before each board.

use sudoku_kit::error::Error;
use sudoku_kit::reader::Reader;

fn main() {
    sudoku_kit::judge::main(run);
}

pub fn run(input: &[u8], out: &mut Vec<u8>) -> Result<(), Error> {
    let boards = Reader::new(input).counted_cases(|r| r.grid(Reader::filled_row))?;
    for (k, g) in boards.iter().enumerate() {
        if k > 0 {
            out.push(b'\n');
        }
        let marks = g.repeats();
        for (i, &d) in g.0.iter().enumerate() {
            out.push(if marks[i] { b'*' } else { b' ' });
            out.push(b'0' + d);
            if i % 9 == 8 {
                out.push(b'\n');
            }
        }
    }
    Ok(())
}
