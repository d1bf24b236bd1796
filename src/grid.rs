//! The 9x9 grid: 81 cells in row-major order, `0` for a blank, and its text forms.

/// A Sudoku grid, row-major.
///
/// # Invariant
/// Every cell holds 0 (blank) or a digit 1 to 9. The cells are public, so whoever writes
/// them keeps this; the library's readers and generators only make such grids, and every
/// public function that takes a `Grid` assumes it and checks it with `debug_assert!`
/// ([`Grid::cells_in_range`]): a cell above 9 panics in debug builds, whatever the search.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Grid(pub [u8; 81]);

/// The three units cell `i` belongs to, each numbered 0 to 8: its row, column and box.
pub fn units_of(i: usize) -> (usize, usize, usize) {
    (i / 9, i % 9, i / 27 * 3 + i % 9 / 3)
}

impl Grid {
    /// The empty grid.
    pub const EMPTY: Grid = Grid([0; 81]);

    /// Reads one 81-character line: digits, with `0` or `.` for a blank. `None` otherwise.
    pub fn from_line(line: &str) -> Option<Grid> {
        let bytes = line.as_bytes();
        if bytes.len() != 81 {
            return None;
        }
        let mut g = Grid::EMPTY;
        for (cell, &b) in g.0.iter_mut().zip(bytes) {
            *cell = match b {
                b'0'..=b'9' => b - b'0',
                b'.' => 0,
                _ => return None,
            };
        }
        Some(g)
    }

    /// LeetCode's board (`'1'`-`'9'`, `'.'` blank), the form its Sudoku problems pass to a
    /// submission. `None` for any other shape or char.
    pub fn from_chars(board: &[Vec<char>]) -> Option<Grid> {
        let mut g = Grid::EMPTY;
        if board.len() != 9 || board.iter().any(|row| row.len() != 9) {
            return None;
        }
        for (cell, &c) in g.0.iter_mut().zip(board.iter().flatten()) {
            *cell = match c {
                '1'..='9' => c as u8 - b'0',
                '.' => 0,
                _ => return None,
            };
        }
        Some(g)
    }

    /// The grid as LeetCode's board, the inverse of [`Grid::from_chars`].
    pub fn to_chars(&self) -> Vec<Vec<char>> {
        debug_assert!(self.cells_in_range());
        let char_of = |&d: &u8| if d == 0 { '.' } else { (b'0' + d) as char };
        self.0
            .chunks(9)
            .map(|row| row.iter().map(char_of).collect())
            .collect()
    }

    /// True when every cell holds 0 to 9, as the invariant demands.
    pub fn cells_in_range(&self) -> bool {
        self.0.iter().all(|&d| d <= 9)
    }

    /// Appends the grid as one line of 81 cells, `blank` (`b'0'` or `b'.'`) for a blank,
    /// and a newline.
    pub fn write_line(&self, out: &mut Vec<u8>, blank: u8) {
        debug_assert!(self.cells_in_range());
        out.extend(
            self.0
                .iter()
                .map(|&d| if d == 0 { blank } else { b'0' + d }),
        );
        out.push(b'\n');
    }

    /// Appends the grid as 9 lines of 9 digits, with `sep` between the digits of a row.
    pub fn write_rows(&self, out: &mut Vec<u8>, sep: &[u8]) {
        for row in self.0.chunks(9) {
            for (j, &d) in row.iter().enumerate() {
                if j > 0 {
                    out.extend_from_slice(sep);
                }
                out.push(b'0' + d);
            }
            out.push(b'\n');
        }
    }

    /// Appends the grid as LeetCode prints a board: JSON rows of one-character strings, `"."`
    /// blank, on one line, and a newline.
    pub fn write_json(&self, out: &mut Vec<u8>) {
        for (i, &d) in self.0.iter().enumerate() {
            out.extend_from_slice(match (i % 9, i) {
                (0, 0) => b"[[\"",
                (0, _) => b"],[\"",
                _ => b",\"",
            });
            out.push(if d == 0 { b'.' } else { b'0' + d });
            out.push(b'"');
        }
        out.extend_from_slice(b"]]\n");
    }

    /// The first pair of cells (`a < b`, row-major) that hold the same digit in one unit.
    /// Givens that clash make a grid unsolvable, whatever a search would fill in around them.
    pub fn first_clash(&self) -> Option<(usize, usize)> {
        self.first_clash_in(units_of)
    }

    /// [`Grid::first_clash`] where `units(i)` gives cell `i`'s row, column and third unit
    /// (its box, or a jigsaw region), each numbered 0 to 8.
    pub fn first_clash_in(
        &self,
        units: impl Fn(usize) -> (usize, usize, usize),
    ) -> Option<(usize, usize)> {
        debug_assert!(self.cells_in_range());
        let mut seen = [[None::<usize>; 10]; 27];
        for (i, &d) in self.0.iter().enumerate() {
            if d == 0 {
                continue;
            }
            let (r, c, b) = units(i);
            let mut clash = None;
            for unit in [r, 9 + c, 18 + b] {
                match seen[unit][d as usize] {
                    Some(j) => clash = clash.or(Some(j)),
                    None => seen[unit][d as usize] = Some(i),
                }
            }
            if let Some(j) = clash {
                return Some((j, i));
            }
        }
        None
    }

    /// Which cells hold a digit that appears again in their row, column or box: AOJ 0126
    /// marks each of them, not only the second of a pair as [`Grid::first_clash`] finds.
    pub fn repeats(&self) -> [bool; 81] {
        debug_assert!(self.cells_in_range());
        let mut count = [[0u8; 10]; 27];
        for (i, &d) in self.0.iter().enumerate() {
            let (r, c, b) = units_of(i);
            for unit in [r, 9 + c, 18 + b] {
                count[unit][d as usize] += 1;
            }
        }
        let mut marks = [false; 81];
        for (i, mark) in marks.iter_mut().enumerate() {
            let (d, (r, c, b)) = (self.0[i] as usize, units_of(i));
            *mark = d != 0 && [r, 9 + c, 18 + b].iter().any(|&u| count[u][d] > 1);
        }
        marks
    }

    /// True when every cell is filled and no unit repeats a digit: a valid solution.
    pub fn is_solved(&self) -> bool {
        self.0.iter().all(|&d| d != 0) && self.first_clash().is_none()
    }

    /// True when `solution` keeps every given of `self`.
    pub fn agrees_with(&self, solution: &Grid) -> bool {
        self.0
            .iter()
            .zip(&solution.0)
            .all(|(&g, &s)| g == 0 || g == s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn repeats_marks_every_cell_of_a_repeat_and_no_blank() {
        let mut g = Grid::EMPTY;
        g.0[0] = 5;
        g.0[10] = 5; // same box as cell 0
        g.0[80] = 5; // shares no unit with either
        let marks = g.repeats();
        let marked: Vec<usize> = (0..81).filter(|&i| marks[i]).collect();
        assert_eq!(marked, vec![0, 10]);
    }

    #[test]
    fn clash_found_in_each_kind_of_unit() {
        let mut g = Grid::EMPTY;
        g.0[0] = 5;
        assert_eq!(g.first_clash(), None);
        g.0[8] = 5; // same row
        assert_eq!(g.first_clash(), Some((0, 8)));
        g.0[8] = 0;
        g.0[72] = 5; // same column
        assert_eq!(g.first_clash(), Some((0, 72)));
        g.0[72] = 0;
        g.0[20] = 5; // same box (row 2, column 2)
        assert_eq!(g.first_clash(), Some((0, 20)));
    }

    #[test]
    fn line_round_trip() {
        let line = "1.3".to_string() + &"0".repeat(78);
        let g = Grid::from_line(&line).unwrap();
        assert_eq!(&g.0[..3], &[1, 0, 3]);
        let mut out = Vec::new();
        g.write_line(&mut out, b'0');
        g.write_line(&mut out, b'.');
        let want = format!("103{}\n1.3{}\n", "0".repeat(78), ".".repeat(78));
        assert_eq!(String::from_utf8(out).unwrap(), want);
        assert!(Grid::from_line("12").is_none());
    }

    #[test]
    #[cfg(debug_assertions)]
    #[should_panic]
    fn a_cell_above_9_panics_in_debug_builds() {
        let mut g = Grid::EMPTY;
        g.0[5] = 10;
        g.first_clash();
    }

    #[test]
    fn leetcode_boards_convert_both_ways() {
        let g = Grid::from_line(&"5.3".repeat(27)).unwrap();
        let board = g.to_chars();
        assert_eq!(board[8], ['5', '.', '3', '5', '.', '3', '5', '.', '3']);
        assert_eq!(Grid::from_chars(&board), Some(g));
        let mut bad = board.clone();
        bad[4][4] = '0';
        assert_eq!(Grid::from_chars(&bad), None);
        assert_eq!(Grid::from_chars(&board[..8]), None);
        let mut json = Vec::new();
        g.write_json(&mut json);
        let row = r#"["5",".","3","5",".","3","5",".","3"]"#;
        assert_eq!(json, format!("[{}]\n", [row; 9].join(",")).into_bytes());
    }
}
