//! POJ 2676 "Sudoku" (= OpenJudge 2982 = Luogu P10481): a count line T, then T grids of 9
//! lines of 9 digits (`0` = blank). Out: a solution of each, 9 lines of 9 digits, no line
//! between grids (as the sample). Any solution is accepted (special judge); this prints the
//! smallest. Readings: blank lines may come before each grid; an unsolvable grid (no wording
//! in the statement) goes to stderr with exit status 1.

use sudoku_kit::error::Error;
use sudoku_kit::reader::Reader;
use sudoku_kit::solver;

fn main() {
    sudoku_kit::judge::main(run);
}

pub fn run(input: &[u8], out: &mut Vec<u8>) -> Result<(), Error> {
    let mut r = Reader::new(input);
    let grids = r.counted_cases(|r| Ok((r.line(), r.grid(Reader::compact_row)?)))?;
    for (k, (line, g)) in grids.iter().enumerate() {
        let s =
            solver::first_solution(g).ok_or_else(|| Error::no_solution(*line).in_case(k + 1))?;
        s.write_rows(out, b"");
    }
    Ok(())
}
