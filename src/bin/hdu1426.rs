//! HDU 1426 "Sudoku Killer": grids of 9 lines of 9 symbols separated by single spaces, `1`-`9`
//! given, `?` blank, one blank line between grids, to the end of input. Out: each grid's
//! solution, 9 lines of 9 digits separated by single spaces, a blank line between grids.
//! Each grid has one solution, so the smallest is it. Readings (the format is recalled, not
//! confirmed): `0` is a blank too; spaces or tabs between cells are optional (`7 1 ?` and
//! `71?` alike); any number of blank lines between grids, or none; an unsolvable grid (no
//! wording in the statement) goes to stderr with exit status 1.

use sudoku_kit::error::Error;
use sudoku_kit::reader::Reader;
use sudoku_kit::solver;

fn main() {
    sudoku_kit::judge::main(run);
}

pub fn run(input: &[u8], out: &mut Vec<u8>) -> Result<(), Error> {
    let mut r = Reader::new(input);
    let grids = r.cases_to_end(|r| Ok((r.line(), r.grid(Reader::question_row)?)))?;
    for (k, (line, g)) in grids.iter().enumerate() {
        let s =
            solver::first_solution(g).ok_or_else(|| Error::no_solution(*line).in_case(k + 1))?;
        if k > 0 {
            out.push(b'\n');
        }
        s.write_rows(out, b" ");
    }
    Ok(())
}
