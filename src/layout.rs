//! Puzzles in any common layout, read as a stream one line at a time so that a tool can
//! answer each puzzle before the next is read, in bounded memory. A puzzle is either
//! - one line of 81 cells, or
//! - 9 lines of 9 cells (a grid), where lines of only `-`, `+`, `=`, `|` and spaces
//!   (box separators) may sit between the rows, or
//! - an n^2 x n^2 grid of another size: 4, 16, 25 or 36 rows of as many numbers separated
//!   by spaces (`0` blank), the size following from the first row; or 16 rows of 16 letters
//!   `A` to `P` (`-` or `.` blank), as SPOJ SUDOKU and POJ 3076 write them.
//!
//! A cell is a digit, with `0`, `.`, `_`, `*` or `?` for a blank; spaces, tabs and `|`
//! between cells are ignored, so `53..7....`, `5 3 0 0 7 0 0 0 0` and
//! `5 3 . | . 7 . | . . .` all read as the same row. A row holding a number of two digits
//! or more (`10 0 3 16 ...`) is read number by number. Blank lines may separate puzzles but
//! not split a grid. Between puzzles, `Grid NN` header lines (Project Euler 96, SPOJ
//! NOVICE42) are skipped, and so is a first line holding only a number of puzzles (SPOJ),
//! and a line `end` (POJ 3074) ends the input: files in those layouts are read as they come. Errors name the line and column through
//! [`super::error`].
//!
//! It also writes the pretty grid people read (the dotted line is [`Grid::write_line`]).

use super::error::{name_byte, Error, Result};
use super::grid::Grid;
use super::reader::trim;
use super::square::{Square, MAX_BOX};
use std::io::{BufRead, Read};

/// No layout needs longer lines; a longer one is refused rather than buffered.
const MAX_LINE: usize = 4096;

/// A puzzle as read: its grid (9x9 ones too, with box size 3), and whether it came as
/// letter rows, which is how its answers are written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    /// The puzzle's cells.
    pub grid: Square,
    /// True for the 16x16 letter layout.
    pub letters: bool,
}

/// The puzzles of `input`, in order. After the first error, or a line `end` between
/// puzzles (POJ 3074's last line), it yields nothing more.
pub struct Puzzles<R> {
    input: R,
    line: usize,
    /// The length of the last line when it has no line end (the input stops inside it).
    tail: usize,
    buf: Vec<u8>,
    /// The current line's cells, and the column each starts at.
    cells: Vec<(u8, usize)>,
    done: bool,
    /// True until the first line that is not blank: the only place for a count line.
    first: bool,
}

/// What one line holds.
enum Line {
    /// Nothing but spaces.
    Blank,
    /// A box separator line.
    Separator,
    /// A `Grid NN` header, or a count line at the start.
    Header,
    /// `end`: no more puzzles.
    End,
    /// Cells (in `Puzzles::cells`), as letters or not; `end` is one past the last non-space.
    Cells { letters: bool, end: usize },
}

/// The symbol of `A`..`P` letter rows, for a byte: `Some(0)` for a blank.
fn letter(b: u8) -> Option<u8> {
    match b {
        b'A'..=b'P' => Some(b - b'A' + 1),
        b'-' | b'.' => Some(0),
        _ => None,
    }
}

impl<R: BufRead> Puzzles<R> {
    /// A stream of the puzzles in `input`.
    pub fn new(input: R) -> Puzzles<R> {
        Puzzles {
            input,
            line: 0,
            tail: 0,
            buf: Vec::new(),
            cells: Vec::new(),
            done: false,
            first: true,
        }
    }

    /// Reads the next line into `buf`, without its line end; false at the end of input.
    fn next_line(&mut self) -> Result<bool> {
        self.buf.clear();
        let limit = MAX_LINE as u64 + 1;
        let n = Read::take(&mut self.input, limit)
            .read_until(b'\n', &mut self.buf)
            .map_err(|e| Error::malformed(self.line + 1, 1, format!("cannot read: {}", e)))?;
        if n == 0 {
            return Ok(false);
        }
        self.line += 1;
        if self.buf.last() == Some(&b'\n') {
            self.buf.pop();
        } else if n > MAX_LINE {
            let msg = format!("line longer than {} bytes", MAX_LINE);
            return Err(Error::malformed(self.line, MAX_LINE + 1, msg));
        } else {
            self.tail = n;
        }
        if self.buf.last() == Some(&b'\r') {
            self.buf.pop();
        }
        Ok(true)
    }

    /// Sorts the current line into blank, separator or cells; `letters` asks whether it is a
    /// letter row (16 of `A`-`P`, `-`, `.`), when a letter grid is open or none is.
    fn classify(&mut self, letters: bool) -> Result<Line> {
        let first = std::mem::replace(&mut self.first, false);
        if self.skipped(first) {
            return Ok(Line::Header);
        }
        if trim(&self.buf) == b"end" {
            return Ok(Line::End);
        }
        let end = self.buf.iter().rposition(|&b| b != b' ' && b != b'\t');
        let end = end.map_or(0, |k| k + 1);
        self.cells.clear();
        let row = &self.buf[..end];
        if letters && row.len() == 16 && row.iter().all(|&b| letter(b).is_some()) {
            self.cells.extend(
                row.iter()
                    .enumerate()
                    .map(|(k, &b)| (letter(b).unwrap_or(0), k + 1)),
            );
            return Ok(Line::Cells { letters: true, end });
        }
        let tokens = row
            .split(|&b| b" \t|".contains(&b))
            .filter(|t| !t.is_empty());
        let numbers = tokens.clone().count() > 1
            && tokens.clone().any(|t| t.len() > 1)
            && tokens
                .clone()
                .all(|t| t.iter().all(u8::is_ascii_digit) || t.len() == 1);
        let mut separator = None;
        let mut k = 0;
        while k < row.len() {
            let b = row[k];
            let cell = match b {
                b' ' | b'\t' | b'|' => None,
                b'0'..=b'9' if numbers => {
                    let digits = row[k..].iter().take_while(|b| b.is_ascii_digit()).count();
                    let v = row[k..k + digits]
                        .iter()
                        .fold(0usize, |v, &d| (v * 10 + (d - b'0') as usize).min(255));
                    self.cells.push((v as u8, k + 1));
                    k += digits;
                    continue;
                }
                b'0'..=b'9' => Some(b - b'0'),
                b'.' | b'_' | b'*' | b'?' => Some(0),
                b'-' | b'+' | b'=' => {
                    separator = separator.or(Some(k));
                    None
                }
                _ => return Err(self.stray(k)),
            };
            if let Some(d) = cell {
                self.cells.push((d, k + 1));
            }
            k += 1;
        }
        Ok(match (self.cells.len(), separator) {
            (0, None) => {
                self.first = first;
                Line::Blank
            }
            (0, Some(_)) => Line::Separator,
            (_, Some(k)) => return Err(self.stray(k)),
            _ => Line::Cells {
                letters: false,
                end,
            },
        })
    }

    /// True for a `Grid NN` header line and, on the first line that is not blank (`first`),
    /// for a count of puzzles: a number with fewer digits than a row has cells.
    fn skipped(&self, first: bool) -> bool {
        let line = trim(&self.buf);
        let number = |w: &[u8]| !w.is_empty() && w.iter().all(u8::is_ascii_digit);
        match line.strip_prefix(b"Grid") {
            Some(rest) => number(trim(rest)),
            None => first && number(line) && line.len() < 9,
        }
    }

    fn stray(&self, k: usize) -> Error {
        let msg = format!(
            "expected a digit or a blank (0 . _ * ?), found {}",
            name_byte(self.buf[k])
        );
        Error::malformed(self.line, k + 1, msg)
    }

    /// The next puzzle, `None` at the end of input.
    fn puzzle(&mut self) -> Result<Option<Puzzle>> {
        // The grid being read: its side, whether in letters, and its cells so far.
        let mut open: Option<(usize, bool)> = None;
        let mut cells = Vec::new();
        let mut rows = 0;
        while self.next_line()? {
            let letter_row = open.map_or(true, |(_, letters)| letters);
            match self.classify(letter_row)? {
                Line::Blank if rows > 0 => {
                    let side = open.map_or(9, |(side, _)| side);
                    let msg = format!("blank line inside a grid, after {} of {} rows", rows, side);
                    return Err(Error::malformed(self.line, 1, msg));
                }
                line @ (Line::Header | Line::End) if rows > 0 => {
                    let side = open.map_or(9, |(side, _)| side);
                    let what = if matches!(line, Line::End) {
                        "`end`"
                    } else {
                        "header line"
                    };
                    let msg = format!("{} inside a grid, after {} of {} rows", what, rows, side);
                    return Err(Error::malformed(self.line, 1, msg));
                }
                Line::End => {
                    self.done = true;
                    return Ok(None);
                }
                Line::Blank | Line::Separator | Line::Header => {}
                Line::Cells { letters, end } => {
                    let n = self.cells.len();
                    let (side, _) = *open.get_or_insert((n, letters));
                    let sizes = (1..=MAX_BOX).map(|b| b * b);
                    let fits = if rows == 0 {
                        n == 81 && !letters || n > 1 && sizes.clone().any(|s| s == n)
                    } else {
                        n == side
                    };
                    if !fits {
                        let want = if rows > 0 {
                            side.to_string()
                        } else {
                            "4, 9, 16, 25, 36 or 81".to_string()
                        };
                        let msg = format!("expected {} cells on the line, found {}", want, n);
                        return Err(Error::malformed(self.line, end + 1, msg));
                    }
                    let highest = if n == 81 { 9 } else { side };
                    if let Some(&(v, col)) = self.cells.iter().find(|&&(v, _)| v as usize > highest)
                    {
                        let msg = format!("{} is not a number 0-{}", v, highest);
                        return Err(Error::malformed(self.line, col, msg));
                    }
                    cells.extend(self.cells.iter().map(|&(v, _)| v));
                    rows += 1;
                    if n == 81 || rows == side {
                        let n = if n == 81 {
                            3
                        } else {
                            sizes.clone().position(|s| s == side).unwrap_or(0) + 1
                        };
                        let grid = Square::from_cells(n, cells);
                        return Ok(Some(Puzzle { grid, letters }));
                    }
                }
            }
        }
        if rows == 0 {
            return Ok(None);
        }
        let side = open.map_or(9, |(side, _)| side);
        let msg = format!("input ends after {} of {} rows", rows, side);
        // Where the input stops: after the last line's end, or inside an unfinished line.
        match self.tail {
            0 => Err(Error::malformed(self.line + 1, 1, msg)),
            n => Err(Error::malformed(self.line, n + 1, msg)),
        }
    }
}

impl<R: BufRead> Iterator for Puzzles<R> {
    type Item = Result<Puzzle>;

    fn next(&mut self) -> Option<Result<Puzzle>> {
        if self.done {
            return None;
        }
        let next = self.puzzle().transpose();
        self.done |= matches!(next, Some(Err(_)));
        next
    }
}

/// The 9x9 grid with `|` between stacks and `------+-------+------` between bands, one
/// line per row; `cell(i)` gives the text of cell `i` (so a caller can colour it).
pub fn pretty(cell: impl Fn(usize) -> String) -> String {
    let mut s = String::new();
    for r in 0..9 {
        if r == 3 || r == 6 {
            s += "------+-------+------\n";
        }
        for c in 0..9 {
            s += match c {
                0 => "",
                3 | 6 => " | ",
                _ => " ",
            };
            s += &cell(r * 9 + c);
        }
        s += "\n";
    }
    s
}

/// A cell's digit, or `.` for a blank.
pub fn cell_text(g: &Grid, i: usize) -> String {
    debug_assert!(g.0[i] <= 9);
    match g.0[i] {
        0 => ".".to_string(),
        d => d.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The 9x9 puzzles of `text` (a puzzle of another size fails the test).
    fn read(text: &str) -> Vec<Result<Grid>> {
        Puzzles::new(text.as_bytes())
            .map(|p| p.map(|p| p.grid.to_grid().unwrap()))
            .collect()
    }

    fn line(s: &str) -> Grid {
        Grid::from_line(s).unwrap()
    }

    const ROWS: [&str; 9] = [
        "530070000",
        "600195000",
        "098000060",
        "800060003",
        "400803001",
        "700020006",
        "060000280",
        "000419005",
        "000080079",
    ];

    #[test]
    fn every_layout_reads_as_the_same_puzzle() {
        let want = line(&ROWS.concat());
        let blanks_as = |c: &str| ROWS.concat().replace('0', c);
        let spaced: Vec<String> = ROWS
            .iter()
            .map(|r| {
                r.chars()
                    .map(|c| c.to_string())
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect();
        let mut pretty = String::new();
        for (k, r) in ROWS.iter().enumerate() {
            if k == 3 || k == 6 {
                pretty += "------+-------+------\r\n";
            }
            let c: Vec<char> = r.replace('0', ".").chars().collect();
            pretty += &format!(
                "{} {} {} | {} {} {} | {} {} {}  \r\n",
                c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7], c[8]
            );
        }
        for text in [
            blanks_as("."),
            blanks_as("_"),
            blanks_as("*"),
            blanks_as("?"),
            ROWS.join("\n"),
            spaced.join("\n"),
            pretty,
        ] {
            assert_eq!(read(&text), vec![Ok(want)], "{}", text);
        }
    }

    #[test]
    fn written_layouts_read_back() {
        let g = line(&ROWS.concat());
        let mut dotted = Vec::new();
        g.write_line(&mut dotted, b'.');
        assert_eq!(
            dotted,
            (ROWS.concat().replace('0', ".") + "\n").into_bytes()
        );
        let text = pretty(|i| cell_text(&g, i));
        assert_eq!(text.lines().nth(3), Some("------+-------+------"));
        assert_eq!(text.lines().next(), Some("5 3 . | . 7 . | . . ."));
        assert_eq!(read(&text), vec![Ok(g)]);
    }

    #[test]
    fn puzzles_of_mixed_layouts_follow_each_other() {
        let a = ROWS.concat();
        let text = format!("{}\n\n{}\n{}", a, ROWS.join("\n"), a.replace('0', "."));
        assert_eq!(read(&text), vec![Ok(line(&a)); 3]);
    }

    #[test]
    fn other_sizes_follow_from_the_first_row() {
        let all = |text: &str| -> Vec<Result<Puzzle>> { Puzzles::new(text.as_bytes()).collect() };
        // A 4x4 grid of spaced numbers, then a 16x16 one in letters (`.` and `-` blank).
        let mut letters = vec!["-".repeat(16); 16];
        letters[0] = "A.-------------P".to_string();
        let text = format!(
            "1 0 3 4\n0 0 0 0\n0 0 0 0\n0 0 0 2\n\n{}\n",
            letters.join("\n")
        );
        let got = all(&text);
        let four = Square::from_cells(2, vec![1, 0, 3, 4, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2]);
        let mut cells = vec![0; 256];
        cells[15] = 16;
        cells[0] = 1;
        let sixteen = Square::from_cells(4, cells.clone());
        assert_eq!(
            got[0],
            Ok(Puzzle {
                grid: four,
                letters: false
            })
        );
        assert_eq!(
            got[1],
            Ok(Puzzle {
                grid: sixteen,
                letters: true
            })
        );
        // The same 16x16 grid in numbers: a row holding `16` is read number by number.
        let mut rows = vec![vec!["0"; 16].join(" "); 16];
        rows[0] = format!("1{} 16", " 0".repeat(14));
        let got = all(&rows.join("\n"));
        assert_eq!(got[0].as_ref().map(|p| p.grid.cells().to_vec()), Ok(cells));
        // A number over the side, a row of the wrong length, a grid cut short.
        rows[1] = format!("17{}", " 0".repeat(15));
        let e = all(&rows.join("\n")).pop().unwrap().unwrap_err();
        assert_eq!(
            (e.line, e.col, e.msg.as_str()),
            (2, 1, "17 is not a number 0-16")
        );
        let e = all("1 0 3 4\n0 0 0\n").pop().unwrap().unwrap_err();
        assert_eq!(
            e.to_string(),
            "line 2, column 6: expected 4 cells on the line, found 3"
        );
        let e = all("1 0 3 4\n").pop().unwrap().unwrap_err();
        assert_eq!(
            e.to_string(),
            "line 2, column 1: input ends after 1 of 4 rows"
        );
    }

    #[test]
    fn headers_and_a_leading_count_are_skipped() {
        let (a, rows) = (ROWS.concat(), ROWS.join("\n"));
        // Project Euler 96 and SPOJ NOVICE42: a header before each grid, after a count.
        let text = format!("2\r\nGrid 01\n{}\n  Grid\t02 \n{}\n", rows, rows);
        assert_eq!(read(&text), vec![Ok(line(&a)); 2]);
        let text = format!("\n 3 \n{}\nGrid07\n{}\n{}\n", a, a, a);
        assert_eq!(read(&text), vec![Ok(line(&a)); 3]);
        // A count only leads: later, a lone number is a short row.
        let e = read(&format!("{}\n3\n", a)).pop().unwrap().unwrap_err();
        assert_eq!((e.line, e.col), (2, 2));
        // A header inside a grid, and a header without its number.
        let e = read(&format!("{}\nGrid 02\n", ROWS[0]))
            .pop()
            .unwrap()
            .unwrap_err();
        assert_eq!(
            (e.line, e.msg.as_str()),
            (2, "header line inside a grid, after 1 of 9 rows")
        );
        let e = read("Grid\n").pop().unwrap().unwrap_err();
        assert_eq!((e.line, e.col), (1, 1));
    }

    #[test]
    fn end_closes_the_stream_between_puzzles_only() {
        // POJ 3074 / BOJ 7681: `end` is the last line; what follows it is not read.
        let a = ROWS.concat();
        let text = format!(
            "{}
{}
end 
not a puzzle
",
            a, a
        );
        assert_eq!(read(&text), vec![Ok(line(&a)); 2]);
        let e = read(&format!(
            "{}
end
",
            ROWS[0]
        ))
        .pop()
        .unwrap()
        .unwrap_err();
        assert_eq!(
            (e.line, e.msg.as_str()),
            (2, "`end` inside a grid, after 1 of 9 rows")
        );
    }

    #[test]
    fn errors_name_line_and_column_and_end_the_stream() {
        let a = ROWS.concat();
        let err = |text: &str| {
            let got = read(text);
            let e = got.last().unwrap().clone().unwrap_err();
            (got.len(), e.line, e.col, e.msg)
        };
        let bad = a[..5].to_string() + "x" + &a[6..];
        assert_eq!(
            err(&format!("{}\n{}\n{}\n", a, bad, a)),
            (
                2,
                2,
                6,
                "expected a digit or a blank (0 . _ * ?), found 'x'".to_string()
            )
        );
        assert_eq!(
            err(&a[..80]),
            (
                1,
                1,
                81,
                "expected 4, 9, 16, 25, 36 or 81 cells on the line, found 80".to_string()
            )
        );
        assert_eq!(
            err(&format!("{}\n{}0\n", ROWS[0], ROWS[1])),
            (
                1,
                2,
                11,
                "expected 9 cells on the line, found 10".to_string()
            )
        );
        // The input stops after a line end, or inside the last line.
        assert_eq!(
            err(&(ROWS[..4].join("\n") + "\n")),
            (1, 5, 1, "input ends after 4 of 9 rows".to_string())
        );
        assert_eq!(
            err(&ROWS[..4].join("\n")),
            (1, 4, 10, "input ends after 4 of 9 rows".to_string())
        );
        assert_eq!(
            err(&format!("{}\n\n{}", ROWS[0], ROWS[1..].join("\n"))),
            (
                1,
                2,
                1,
                "blank line inside a grid, after 1 of 9 rows".to_string()
            )
        );
        assert_eq!(
            err("1-3456789"),
            (
                1,
                1,
                2,
                "expected a digit or a blank (0 . _ * ?), found '-'".to_string()
            )
        );
        let e = Puzzles::new(&b"12\xff"[..]).next().unwrap().unwrap_err();
        assert_eq!(
            (e.col, e.msg.as_str()),
            (
                3,
                "expected a digit or a blank (0 . _ * ?), found byte 0xff"
            )
        );
        let long = "1".repeat(MAX_LINE + 5);
        assert_eq!(err(&long).2, MAX_LINE + 1);
    }
}
