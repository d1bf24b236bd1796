//! The text forms of n^2 x n^2 grids in judge inputs and outputs: rows of numbers separated
//! by spaces (UVa 989), and the 16x16 rows of letters `A`..`P` with `-` blank (SPOJ SUDOKU,
//! POJ 3076), read with [`Reader`] and written back in the same form.

use super::super::error::{Error, Result};
use super::super::reader::{Reader, Row};
use super::solver;
use super::Square;

/// Reads the n^2 rows of a grid with boxes of `n` x `n`, each with `row`.
pub fn read<'a>(r: &mut Reader<'a>, n: usize, row: Row<'a>) -> Result<Square> {
    let side = n * n;
    let mut cells = vec![0; side * side];
    r.rows(&mut cells, side, row)?;
    Ok(Square::from_cells(n, cells))
}

/// Reads a UVa 989 case: a line holding the box size n (1 to 3), then the n^2 rows of n^2
/// numbers of the grid.
pub fn sized_grid(r: &mut Reader) -> Result<Square> {
    r.skip_spaces();
    let (line, col) = (r.line(), r.col());
    let n = r.number()?;
    if !(1..=3).contains(&n) {
        let msg = format!("{} is not a box size 1-3", n);
        return Err(Error::malformed(line, col, msg));
    }
    r.end_line()?;
    read(r, n, Reader::square_row)
}

/// Reads a 16x16 grid of letter rows; returns it with the line it starts on.
pub fn letter_grid(r: &mut Reader) -> Result<(usize, Square)> {
    let line = r.line();
    Ok((line, read(r, 4, Reader::letter_row)?))
}

/// Appends `s` as rows of numbers separated by single spaces, `0` for a blank.
pub fn write_numbers(s: &Square, out: &mut Vec<u8>) {
    for row in s.cells().chunks(s.side()) {
        for (j, &v) in row.iter().enumerate() {
            if j > 0 {
                out.push(b' ');
            }
            if v >= 10 {
                out.push(b'0' + v / 10);
            }
            out.push(b'0' + v % 10);
        }
        out.push(b'\n');
    }
}

/// Appends `s` as rows of letters, `A` for 1, `-` for a blank.
pub fn write_letters(s: &Square, out: &mut Vec<u8>) {
    for row in s.cells().chunks(s.side()) {
        out.extend(row.iter().map(|&v| if v == 0 { b'-' } else { b'@' + v }));
        out.push(b'\n');
    }
}

/// Writes the smallest solution of each letter grid (each with the line it starts on) as
/// letters, an empty line between; an unsolvable grid is an error naming its line and case
/// (the judge's `main` then prints nothing).
pub fn answer_letter_grids(grids: &[(usize, Square)], out: &mut Vec<u8>) -> Result<()> {
    for (k, (line, g)) in grids.iter().enumerate() {
        let s = solver::first_solution_large(g);
        let s = s.ok_or_else(|| Error::no_solution(*line).in_case(k + 1))?;
        if k > 0 {
            out.push(b'\n');
        }
        write_letters(&s, out);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_read_and_written_back() {
        let text = "1 0 3 4\n3 4 1 2\n0 1 4 3\n4 3 2 1\n";
        let g = read(&mut Reader::new(text.as_bytes()), 2, Reader::square_row).unwrap();
        assert_eq!(g.cells()[..4], [1, 0, 3, 4]);
        let mut out = Vec::new();
        write_numbers(&g, &mut out);
        assert_eq!(out, text.as_bytes());

        let mut cells = vec![0; 256];
        cells[0] = 1;
        cells[15] = 16;
        cells[16] = 10;
        let g = Square::from_cells(4, cells);
        let (mut numbers, mut letters) = (Vec::new(), Vec::new());
        write_numbers(&g, &mut numbers);
        write_letters(&g, &mut letters);
        let numbers = String::from_utf8(numbers).unwrap();
        let letters = String::from_utf8(letters).unwrap();
        assert_eq!(
            numbers.lines().take(2).collect::<Vec<_>>(),
            [
                "1 0 0 0 0 0 0 0 0 0 0 0 0 0 0 16",
                "10 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0"
            ]
        );
        assert_eq!(letters.lines().next(), Some("A--------------P"));
        let (line, back) = letter_grid(&mut Reader::new(letters.as_bytes())).unwrap();
        assert_eq!((line, back), (1, g));
    }

    #[test]
    fn a_short_grid_names_its_row_count() {
        let e = read(&mut Reader::new(b"1 0\n0 1\n"), 2, Reader::square_row).unwrap_err();
        assert_eq!(
            e.to_string(),
            "line 1, column 4: line ends after 2 of 4 numbers"
        );
        let e = read(&mut Reader::new(b"1 0 0 0\n"), 2, Reader::square_row).unwrap_err();
        assert_eq!(
            e.to_string(),
            "line 2, column 1: input ends after 1 of 4 rows"
        );
    }
}
