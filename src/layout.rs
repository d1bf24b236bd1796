//! Puzzles in any common layout, read as a stream one line at a time so that a tool can
//! answer each puzzle before the next is read, in bounded memory. A puzzle is either
//! - one line of 81 cells, or
//! - 9 lines of 9 cells (a grid), where lines of only `-`, `+`, `=`, `|` and spaces
//!   (box separators) may sit between the rows.
//!
//! A cell is a digit, with `0`, `.`, `_`, `*` or `?` for a blank; spaces, tabs and `|`
//! between cells are ignored, so `53..7....`, `5 3 0 0 7 0 0 0 0` and
//! `5 3 . | . 7 . | . . .` all read as the same row. Blank lines may separate puzzles but not
//! split a grid. Errors name the line and column through [`super::error`].
//!
//! It also writes the pretty grid people read (the dotted line is [`Grid::write_line`]).

use super::error::{name_byte, Error, Result};
use super::grid::Grid;
use std::io::{BufRead, Read};

/// No layout needs longer lines; a longer one is refused rather than buffered.
const MAX_LINE: usize = 4096;

/// The puzzles of `input`, in order. After the first error it yields nothing more.
pub struct Puzzles<R> {
    input: R,
    line: usize,
    /// The length of the last line when it has no line end (the input stops inside it).
    tail: usize,
    buf: Vec<u8>,
    failed: bool,
}

/// What one line holds.
enum Line {
    /// Nothing but spaces.
    Blank,
    /// A box separator line.
    Separator,
    /// `n` cells; the first 81 are in `cells`.
    Cells {
        cells: [u8; 81],
        n: usize,
        end: usize,
    },
}

impl<R: BufRead> Puzzles<R> {
    /// The puzzles of `input`, read as they are asked for.
    pub fn new(input: R) -> Puzzles<R> {
        Puzzles {
            input,
            line: 0,
            tail: 0,
            buf: Vec::new(),
            failed: false,
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
        Ok(true)
    }

    /// Sorts the current line into blank, separator or cells.
    fn classify(&self) -> Result<Line> {
        let (mut cells, mut n, mut end) = ([0u8; 81], 0, 0);
        let mut separator = None;
        for (k, &b) in self.buf.iter().enumerate() {
            let cell = match b {
                b' ' | b'\t' | b'\r' | b'|' => None,
                b'0'..=b'9' => Some(b - b'0'),
                b'.' | b'_' | b'*' | b'?' => Some(0),
                b'-' | b'+' | b'=' => {
                    separator = separator.or(Some(k));
                    None
                }
                _ => return Err(self.stray(k)),
            };
            if b != b' ' && b != b'\t' && b != b'\r' {
                end = k + 1;
            }
            if let Some(d) = cell {
                if n < 81 {
                    cells[n] = d;
                }
                n += 1;
            }
        }
        Ok(match (n, separator) {
            (0, None) => Line::Blank,
            (0, Some(_)) => Line::Separator,
            (_, Some(k)) => return Err(self.stray(k)),
            _ => Line::Cells { cells, n, end },
        })
    }

    fn stray(&self, k: usize) -> Error {
        let msg = format!(
            "expected a digit or a blank (0 . _ * ?), found {}",
            name_byte(self.buf[k])
        );
        Error::malformed(self.line, k + 1, msg)
    }

    /// The next puzzle, `None` at the end of input.
    fn puzzle(&mut self) -> Result<Option<Grid>> {
        let mut g = Grid::EMPTY;
        let mut rows = 0;
        while self.next_line()? {
            match self.classify()? {
                Line::Blank if rows > 0 => {
                    let msg = format!("blank line inside a grid, after {} of 9 rows", rows);
                    return Err(Error::malformed(self.line, 1, msg));
                }
                Line::Blank | Line::Separator => {}
                Line::Cells { cells, n: 81, .. } if rows == 0 => return Ok(Some(Grid(cells))),
                Line::Cells { cells, n: 9, .. } => {
                    g.0[rows * 9..rows * 9 + 9].copy_from_slice(&cells[..9]);
                    rows += 1;
                    if rows == 9 {
                        return Ok(Some(g));
                    }
                }
                Line::Cells { n, end, .. } => {
                    let want = if rows == 0 { "9 or 81" } else { "9" };
                    let msg = format!("expected {} cells on the line, found {}", want, n);
                    return Err(Error::malformed(self.line, end + 1, msg));
                }
            }
        }
        if rows == 0 {
            return Ok(None);
        }
        let msg = format!("input ends after {} of 9 rows", rows);
        // Where the input stops: after the last line's end, or inside an unfinished line.
        match self.tail {
            0 => Err(Error::malformed(self.line + 1, 1, msg)),
            n => Err(Error::malformed(self.line, n + 1, msg)),
        }
    }
}

impl<R: BufRead> Iterator for Puzzles<R> {
    type Item = Result<Grid>;

    fn next(&mut self) -> Option<Result<Grid>> {
        if self.failed {
            return None;
        }
        let next = self.puzzle().transpose();
        self.failed = matches!(next, Some(Err(_)));
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

    fn read(text: &str) -> Vec<Result<Grid>> {
        Puzzles::new(text.as_bytes()).collect()
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
                "expected 9 or 81 cells on the line, found 80".to_string()
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
