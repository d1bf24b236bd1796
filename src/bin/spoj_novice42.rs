//! SPOJ NOVICE42: a count line T, then T grids, each a `Grid NN` header and 9 lines of 9
//! digits (`0` = blank). Out: each header as written, then the lexicographically smallest
//! solution as 9 lines of 9 digits, a blank line between grids (the statement's "line 11").
//! Readings: blank lines may come before each grid; a header is `Grid`, optional spaces, a
//! number; an unsolvable grid (no wording in the statement) goes to stderr with exit status 1.
//! The judge caps the source at 50,000 bytes, under the fast solver's bundle (52.6 KB): this
//! uses the small search (`basic`), a few milliseconds at worst a grid.

use sudoku_kit::basic;
use sudoku_kit::error::Error;
use sudoku_kit::reader::Reader;

fn main() {
    sudoku_kit::judge::main(run);
}

pub fn run(input: &[u8], out: &mut Vec<u8>) -> Result<(), Error> {
    let grids = Reader::new(input).counted_cases(|r| r.headed_grid("Grid", Reader::compact_row))?;
    for (k, (line, header, g)) in grids.iter().enumerate() {
        let s = basic::first_solution(g).ok_or_else(|| Error::no_solution(*line).in_case(k + 1))?;
        if k > 0 {
            out.push(b'\n');
        }
        out.extend_from_slice(header);
        out.push(b'\n');
        s.write_rows(out, b"");
    }
    Ok(())
}
