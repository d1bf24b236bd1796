//! AtCoder ABC327 C "Number Place": a filled grid, 9 lines of 9 numbers 1 to 9 separated by
//! spaces, in; `Yes` if every row, column and 3x3 box holds each digit once, else `No`.
//! "Every unit sums to 45" is not that check; a repeat anywhere is. Readings: any run of
//! spaces or tabs separates numbers; a `0` or a blank cell breaks the constraints: malformed.

use sudoku_kit::error::Error;
use sudoku_kit::reader::{self, Reader};

fn main() {
    sudoku_kit::judge::main(run);
}

pub fn run(input: &[u8], out: &mut Vec<u8>) -> Result<(), Error> {
    let g = reader::single_grid(input, Reader::filled_row)?;
    out.extend_from_slice(if g.is_solved() { b"Yes\n" } else { b"No\n" });
    Ok(())
}
