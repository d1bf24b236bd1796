//! UVa 10957 "So Doku Checker" (= ZeroJudge d352): grids of 9 lines of 9 digits separated by
//! spaces, `0` blank, an empty line between grids, to the end of input. Out, a line per grid:
//! `Case N: Illegal.` if two givens share a unit, else `Unique.`, `Ambiguous.` (several
//! solutions) or `Impossible.` (none). Readings: any run of spaces or tabs separates digits;
//! any number of blank lines between grids, or none. The judge's boards make a plain
//! backtracker wander, so the count to 2 is the counting search's.

use sudoku_kit::error::Error;
use sudoku_kit::reader::Reader;
use sudoku_kit::solver;

fn main() {
    sudoku_kit::judge::main(run);
}

pub fn run(input: &[u8], out: &mut Vec<u8>) -> Result<(), Error> {
    let grids = Reader::new(input).cases_to_end(|r| r.grid(Reader::spaced_row))?;
    for (k, g) in grids.iter().enumerate() {
        let verdict = match g.first_clash() {
            Some(_) => "Illegal",
            None => match solver::count_solutions(g, 2) {
                0 => "Impossible",
                1 => "Unique",
                _ => "Ambiguous",
            },
        };
        out.extend_from_slice(format!("Case {}: {}.\n", k + 1, verdict).as_bytes());
    }
    Ok(())
}
