//! Jigsaw puzzles as text. HDU 4069 writes a cell as one number, its digit (0 blank) plus
//! its walls: 16 up, 32 right, 64 down, 128 left; the regions are what the open sides join.
//! The tool also reads a grid followed by its regions as 9 rows of letters `a`-`i`, and
//! writes puzzles that way.
//!
//! Walls: two neighbours must agree on the wall between them (a right wall where the next
//! cell has no left wall is malformed); the grid's edge is a wall whether written or not; a
//! wall between two cells of one region (joined around it) is allowed, as the regions are
//! only what the open sides join.

use super::super::error::{name_byte, Error, Result};
use super::super::grid::Grid;
use super::super::reader::Reader;
use super::{cell_name, flood, sides, Jigsaw, Regions};

/// A cell as read: its value and where it stands (line, column).
#[derive(Clone, Copy, Default)]
struct Cell {
    value: usize,
    line: usize,
    col: usize,
}

/// Reads a cell's value from its text; or the offset in it and what is wrong.
type Value = fn(&[u8]) -> std::result::Result<usize, (usize, String)>;

/// A number (saturating, so a huge one cannot overflow).
fn number(t: &[u8]) -> std::result::Result<usize, (usize, String)> {
    match t.iter().position(|b| !b.is_ascii_digit()) {
        _ if t.is_empty() => Err((0, "expected a number, found end of line".to_string())),
        Some(k) => Err((k, format!("expected a number, found {}", name_byte(t[k])))),
        None => Ok(t.iter().fold(0usize, |v, &b| {
            v.saturating_mul(10).saturating_add((b - b'0') as usize)
        })),
    }
}

/// A grid cell for the tool: a number, or `.` for a blank (0).
fn cell(t: &[u8]) -> std::result::Result<usize, (usize, String)> {
    match t {
        b"." => Ok(0),
        _ => number(t),
    }
}

/// A region letter `a`-`i`, as 0 to 8.
fn letter(t: &[u8]) -> std::result::Result<usize, (usize, String)> {
    let found = t
        .first()
        .map_or("end of line".to_string(), |&b| name_byte(b));
    match t {
        [b @ b'a'..=b'i'] => Ok((b - b'a') as usize),
        _ => Err((0, format!("expected a region letter a-i, found {}", found))),
    }
}

/// Reads a row of 9 cells: 9 pieces separated by spaces or tabs, or (with `compact`) a line
/// of one piece, a cell a byte. `what` names the cells in errors.
fn row(r: &mut Reader, compact: bool, value: Value, what: &str, cells: &mut [Cell]) -> Result<()> {
    r.skip_spaces();
    let (line, n) = (r.line(), cells.len());
    if compact {
        let (col, mut ahead) = (r.col(), r.clone());
        let piece = ahead.token();
        ahead.skip_spaces();
        if ahead.at_eol() && !piece.is_empty() {
            *r = ahead;
            let at = |k: usize, msg: String| Error::malformed(line, col + k, msg);
            if piece.len() != n {
                let msg = match piece.len() < n {
                    true => format!("line ends after {} of {} {}", piece.len(), n, what),
                    false => format!("line has more than {} {}", n, what),
                };
                return Err(at(piece.len().min(n), msg));
            }
            for (k, c) in cells.iter_mut().enumerate() {
                let v = value(&piece[k..k + 1]).map_err(|(_, msg)| at(k, msg))?;
                *c = Cell {
                    value: v,
                    line,
                    col: col + k,
                };
            }
            return r.end_line();
        }
    }
    for (k, c) in cells.iter_mut().enumerate() {
        r.skip_spaces();
        if r.at_eol() {
            return Err(r.error(format!("line ends after {} of {} {}", k, n, what)));
        }
        let col = r.col();
        let v = value(r.token()).map_err(|(at, msg)| Error::malformed(line, col + at, msg))?;
        *c = Cell {
            value: v,
            line,
            col,
        };
    }
    r.skip_spaces();
    if !r.at_eol() {
        return Err(r.error(format!("line has more than {} {}", n, what)));
    }
    r.end_line()
}

/// Reads 9 rows (see [`row`]).
fn rows(r: &mut Reader, compact: bool, value: Value, what: &str) -> Result<[Cell; 81]> {
    let mut cells = [Cell::default(); 81];
    for (k, row_cells) in cells.chunks_mut(9).enumerate() {
        if r.at_end() {
            return Err(r.error(format!("input ends after {} of 9 rows", k)));
        }
        row(r, compact, value, what, row_cells)?;
    }
    Ok(cells)
}

/// One case of HDU 4069: 9 lines of 9 numbers separated by spaces or tabs.
pub fn walled(r: &mut Reader) -> Result<Jigsaw> {
    let cells = rows(r, false, number, "numbers")?;
    from_walls(&cells)
}

/// The puzzle of HDU 4069's numbers: each 0 to 255, a digit 0-9 plus wall bits.
fn from_walls(cells: &[Cell; 81]) -> Result<Jigsaw> {
    let at = |i: usize, msg: String| Error::malformed(cells[i].line, cells[i].col, msg);
    let mut grid = Grid::EMPTY;
    for (i, c) in cells.iter().enumerate() {
        if c.value > 255 || c.value % 16 > 9 {
            let msg = format!(
                "{} is not a digit 0-9 plus walls (16 up, 32 right, 64 down, 128 left)",
                c.value
            );
            return Err(at(i, msg));
        }
        grid.0[i] = (c.value % 16) as u8;
    }
    // The wall between cell `a` and the cell `b` after it: `a`'s side, then `b`'s.
    let wall = |a: usize, b: usize| match b - a {
        1 => (cells[a].value & 32 != 0, cells[b].value & 128 != 0),
        _ => (cells[a].value & 64 != 0, cells[b].value & 16 != 0),
    };
    for b in 0..81 {
        let left = (b % 9 > 0).then(|| (b - 1, "right", "left"));
        let up = (b >= 9).then(|| (b - 9, "down", "up"));
        for (a, a_side, b_side) in [left, up].into_iter().flatten() {
            let (from_a, from_b) = wall(a, b);
            if from_a != from_b {
                let has = |w: bool| if w { "has a" } else { "has no" };
                let msg = format!(
                    "{} {} {} wall, but {} {} {} wall",
                    cell_name(b),
                    has(from_b),
                    b_side,
                    cell_name(a),
                    has(from_a),
                    a_side
                );
                return Err(at(b, msg));
            }
        }
    }
    let mut labels = [u8::MAX; 81];
    for i in 0..81 {
        if labels[i] == u8::MAX {
            let region = flood(i, |a, b| !wall(a.min(b), a.max(b)).0);
            for (j, l) in labels.iter_mut().enumerate() {
                if region >> j & 1 == 1 {
                    *l = i as u8;
                }
            }
        }
    }
    let name = |i: usize| format!("the region of {}", cell_name(i));
    let regions = Regions::new(&labels, name).map_err(|f| at(f.cell, f.msg))?;
    Ok(Jigsaw { grid, regions })
}

/// A puzzle for the tool: the 9 rows of HDU 4069's numbers, or 9 rows of the grid (digits,
/// `0` or `.` blank) and, after them, 9 rows of region letters `a`-`i`; blank lines may come
/// between the two. Rows with or without spaces between their cells.
pub fn any(r: &mut Reader) -> Result<Jigsaw> {
    let cells = rows(r, true, cell, "cells")?;
    if cells.iter().any(|c| c.value > 9) {
        return from_walls(&cells);
    }
    let mut grid = Grid::EMPTY;
    for (g, c) in grid.0.iter_mut().zip(cells.iter()) {
        *g = c.value as u8;
    }
    r.skip_blank_lines();
    if r.at_end() {
        let msg = "expected the regions, 9 rows of letters a-i, after the grid".to_string();
        return Err(r.error(msg));
    }
    let letters = rows(r, true, letter, "letters")?;
    let mut labels = [0; 81];
    for (l, c) in labels.iter_mut().zip(letters.iter()) {
        *l = c.value as u8;
    }
    let name = |i: usize| format!("region '{}'", (b'a' + labels[i]) as char);
    let at = |i: usize, msg: String| Error::malformed(letters[i].line, letters[i].col, msg);
    let regions = Regions::new(&labels, name).map_err(|f| at(f.cell, f.msg))?;
    Ok(Jigsaw { grid, regions })
}

/// Every puzzle of `input` as [`any`] reads them, blank lines before each, and a first line
/// holding only the number of puzzles skipped (so HDU 4069's input reads as it is); calls
/// `each` on each in turn, stopping at the first error.
pub fn puzzles<E: From<Error>>(
    input: &[u8],
    mut each: impl FnMut(Jigsaw) -> std::result::Result<(), E>,
) -> std::result::Result<(), E> {
    let mut r = Reader::new(input);
    r.skip_blank_lines();
    let mut ahead = r.clone();
    ahead.skip_spaces();
    let count = ahead.token();
    ahead.skip_spaces();
    let digits = !count.is_empty() && count.iter().all(u8::is_ascii_digit);
    if digits && count.len() < 9 && ahead.at_eol() {
        r = ahead;
        r.end_line()?;
    }
    loop {
        r.skip_blank_lines();
        if r.at_end() {
            return Ok(());
        }
        each(any(&mut r)?)?;
    }
}

/// Appends the puzzle as the tool writes it: 9 rows of digits (`.` blank), then 9 rows of
/// region letters.
pub fn write_lettered(g: &Jigsaw, out: &mut Vec<u8>) {
    for k in 0..162 {
        let i = k % 81;
        out.push(match (k < 81, g.grid.0[i]) {
            (true, 0) => b'.',
            (true, d) => b'0' + d,
            (false, _) => g.regions.letter(i),
        });
        if i % 9 == 8 {
            out.push(b'\n');
        }
    }
}

/// Appends the puzzle in HDU 4069's encoding: 9 rows of 9 numbers, each the cell's digit plus
/// its walls, the grid's edge written too.
pub fn write_walled(g: &Jigsaw, out: &mut Vec<u8>) {
    for i in 0..81 {
        let apart = |j: &Option<usize>| j.map_or(true, |j| g.regions.of(j) != g.regions.of(i));
        let walls = sides(i).into_iter().enumerate().filter(|(_, j)| apart(j));
        let v = walls.fold(g.grid.0[i] as usize, |v, (k, _)| v + (16 << k));
        out.extend_from_slice(v.to_string().as_bytes());
        out.push(if i % 9 == 8 { b'\n' } else { b' ' });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The first error `any` gives on `text`, as the tool prints it.
    fn any_error(text: &str) -> String {
        any(&mut Reader::new(text.as_bytes()))
            .unwrap_err()
            .to_string()
    }

    /// The boxes in HDU 4069's numbers, edge walls written, empty grid.
    fn boxes_walled() -> String {
        let g = Jigsaw {
            grid: Grid::EMPTY,
            regions: Regions::boxes(),
        };
        let mut out = Vec::new();
        write_walled(&g, &mut out);
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn walls_and_letters_read_back_what_was_written() {
        let text = boxes_walled();
        // Row 1 column 1: up and left walls; column 3: up and right.
        assert!(text.starts_with("144 16 48 144 "), "{}", text);
        let g = walled(&mut Reader::new(text.as_bytes())).unwrap();
        assert_eq!(g.regions, Regions::boxes());
        let mut lettered = Vec::new();
        write_lettered(&g, &mut lettered);
        let lettered = String::from_utf8(lettered).unwrap();
        assert!(lettered.ends_with("ggghhhiii\n"), "{}", lettered);
        assert_eq!(any(&mut Reader::new(lettered.as_bytes())).unwrap(), g);
    }

    #[test]
    fn errors_name_the_place() {
        // Row 4 column 1 (144: up and left walls) loses its up wall, which row 3 column 1's
        // down wall (192: down and left) still shows.
        let mut lines: Vec<String> = boxes_walled().lines().map(String::from).collect();
        lines[3] = lines[3].replacen("144", "128", 1);
        let text = lines.join("\n");
        assert_eq!(
            walled(&mut Reader::new(text.as_bytes()))
                .unwrap_err()
                .to_string(),
            "line 4, column 1: row 4 column 1 has no up wall, but row 3 column 1 has a down wall"
        );
        let grid = ".........\n".repeat(9);
        assert_eq!(
            any_error(&grid),
            "line 10, column 1: expected the regions, 9 rows of letters a-i, after the grid"
        );
        assert_eq!(
            any_error(&format!("{}abc\n", grid)),
            "line 10, column 4: line ends after 3 of 9 letters"
        );
        assert_eq!(
            any_error(&format!("{}a b c d e f g h j\n", grid)),
            "line 10, column 17: expected a region letter a-i, found 'j'"
        );
        assert_eq!(
            any_error("1 2 3\r4 5 6 7 8 9\n"),
            "line 1, column 6: expected a number, found end of line"
        );
    }
}
