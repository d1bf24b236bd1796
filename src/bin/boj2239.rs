//! BOJ 2239 "스도쿠": 9 lines of 9 digits (`0` = blank) in, the lexicographically smallest
//! solution out as 9 lines of 9 digits. There is no test-count line: the English statement's
//! mention of one is a translation error (the Korean statement has none).

use sudoku_kit::error::Error;
use sudoku_kit::grid::Grid;
use sudoku_kit::reader::Reader;
use sudoku_kit::solver;

fn main() {
    sudoku_kit::judge::main(run);
}

fn run(input: &[u8], out: &mut Vec<u8>) -> Result<(), Error> {
    let mut r = Reader::new(input);
    let mut g = Grid::EMPTY;
    for row in g.0.chunks_mut(9) {
        r.compact_cells(row, b"")?;
    }
    r.expect_end("the 9th row")?;
    let s = solver::first_solution(&g).ok_or_else(|| Error::no_solution(1))?;
    s.write_rows(out, b"");
    Ok(())
}
