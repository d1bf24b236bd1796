//! A byte scanner over the whole input that knows its line and column, so every format
//! error can say where it is. CRLF line ends, trailing spaces or tabs, blank lines at the
//! end and a missing final newline are all accepted. Rows may be of any width (9x9 grids,
//! and the n^2 x n^2 squares of UVa 989, SPOJ SUDOKU and POJ 3076).

use super::error::{name_byte, Error, Result};
use super::grid::Grid;

/// Reads one row of a grid into its cells; [`Reader::rows`] calls it once per row.
pub type Row<'a> = fn(&mut Reader<'a>, &mut [u8]) -> Result<()>;

/// How compact rows spell cells.
pub struct Symbols {
    /// `values[v]` is the symbol for value `v`; `values[0]` is the blank. The symbols of
    /// 1, 2, ... are consecutive bytes, so a cell is decoded with one subtraction.
    pub values: &'static [u8],
    /// What an error message says was expected.
    pub name: &'static str,
}

/// `0` blank, `1` to `9`.
pub const DIGITS: Symbols = Symbols {
    values: b"0123456789",
    name: "a digit",
};

/// The 16x16 letter rows of SPOJ SUDOKU and POJ 3076: `-` blank, `A` to `P` for 1 to 16.
pub const LETTERS: Symbols = Symbols {
    values: b"-ABCDEFGHIJKLMNOP",
    name: "a letter A-P or '-'",
};

/// Reads an input that is one grid and nothing more (trailing blank lines allowed).
pub fn single_grid<'a>(input: &'a [u8], row: Row<'a>) -> Result<Grid> {
    let mut r = Reader::new(input);
    let g = r.grid(row)?;
    r.expect_end("the 9th row")?;
    Ok(g)
}

/// Reads LeetCode's test-case text for a board: a JSON array of 9 rows, each of 9
/// one-character strings `"1"`-`"9"` or `"."` (blank), any whitespace between tokens.
pub fn json_board(input: &[u8]) -> Result<Grid> {
    let mut r = Reader::new(input);
    let g = r.json_grid()?;
    r.expect_end("the board")?;
    Ok(g)
}

/// `line` without leading and trailing spaces, tabs and CR.
pub fn trim(mut line: &[u8]) -> &[u8] {
    while let [b' ' | b'\t' | b'\r', rest @ ..] = line {
        line = rest;
    }
    while let [rest @ .., b' ' | b'\t' | b'\r'] = line {
        line = rest;
    }
    line
}

/// Scans `buf` byte by byte; lines and columns are 1-based. A clone reads on from the same
/// place, so a caller can look ahead and go back.
#[derive(Clone)]
pub struct Reader<'a> {
    buf: &'a [u8],
    pos: usize,
    line: usize,
    line_start: usize,
}

impl<'a> Reader<'a> {
    /// A reader at the start of `buf`, line 1, column 1.
    pub fn new(buf: &'a [u8]) -> Reader<'a> {
        Reader {
            buf,
            pos: 0,
            line: 1,
            line_start: 0,
        }
    }

    /// The current line, 1-based.
    pub fn line(&self) -> usize {
        self.line
    }

    /// The current column (byte in the line), 1-based.
    pub fn col(&self) -> usize {
        self.pos - self.line_start + 1
    }

    /// The next byte, not consumed; `None` at the end of the input.
    pub fn peek(&self) -> Option<u8> {
        self.buf.get(self.pos).copied()
    }

    /// A malformed-input error at the current position.
    pub fn error(&self, msg: String) -> Error {
        Error::malformed(self.line, self.col(), msg)
    }

    /// Names the next byte for an error message.
    pub fn found(&self) -> String {
        match self.peek() {
            None => "end of input".to_string(),
            Some(b'\n' | b'\r') => "end of line".to_string(),
            Some(b) => name_byte(b),
        }
    }

    /// True at a line end (LF or CRLF) or at the end of input.
    pub fn at_eol(&self) -> bool {
        match self.peek() {
            None | Some(b'\n') => true,
            Some(b'\r') => self.buf.get(self.pos + 1).map_or(true, |&b| b == b'\n'),
            _ => false,
        }
    }

    /// Skips spaces and tabs.
    pub fn skip_spaces(&mut self) {
        while let Some(b' ') | Some(b'\t') = self.peek() {
            self.pos += 1;
        }
    }

    /// Ends the current line: optional spaces or tabs, then LF, CRLF or the end of input.
    pub fn end_line(&mut self) -> Result<()> {
        self.skip_spaces();
        if !self.at_eol() {
            return Err(self.error(format!("expected end of line, found {}", self.found())));
        }
        if self.peek() == Some(b'\r') {
            self.pos += 1;
        }
        if self.peek() == Some(b'\n') {
            self.pos += 1;
            self.line += 1;
            self.line_start = self.pos;
        }
        Ok(())
    }

    /// True when only spaces, tabs and line ends are left.
    pub fn at_end(&self) -> bool {
        self.buf[self.pos..].iter().all(|b| b" \t\r\n".contains(b))
    }

    /// Skips whole lines holding nothing but spaces or tabs.
    pub fn skip_blank_lines(&mut self) {
        loop {
            let (pos, line, line_start) = (self.pos, self.line, self.line_start);
            self.skip_spaces();
            if self.peek().is_none() || !self.at_eol() {
                self.pos = pos;
                self.line = line;
                self.line_start = line_start;
                return;
            }
            let _ = self.end_line();
        }
    }

    /// Skips spaces, tabs and line ends.
    pub fn skip_whitespace(&mut self) {
        while let Some(b' ' | b'\t' | b'\r' | b'\n') = self.peek() {
            self.pos += 1;
            if self.buf[self.pos - 1] == b'\n' {
                self.line += 1;
                self.line_start = self.pos;
            }
        }
    }

    /// Accepts the end of input, allowing trailing blank lines; anything else is an error.
    pub fn expect_end(&mut self, what: &str) -> Result<()> {
        self.skip_whitespace();
        match self.peek() {
            None => Ok(()),
            Some(_) => Err(self.error(format!("unexpected {} after {}", self.found(), what))),
        }
    }

    /// Consumes `word` if the input continues with it; true if it did.
    pub fn eat(&mut self, word: &[u8]) -> bool {
        let found = self.buf[self.pos..].starts_with(word);
        if found {
            self.pos += word.len();
        }
        found
    }

    /// Consumes the current line and its line end if the line reads `text` (leading and
    /// trailing spaces, tabs and CR aside); true if it did.
    pub fn eat_line(&mut self, text: &[u8]) -> bool {
        let rest = &self.buf[self.pos..];
        let end = rest.iter().position(|&b| b == b'\n').unwrap_or(rest.len());
        if trim(&rest[..end]) != text {
            return false;
        }
        self.pos += end;
        self.end_line().is_ok()
    }

    /// Reads `cells.len()` characters on one line, then the line end: a symbol of `symbols`
    /// is its value, any byte in `blanks` is a blank (0).
    pub fn compact_cells(
        &mut self,
        cells: &mut [u8],
        symbols: &Symbols,
        blanks: &[u8],
    ) -> Result<()> {
        self.symbol_cells(cells, symbols, blanks, false)
    }

    /// [`Reader::compact_cells`], with `gaps`: spaces or tabs allowed before each cell, so
    /// one reading takes `1 ? 3` and `1?3` alike.
    fn symbol_cells(
        &mut self,
        cells: &mut [u8],
        symbols: &Symbols,
        blanks: &[u8],
        gaps: bool,
    ) -> Result<()> {
        let n = cells.len();
        let values = symbols.values;
        let value = |b: Option<u8>| {
            let b = b?;
            let v = b.wrapping_sub(values[1]) as usize + 1;
            if v < values.len() {
                Some(v)
            } else if b == values[0] || blanks.contains(&b) {
                Some(0)
            } else {
                None
            }
        };
        for (k, cell) in cells.iter_mut().enumerate() {
            if gaps {
                self.skip_spaces();
            }
            *cell = match value(self.peek()) {
                Some(v) => v as u8,
                None if self.at_eol() => {
                    return Err(self.error(format!("line ends after {} of {} cells", k, n)));
                }
                None => {
                    let msg = format!("expected {}, found {}", symbols.name, self.found());
                    return Err(self.error(msg));
                }
            };
            self.pos += 1;
        }
        if gaps {
            self.skip_spaces();
        }
        if value(self.peek()).is_some() {
            return Err(self.error(format!("line has more than {} cells", n)));
        }
        self.end_line()
    }

    /// Reads `cells.len()` numbers `lowest` to `highest` (at most 9) on one line, separated
    /// by spaces or tabs.
    pub fn spaced_cells(&mut self, cells: &mut [u8], lowest: u8, highest: u8) -> Result<()> {
        let n = cells.len();
        for (k, cell) in cells.iter_mut().enumerate() {
            self.skip_spaces();
            if self.at_eol() {
                return Err(self.error(format!("line ends after {} of {} numbers", k, n)));
            }
            let col = self.col();
            *cell = self.digit(lowest)?;
            if *cell > highest {
                let msg = format!("{} is not a digit {}-{}", cell, lowest, highest);
                return Err(Error::malformed(self.line, col, msg));
            }
        }
        self.skip_spaces();
        if let Some(b'0'..=b'9') = self.peek() {
            return Err(self.error(format!("line has more than {} numbers", n)));
        }
        self.end_line()
    }

    /// Reads the 9 rows of a grid, each with `row` (one of the `*_row` readers below).
    pub fn grid(&mut self, row: Row<'a>) -> Result<Grid> {
        let mut g = Grid::EMPTY;
        self.rows(&mut g.0, 9, row)?;
        Ok(g)
    }

    /// Reads the rows of `width` cells that fill `cells`, each with `row`.
    pub fn rows(&mut self, cells: &mut [u8], width: usize, row: Row<'a>) -> Result<()> {
        let height = cells.len() / width;
        for (r, cells) in cells.chunks_mut(width).enumerate() {
            if self.at_end() {
                let msg = format!("input ends after {} of {} rows", r, height);
                return Err(self.error(msg));
            }
            row(self, cells)?;
        }
        Ok(())
    }

    /// A row of 9 digits, no separators, `0` blank.
    pub fn compact_row(&mut self, cells: &mut [u8]) -> Result<()> {
        self.compact_cells(cells, &DIGITS, b"")
    }

    /// A row of HDU 1426: 9 digits, `?` or `0` blank, spaces or tabs between them optional.
    pub fn question_row(&mut self, cells: &mut [u8]) -> Result<()> {
        self.symbol_cells(cells, &DIGITS, b"?", true)
    }

    /// A row of 9 numbers separated by runs of spaces or tabs, `0` blank.
    pub fn spaced_row(&mut self, cells: &mut [u8]) -> Result<()> {
        self.spaced_cells(cells, 0, 9)
    }

    /// A row of a filled grid: like [`Reader::spaced_row`], numbers 1 to 9 only.
    pub fn filled_row(&mut self, cells: &mut [u8]) -> Result<()> {
        self.spaced_cells(cells, 1, 9)
    }

    /// A row of an n^2 x n^2 grid (n <= 3): as many numbers 0 to n^2 as it has cells, `0` blank.
    pub fn square_row(&mut self, cells: &mut [u8]) -> Result<()> {
        self.spaced_cells(cells, 0, cells.len() as u8)
    }

    /// A 16x16 row of letters `A` to `P`, `-` blank.
    pub fn letter_row(&mut self, cells: &mut [u8]) -> Result<()> {
        self.compact_cells(cells, &LETTERS, b"")
    }

    /// A board in LeetCode's JSON (see [`json_board`]); `sudoku check` reads answers with it.
    pub fn json_grid(&mut self) -> Result<Grid> {
        let mut g = Grid::EMPTY;
        self.json_array(&mut g.0, "board", "rows", |r, row| {
            r.json_array(row, "row", "cells", Self::json_cell)
        })?;
        Ok(g)
    }

    /// `[`, an `item` per chunk of `cells` (9 chunks), `]`, commas between, any whitespace
    /// between tokens; `whole` and `parts` name them in errors.
    fn json_array(
        &mut self,
        cells: &mut [u8],
        whole: &str,
        parts: &str,
        mut item: impl FnMut(&mut Self, &mut [u8]) -> Result<()>,
    ) -> Result<()> {
        self.json_token(b'[', "'['")?;
        for (k, chunk) in cells.chunks_mut(cells.len() / 9).enumerate() {
            self.skip_whitespace();
            if self.peek() == Some(b']') {
                let msg = format!("{} ends after {} of 9 {}", whole, k, parts);
                return Err(self.error(msg));
            }
            if k > 0 {
                self.json_token(b',', "',' or ']'")?;
            }
            item(self, chunk)?;
        }
        self.skip_whitespace();
        if self.peek() == Some(b',') {
            return Err(self.error(format!("{} has more than 9 {}", whole, parts)));
        }
        self.json_token(b']', "']'")
    }

    /// A cell: `"1"` to `"9"`, or `"."` for a blank.
    fn json_cell(&mut self, cell: &mut [u8]) -> Result<()> {
        self.json_token(b'"', "'\"'")?;
        cell[0] = match self.peek() {
            Some(b @ b'1'..=b'9') => b - b'0',
            Some(b'.') => 0,
            _ => {
                let msg = format!("expected a digit 1-9 or '.', found {}", self.found());
                return Err(self.error(msg));
            }
        };
        self.pos += 1;
        if !self.eat(b"\"") {
            return Err(self.error(format!("expected '\"', found {}", self.found())));
        }
        Ok(())
    }

    /// Whitespace, then `b` (`name` in an error).
    fn json_token(&mut self, b: u8, name: &str) -> Result<()> {
        self.skip_whitespace();
        if self.peek() != Some(b) {
            return Err(self.error(format!("expected {}, found {}", name, self.found())));
        }
        self.pos += 1;
        Ok(())
    }

    /// Reads a number `lowest` to 9; an error points at its first digit.
    pub fn digit(&mut self, lowest: u8) -> Result<u8> {
        let col = self.col();
        let v = self.number()?;
        if v < lowest as usize || v > 9 {
            let msg = format!("{} is not a digit {}-9", v, lowest);
            return Err(Error::malformed(self.line, col, msg));
        }
        Ok(v as u8)
    }

    /// Reads the number of cases, which must be at least 1.
    pub fn count(&mut self) -> Result<usize> {
        let col = self.col();
        let n = self.number()?;
        if n == 0 {
            let msg = "the number of cases must be at least 1".to_string();
            return Err(Error::malformed(self.line, col, msg));
        }
        Ok(n)
    }

    /// Reads a line holding only the number of cases.
    pub fn count_line(&mut self) -> Result<usize> {
        self.skip_spaces();
        let n = self.count()?;
        self.end_line()?;
        Ok(n)
    }

    /// Reads a header line: `word`, optional spaces or tabs, a number. Returns the line as
    /// written, without its line end or trailing blanks.
    pub fn header(&mut self, word: &str) -> Result<&'a [u8]> {
        let start = self.pos;
        for &b in word.as_bytes() {
            if self.peek() != Some(b) {
                let msg = format!("expected a '{} NN' line, found {}", word, self.found());
                return Err(self.error(msg));
            }
            self.pos += 1;
        }
        self.skip_spaces();
        self.number()?;
        let end = self.pos;
        self.end_line()?;
        Ok(&self.buf[start..end])
    }

    /// A header line (see [`Reader::header`]) and a grid of `row`s, with the line the
    /// header is on: a case of SPOJ NOVICE42.
    pub fn headed_grid(&mut self, word: &str, row: Row<'a>) -> Result<(usize, &'a [u8], Grid)> {
        let line = self.line;
        let header = self.header(word)?;
        Ok((line, header, self.grid(row)?))
    }

    /// One puzzle a line, 81 cells with `.` or `0` for a blank, until a line `end` or the end
    /// of input (BOJ 7681); calls `each` on each puzzle and its line in turn and keeps none,
    /// as bulk files are large. Empty input is an error.
    pub fn puzzle_lines(&mut self, mut each: impl FnMut(Grid, usize) -> Result<()>) -> Result<()> {
        if self.at_end() {
            return Err(self.error("empty input, expected puzzle lines or `end`".to_string()));
        }
        while !self.at_end() {
            if self.eat(b"end") {
                return self.end_line();
            }
            let line = self.line;
            let mut g = Grid::EMPTY;
            self.compact_cells(&mut g.0, &DIGITS, b".")?;
            each(g, line)?;
        }
        Ok(())
    }

    /// A count line, then that many cases read by `case` (see [`Reader::cases_to_end`]).
    /// More cases than counted is an error, fewer is too.
    pub fn counted_cases<T>(&mut self, case: impl FnMut(&mut Self) -> Result<T>) -> Result<Vec<T>> {
        let n = self.count_line()?;
        let all = self.cases(Some(n), case)?;
        self.expect_end(&format!("case {} of {}", n, n))?;
        Ok(all)
    }

    /// The small reading path, for bins whose judge caps the source size (SPOJ EASUDOKU: 5000
    /// bytes): a count, then that many grids of 81 numbers 0 to 9, any run of spaces, tabs
    /// and line ends between two numbers. Rows are not checked line by line as with
    /// [`Reader::spaced_row`], so a short row shows up later, but every error still says where.
    pub fn counted_loose_grids(&mut self) -> Result<Vec<Grid>> {
        self.skip_whitespace();
        let n = self.count()?;
        let mut grids = Vec::new();
        for case in 1..=n {
            let mut g = Grid::EMPTY;
            for cell in g.0.iter_mut() {
                self.skip_whitespace();
                *cell = self.digit(0).map_err(|e| e.in_case(case))?;
            }
            grids.push(g);
        }
        self.expect_end(&format!("case {} of {}", n, n))?;
        Ok(grids)
    }

    /// Cases read by `case` until the end of input, at least one. Blank lines may come
    /// before each case; an error inside a case names its number.
    pub fn cases_to_end<T>(&mut self, case: impl FnMut(&mut Self) -> Result<T>) -> Result<Vec<T>> {
        self.cases(None, case)
    }

    fn cases<T>(
        &mut self,
        count: Option<usize>,
        mut case: impl FnMut(&mut Self) -> Result<T>,
    ) -> Result<Vec<T>> {
        let mut all = Vec::new();
        while count != Some(all.len()) {
            self.skip_blank_lines();
            if self.at_end() {
                let msg = match count {
                    None if !all.is_empty() => break,
                    None => "expected a grid, found end of input".to_string(),
                    Some(n) => format!("input ends after {} of {} cases", all.len(), n),
                };
                return Err(self.error(msg));
            }
            let number = all.len() + 1;
            all.push(case(self).map_err(|e| e.in_case(number))?);
        }
        Ok(all)
    }

    /// The bytes up to the next space, tab, line end or the end of input (none at one).
    pub fn token(&mut self) -> &'a [u8] {
        let start = self.pos;
        while !matches!(self.peek(), None | Some(b' ' | b'\t' | b'\r' | b'\n')) {
            self.pos += 1;
        }
        &self.buf[start..self.pos]
    }

    /// Reads an unsigned decimal number (saturating, so a huge one cannot overflow).
    pub fn number(&mut self) -> Result<usize> {
        let start = self.pos;
        let mut v: usize = 0;
        while let Some(b @ b'0'..=b'9') = self.peek() {
            v = v.saturating_mul(10).saturating_add((b - b'0') as usize);
            self.pos += 1;
        }
        if self.pos == start {
            return Err(self.error(format!("expected a number, found {}", self.found())));
        }
        Ok(v)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn compact_row_with_crlf_and_trailing_spaces() {
        let mut r = Reader::new(b"1.3 \t\r\n456");
        let mut cells = [9; 3];
        r.compact_cells(&mut cells, &DIGITS, b".").unwrap();
        assert_eq!(cells, [1, 0, 3]);
        assert_eq!((r.line(), r.col()), (2, 1));
        r.compact_cells(&mut cells, &DIGITS, b".").unwrap();
        assert_eq!(cells, [4, 5, 6]);
        r.expect_end("the grid").unwrap();
    }

    #[test]
    fn compact_row_errors_name_the_column() {
        let mut cells = [0; 3];
        let e = Reader::new(b"1x3\n")
            .compact_cells(&mut cells, &DIGITS, b"")
            .unwrap_err();
        assert_eq!(
            (e.line, e.col, e.msg.as_str()),
            (1, 2, "expected a digit, found 'x'")
        );
        let e = Reader::new(b"12\n")
            .compact_cells(&mut cells, &DIGITS, b"")
            .unwrap_err();
        assert_eq!((e.col, e.msg.as_str()), (3, "line ends after 2 of 3 cells"));
        let e = Reader::new(b"1234")
            .compact_cells(&mut cells, &DIGITS, b"")
            .unwrap_err();
        assert_eq!((e.col, e.msg.as_str()), (4, "line has more than 3 cells"));
    }

    #[test]
    fn question_row_takes_gaps_or_none_and_counts_cells() {
        let mut cells = [9; 9];
        Reader::new(b"7 1 2 ? 6 ?\t3 5 0 \n")
            .question_row(&mut cells)
            .unwrap();
        assert_eq!(cells, [7, 1, 2, 0, 6, 0, 3, 5, 0]);
        Reader::new(b"712?6?350").question_row(&mut cells).unwrap();
        assert_eq!(cells, [7, 1, 2, 0, 6, 0, 3, 5, 0]);
        let e = Reader::new(b"7 1 2 ? 6 ? 3 5 8 9")
            .question_row(&mut cells)
            .unwrap_err();
        assert_eq!((e.col, e.msg.as_str()), (19, "line has more than 9 cells"));
        let e = Reader::new(b"7 1 2 ? 6 ? 3 . 8")
            .question_row(&mut cells)
            .unwrap_err();
        assert_eq!((e.col, e.msg.as_str()), (15, "expected a digit, found '.'"));
    }

    #[test]
    fn spaced_row_accepts_runs_of_blanks_and_rejects_big_numbers() {
        let mut cells = [0; 3];
        Reader::new(b" 1\t 2  3 \n")
            .spaced_cells(&mut cells, 0, 9)
            .unwrap();
        assert_eq!(cells, [1, 2, 3]);
        let e = Reader::new(b"1 10 3")
            .spaced_cells(&mut cells, 0, 9)
            .unwrap_err();
        assert_eq!((e.col, e.msg.as_str()), (3, "10 is not a digit 0-9"));
        let e = Reader::new(b"1 2")
            .spaced_cells(&mut cells, 0, 9)
            .unwrap_err();
        assert_eq!(
            (e.col, e.msg.as_str()),
            (4, "line ends after 2 of 3 numbers")
        );
    }

    #[test]
    fn trailing_blank_lines_end_cleanly_but_text_does_not() {
        let mut r = Reader::new(b"\n  \r\n\n");
        r.expect_end("the grid").unwrap();
        let mut r = Reader::new(b"\n\nx");
        let e = r.expect_end("the grid").unwrap_err();
        assert_eq!(
            (e.line, e.col, e.msg.as_str()),
            (3, 1, "unexpected 'x' after the grid")
        );
    }

    #[test]
    fn header_is_returned_as_written_and_a_wrong_word_is_pinned() {
        let mut r = Reader::new(b"Grid\t07  \r\nx");
        assert_eq!(r.header("Grid").unwrap(), b"Grid\t07");
        assert_eq!(r.line(), 2);
        let e = Reader::new(b"Grib 01").header("Grid").unwrap_err();
        assert_eq!(
            (e.col, e.msg.as_str()),
            (4, "expected a 'Grid NN' line, found 'b'")
        );
    }

    #[test]
    fn counted_cases_name_the_case_and_check_the_count() {
        let one_digit = |r: &mut Reader| {
            let mut cell = [0];
            r.compact_cells(&mut cell, &DIGITS, b"").map(|()| cell[0])
        };
        let mut r = Reader::new(b"2\n1\n\n2\n\n");
        assert_eq!(r.counted_cases(one_digit).unwrap(), vec![1, 2]);
        let e = Reader::new(b"2\n1\nx\n")
            .counted_cases(one_digit)
            .unwrap_err();
        assert_eq!((e.line, e.case), (3, Some(2)));
        let e = Reader::new(b"3\n1\n2\n")
            .counted_cases(one_digit)
            .unwrap_err();
        assert_eq!(
            e.to_string(),
            "line 4, column 1: input ends after 2 of 3 cases"
        );
        let e = Reader::new(b"1\n1\n2\n")
            .counted_cases(one_digit)
            .unwrap_err();
        assert_eq!(
            e.to_string(),
            "line 3, column 1: unexpected '2' after case 1 of 1"
        );
        let e = Reader::new(b" 0\n").counted_cases(one_digit).unwrap_err();
        assert_eq!(e.col, 2);
    }

    #[test]
    fn cases_to_end_need_at_least_one_case() {
        let mut r = Reader::new(b"7\n8");
        assert_eq!(r.cases_to_end(|r| r.number()).unwrap(), vec![7, 8]);
        let e = Reader::new(b"\n").cases_to_end(|r| r.number()).unwrap_err();
        assert_eq!(
            e.to_string(),
            "line 2, column 1: expected a grid, found end of input"
        );
    }

    #[test]
    fn json_boards_read_with_any_whitespace() {
        let row = |r: &str| {
            format!(
                "[{}]",
                r.chars()
                    .map(|c| format!("\"{}\"", c))
                    .collect::<Vec<_>>()
                    .join(",")
            )
        };
        let rows: Vec<String> = (0..9).map(|_| row("5.3......")).collect();
        let text = format!(" [\n{}\r\n]\n", rows.join(" ,\n\t"));
        let g = json_board(text.as_bytes()).unwrap();
        assert_eq!(&g.0[..9], &[5, 0, 3, 0, 0, 0, 0, 0, 0]);
        assert_eq!(g.0[80], 0);
        let err = |t: String| {
            let e = json_board(t.as_bytes()).unwrap_err();
            (e.line, e.col, e.msg)
        };
        // A row is 37 bytes, so `[` and 8 rows with their commas end at column 304.
        let eight = rows[..8].join(",");
        let msg = |s: &str| s.to_string();
        assert_eq!(
            err(format!("[{}]", eight)),
            (1, 305, msg("board ends after 8 of 9 rows"))
        );
        assert_eq!(
            err(format!("[{},{},{}]", eight, rows[0], rows[0])),
            (1, 343, msg("board has more than 9 rows"))
        );
        assert_eq!(
            err(format!("[{}, [\"1\"]]", eight)),
            (1, 311, msg("row ends after 1 of 9 cells"))
        );
        assert_eq!(
            err(format!("[{}, [\"0\"", eight)),
            (1, 309, msg("expected a digit 1-9 or '.', found '0'"))
        );
        assert_eq!(
            err(format!("[{}, [\"12\"", eight)),
            (1, 310, msg("expected '\"', found '2'"))
        );
        assert_eq!(
            err(format!("[{} [", eight)),
            (1, 306, msg("expected ',' or ']', found '['"))
        );
        assert_eq!(
            err(String::new()),
            (1, 1, msg("expected '[', found end of input"))
        );
        assert_eq!(
            err(format!("{} x", text)),
            (12, 2, msg("unexpected 'x' after the board"))
        );
    }
}
