//! The special judge: [`check`] says whether one grid is a complete valid grid that keeps the
//! puzzle's givens, naming the unit and the cells when it is not, as a contestant needs to
//! find the bug; [`judge`] judges a whole output of a judge bin's format, case by case, as
//! that judge does: the smallest solution where the judge wants it, any valid one where it
//! has a special judge, its words (`Non-unique`, `No solution`, ...) where they are due.

use super::error::Result;
use super::grid::Grid;
use super::jigsaw::{self, cell_name, Jigsaw, Regions};
use super::reader::{json_board, single_grid, Reader, DIGITS};
use super::square::{self, Square};
use std::borrow::Cow;

/// `Ok` when `answer` is filled, repeats no digit in a unit and keeps every given of
/// `puzzle`; else the first fault found (blanks, then changed givens, then repeats).
pub fn check(puzzle: &Grid, answer: &Grid) -> std::result::Result<(), String> {
    debug_assert!(puzzle.cells_in_range() && answer.cells_in_range());
    check_square(&Square::from_grid(puzzle), &Square::from_grid(answer))
}

/// [`check`] on grids of every size: `Ok` when `answer` has the puzzle's size, is filled,
/// repeats no symbol in a unit and keeps every given of `puzzle`; else the first fault
/// found (size, blanks, then changed givens, then repeats).
pub fn check_square(puzzle: &Square, answer: &Square) -> std::result::Result<(), String> {
    check_units(puzzle, answer, None)
}

/// [`check_square`] where `regions` (on 9x9 grids) stand for the boxes.
fn check_units(
    puzzle: &Square,
    answer: &Square,
    regions: Option<&Regions>,
) -> std::result::Result<(), String> {
    let (side, a, p) = (answer.side(), answer.cells(), puzzle.cells());
    if puzzle.side() != side {
        return Err(format!(
            "the answer is {}x{}, the puzzle {}x{}",
            side,
            side,
            puzzle.side(),
            puzzle.side()
        ));
    }
    let cell = |i: usize| format!("row {} column {}", i / side + 1, i % side + 1);
    if let Some(i) = a.iter().position(|&d| d == 0) {
        return Err(format!("{} is blank", cell(i)));
    }
    if let Some(i) = (0..a.len()).find(|&i| p[i] != 0 && p[i] != a[i]) {
        return Err(format!(
            "{} holds {} but the puzzle gives {}",
            cell(i),
            a[i],
            p[i]
        ));
    }
    let on_regions = regions.and_then(|&regions| {
        let grid = answer.to_grid()?;
        Some(Jigsaw { grid, regions })
    });
    let clash = match &on_regions {
        Some(j) => j.clash(),
        None => answer.clash(),
    };
    if let Some((x, y)) = clash {
        let (ux, uy) = (answer.units_of(x), answer.units_of(y));
        let unit = if ux.0 == uy.0 {
            format!("row {}", ux.0 + 1)
        } else if ux.1 == uy.1 {
            format!("column {}", ux.1 + 1)
        } else if on_regions.is_some() {
            format!("the region of {}", cell_name(x))
        } else {
            format!("box {}", ux.2 + 1)
        };
        return Err(format!(
            "{} has {} twice: {} and {}",
            unit,
            a[x],
            cell(x),
            cell(y)
        ));
    }
    Ok(())
}

/// One case of a judge's input.
pub struct Case<'a> {
    /// The puzzle (a 9x9 one has box size 3).
    pub puzzle: Square,
    /// The line its answer starts with, in formats that have one: a header it repeats, or a
    /// `Case K:` line.
    pub header: Option<Cow<'a, [u8]>>,
    /// The regions that stand for the boxes, in jigsaw formats.
    pub regions: Option<Regions>,
}

impl Case<'_> {
    /// The puzzle as a jigsaw puzzle, in jigsaw formats.
    fn jigsaw(&self) -> Option<Jigsaw> {
        let regions = self.regions?;
        let grid = self.puzzle.to_grid()?;
        Some(Jigsaw { grid, regions })
    }

    /// The lexicographically smallest solution, over the regions if there are any.
    fn first_solution(&self) -> Option<Square> {
        match self.jigsaw() {
            Some(j) => jigsaw::solver::first_solution(&j).map(|s| Square::from_grid(&s)),
            None => square::solver::first_solution(&self.puzzle),
        }
    }

    /// How many solutions there are, counting no further than `limit`.
    fn count_solutions(&self, limit: usize) -> usize {
        match self.jigsaw() {
            Some(j) => jigsaw::solver::count_solutions(&j, limit),
            None => square::solver::count_solutions(&self.puzzle, limit),
        }
    }

    /// Whether two givens share a unit.
    fn clashes(&self) -> bool {
        match self.jigsaw() {
            Some(j) => j.clash().is_some(),
            None => self.puzzle.clash().is_some(),
        }
    }
}

/// How a judge wants a solution written.
#[derive(Clone, Copy)]
pub enum Shape {
    /// 9 lines of 9 digits.
    Digits,
    /// 9 lines of 9 numbers separated by spaces.
    Spaced,
    /// One line of 81 digits.
    Line,
    /// n^2 lines of n^2 numbers separated by spaces, n the puzzle's box size (UVa 989).
    Numbers,
    /// 16 lines of 16 letters `A`-`P` (SPOJ SUDOKU, POJ 3076).
    Letters,
    /// LeetCode's JSON board (`[["5","3",...],...]`), any whitespace between tokens.
    Json,
}

/// What a judge accepts as the answer to one case.
#[derive(Clone, Copy)]
pub enum Rule {
    /// The lexicographically smallest solution.
    Smallest {
        /// The word for a puzzle without a solution; a format without one never gives such
        /// a puzzle.
        none: Option<&'static str>,
    },
    /// Any solution (the judge has a special judge).
    Any,
    /// The solution if it is unique, else a word.
    Unique {
        /// The word for several solutions.
        several: &'static str,
        /// The word for none.
        none: &'static str,
    },
    /// A word per puzzle after `Case K: `, from its givens or its count of solutions.
    Verdict {
        /// The word for givens that break a rule.
        illegal: &'static str,
        /// The word for one solution.
        unique: &'static str,
        /// The word for several.
        several: &'static str,
        /// The word for none.
        none: &'static str,
    },
    /// The input is a filled grid; the answer is that grid with `*` before each number that
    /// appears again in its row, column or box and a space before the others.
    Marks,
    /// The answer is a word: whether the givens keep the three rules (in a filled input,
    /// whether it is a valid grid). Solvability is not asked.
    Valid {
        /// The word for givens that keep the rules.
        yes: &'static str,
        /// The word for givens that break one.
        no: &'static str,
    },
}

/// A judge bin's format: a new bin is one entry in [`FORMATS`].
pub struct Format {
    /// The bin's name, as `--format` takes it.
    pub bin: &'static str,
    /// The bin's own input reader.
    pub read: for<'a> fn(&'a [u8]) -> Result<Vec<Case<'a>>>,
    /// How a solution is written; `None` when answers are words only.
    pub shape: Option<Shape>,
    /// What the judge accepts.
    pub rule: Rule,
}

/// The cases of an input that is a single grid.
fn one(grid: Result<Grid>) -> Result<Vec<Case<'static>>> {
    Ok(plain_cases(vec![grid?]))
}

/// Cases without headers.
fn plain_cases(grids: Vec<Grid>) -> Vec<Case<'static>> {
    square_cases(grids.iter().map(Square::from_grid).collect())
}

/// Cases of any size without headers.
fn square_cases(grids: Vec<Square>) -> Vec<Case<'static>> {
    let case = |puzzle| Case {
        puzzle,
        header: None,
        regions: None,
    };
    grids.into_iter().map(case).collect()
}

/// The 16x16 letter grids of SPOJ SUDOKU and POJ 3076, without their lines.
fn letter_cases(grids: Vec<(usize, Square)>) -> Vec<Case<'static>> {
    square_cases(grids.into_iter().map(|(_, g)| g).collect())
}

/// Every judge bin's format, read with the same reader calls the bin makes.
pub const FORMATS: &[Format] = &[
    Format {
        bin: "aoj0126",
        read: |i| {
            let grids = Reader::new(i).counted_cases(|r| r.grid(Reader::filled_row))?;
            Ok(plain_cases(grids))
        },
        shape: None,
        rule: Rule::Marks,
    },
    Format {
        bin: "atcoder_abc327c",
        read: |i| one(single_grid(i, Reader::filled_row)),
        shape: None,
        rule: Rule::Valid {
            yes: "Yes",
            no: "No",
        },
    },
    Format {
        bin: "boj2239",
        read: |i| one(single_grid(i, Reader::compact_row)),
        shape: Some(Shape::Digits),
        rule: Rule::Smallest { none: None },
    },
    Format {
        bin: "boj2580",
        read: |i| one(single_grid(i, Reader::spaced_row)),
        shape: Some(Shape::Spaced),
        rule: Rule::Any,
    },
    Format {
        bin: "boj7681",
        read: |i| {
            let mut grids = Vec::new();
            Reader::new(i).puzzle_lines(|g, _| {
                grids.push(g);
                Ok(())
            })?;
            Ok(plain_cases(grids))
        },
        shape: Some(Shape::Line),
        rule: Rule::Smallest { none: None },
    },
    Format {
        bin: "hdu1426",
        read: |i| {
            let grids = Reader::new(i).cases_to_end(|r| r.grid(Reader::question_row))?;
            Ok(plain_cases(grids))
        },
        shape: Some(Shape::Spaced),
        rule: Rule::Smallest { none: None },
    },
    Format {
        bin: "hdu2780",
        read: |i| {
            let grids = Reader::new(i).counted_cases(|r| r.grid(Reader::compact_row))?;
            Ok(plain_cases(grids))
        },
        shape: Some(Shape::Digits),
        rule: Rule::Smallest {
            none: Some("Could not complete this grid."),
        },
    },
    Format {
        bin: "hdu4069",
        read: |i| {
            let puzzles = Reader::new(i).counted_cases(jigsaw::text::walled)?;
            let case = |(k, g): (usize, Jigsaw)| Case {
                puzzle: Square::from_grid(&g.grid),
                header: Some(format!("Case {}:", k + 1).into_bytes().into()),
                regions: Some(g.regions),
            };
            Ok(puzzles.into_iter().enumerate().map(case).collect())
        },
        shape: Some(Shape::Digits),
        rule: Rule::Unique {
            several: "Multiple Solutions",
            none: "No solution",
        },
    },
    Format {
        bin: "kattis_sudokunique",
        read: |i| {
            let grids = Reader::new(i).cases_to_end(|r| r.grid(Reader::spaced_row))?;
            Ok(plain_cases(grids))
        },
        shape: Some(Shape::Spaced),
        rule: Rule::Unique {
            several: "Non-unique",
            none: "Find another job",
        },
    },
    Format {
        bin: "uva10957",
        read: |i| {
            let grids = Reader::new(i).cases_to_end(|r| r.grid(Reader::spaced_row))?;
            Ok(plain_cases(grids))
        },
        shape: None,
        rule: Rule::Verdict {
            illegal: "Illegal.",
            unique: "Unique.",
            several: "Ambiguous.",
            none: "Impossible.",
        },
    },
    Format {
        bin: "poj2676",
        read: |i| {
            let grids = Reader::new(i).counted_cases(|r| r.grid(Reader::compact_row))?;
            Ok(plain_cases(grids))
        },
        shape: Some(Shape::Digits),
        rule: Rule::Any,
    },
    Format {
        bin: "spoj_easudoku",
        read: |i| Ok(plain_cases(Reader::new(i).counted_loose_grids()?)),
        shape: Some(Shape::Spaced),
        rule: Rule::Smallest {
            none: Some("No solution"),
        },
    },
    Format {
        bin: "spoj_novice42",
        read: |i| {
            let cases =
                Reader::new(i).counted_cases(|r| r.headed_grid("Grid", Reader::compact_row))?;
            let case = |(_, header, puzzle)| Case {
                puzzle: Square::from_grid(&puzzle),
                header: Some(Cow::Borrowed(header)),
                regions: None,
            };
            Ok(cases.into_iter().map(case).collect())
        },
        shape: Some(Shape::Digits),
        rule: Rule::Smallest { none: None },
    },
    Format {
        bin: "uva989",
        read: |i| {
            Ok(square_cases(
                Reader::new(i).cases_to_end(square::text::sized_grid)?,
            ))
        },
        shape: Some(Shape::Numbers),
        rule: Rule::Smallest {
            none: Some("NO SOLUTION"),
        },
    },
    Format {
        bin: "spoj_sudoku",
        read: |i| {
            Ok(letter_cases(
                Reader::new(i).counted_cases(square::text::letter_grid)?,
            ))
        },
        shape: Some(Shape::Letters),
        rule: Rule::Smallest { none: None },
    },
    Format {
        bin: "poj3076",
        read: |i| {
            Ok(letter_cases(
                Reader::new(i).cases_to_end(square::text::letter_grid)?,
            ))
        },
        shape: Some(Shape::Letters),
        rule: Rule::Smallest { none: None },
    },
    Format {
        bin: "leetcode36",
        read: |i| one(json_board(i)),
        shape: None,
        rule: Rule::Valid {
            yes: "true",
            no: "false",
        },
    },
    Format {
        bin: "leetcode37",
        read: |i| one(json_board(i)),
        shape: Some(Shape::Json),
        rule: Rule::Smallest { none: None },
    },
];

/// The format of judge bin `bin`, if there is one.
pub fn format(bin: &str) -> Option<&'static Format> {
    FORMATS.iter().find(|f| f.bin == bin)
}

/// Why [`judge`] does not accept an output.
#[derive(Debug, PartialEq)]
pub enum Verdict {
    /// The input is not in the format, or no test of its judge (a puzzle without a
    /// solution where the format has no answer for it): what is wrong.
    BadInput(String),
    /// A wrong answer and why: `case 3: ...`.
    Wrong(String),
}

/// What the judge expects for one case.
enum Expected {
    /// This solution; `exact`: only it, else any valid solution.
    Grid { solution: Square, exact: bool },
    /// This word, because of `why`.
    Word(&'static str, &'static str),
    /// This grid, with these cells marked.
    Marks(Grid, [bool; 81]),
}

/// What an output holds for one case.
enum Answer {
    Grid(Square),
    Word(&'static str),
    Marked(Grid, [bool; 81]),
}

/// Judges `output` as the answers of a bin in `format` to `input`, in order and nothing more;
/// blank lines may come before each answer. `Ok` when the judge would accept it.
pub fn judge(format: &Format, input: &[u8], output: &[u8]) -> std::result::Result<(), Verdict> {
    let cases = (format.read)(input).map_err(|e| Verdict::BadInput(e.to_string()))?;
    let mut r = Reader::new(output);
    for (k, case) in cases.iter().enumerate() {
        let wrong = |why: String| Verdict::Wrong(format!("case {}: {}", k + 1, why));
        let expected = expected(format, case).ok_or_else(|| {
            let msg = format!(
                "case {}: the puzzle has no solution, and {} has no answer for that",
                k + 1,
                format.bin
            );
            Verdict::BadInput(msg)
        })?;
        r.skip_blank_lines();
        if r.at_end() {
            let n = cases.len();
            return Err(wrong(format!(
                "missing: the output ends after {} of {} answers",
                k, n
            )));
        }
        if let Rule::Verdict { .. } = format.rule {
            let label = format!("Case {}: ", k + 1);
            if !r.eat(label.as_bytes()) {
                let (line, label) = (r.line(), label.trim_end());
                return Err(wrong(format!("line {}: expected `{}`", line, label)));
            }
        }
        if let Some(h) = &case.header {
            if !r.eat_line(h) {
                let h = String::from_utf8_lossy(h);
                return Err(wrong(format!(
                    "line {}: expected the header `{}`",
                    r.line(),
                    h
                )));
            }
        }
        let answer = read_answer(&mut r, format, &case.puzzle, &expected)
            .map_err(|e| wrong(e.to_string()))?;
        verdict(case, &expected, &answer).map_err(wrong)?;
    }
    let last = format!("the answer to case {}", cases.len());
    r.expect_end(&last)
        .map_err(|e| Verdict::Wrong(format!("extra output: {}", e)))
}

/// The expected answer to `case` under `format`'s rule; `None` if the format has none.
fn expected(format: &Format, case: &Case) -> Option<Expected> {
    let grid = |solution, exact| Some(Expected::Grid { solution, exact });
    match format.rule {
        Rule::Smallest { none } => match case.first_solution() {
            Some(s) => grid(s, true),
            None => none.map(|w| Expected::Word(w, "the puzzle has no solution")),
        },
        Rule::Any => case.first_solution().and_then(|s| grid(s, false)),
        Rule::Unique { several, none } => match case.count_solutions(2) {
            1 => case.first_solution().and_then(|s| grid(s, true)),
            0 => Some(Expected::Word(none, "the puzzle has no solution")),
            _ => Some(Expected::Word(several, "the puzzle has several solutions")),
        },
        Rule::Verdict {
            illegal,
            unique,
            several,
            none,
        } => Some(match case.clashes() {
            true => Expected::Word(illegal, "two givens share a unit"),
            false => match case.count_solutions(2) {
                0 => Expected::Word(none, "the puzzle has no solution"),
                1 => Expected::Word(unique, "the puzzle has one solution"),
                _ => Expected::Word(several, "the puzzle has several solutions"),
            },
        }),
        Rule::Marks => case
            .puzzle
            .to_grid()
            .map(|g| Expected::Marks(g, g.repeats())),
        Rule::Valid { yes, no } => Some(match case.clashes() {
            false => Expected::Word(yes, "the grid is valid"),
            true => Expected::Word(no, "the grid breaks a rule"),
        }),
    }
}

/// Every word `rule` may answer with.
fn words(rule: Rule) -> Vec<&'static str> {
    match rule {
        Rule::Smallest { none } => none.into_iter().collect(),
        Rule::Any | Rule::Marks => Vec::new(),
        Rule::Unique { several, none } => vec![several, none],
        Rule::Verdict {
            illegal,
            unique,
            several,
            none,
        } => vec![illegal, unique, several, none],
        Rule::Valid { yes, no } => vec![yes, no],
    }
}

/// Reads one answer: a line holding one of the rule's words, else a solution in the
/// format's shape.
fn read_answer(
    r: &mut Reader,
    format: &Format,
    puzzle: &Square,
    expected: &Expected,
) -> Result<Answer> {
    let words = words(format.rule);
    if let Some(w) = words.iter().find(|w| r.eat_line(w.as_bytes())) {
        return Ok(Answer::Word(w));
    }
    if let Rule::Marks = format.rule {
        return read_marked(r);
    }
    let mut g = Grid::EMPTY;
    match format.shape {
        Some(Shape::Digits) => g = r.grid(Reader::compact_row)?,
        Some(Shape::Spaced) => g = r.grid(Reader::spaced_row)?,
        Some(Shape::Line) => r.compact_cells(&mut g.0, &DIGITS, b"")?,
        Some(Shape::Json) => g = r.json_grid()?,
        Some(Shape::Numbers) => {
            let s = square::text::read(r, puzzle.box_size(), Reader::square_row)?;
            return Ok(Answer::Grid(s));
        }
        Some(Shape::Letters) => {
            return Ok(Answer::Grid(square::text::read(r, 4, Reader::letter_row)?))
        }
        None => {
            let want = match expected {
                Expected::Word(w, _) => w,
                Expected::Grid { .. } | Expected::Marks(..) => "a solution",
            };
            return Err(r.error(format!("expected `{}`, found {}", want, r.found())));
        }
    }
    Ok(Answer::Grid(Square::from_grid(&g)))
}

/// Reads 9 lines of 9 digits, each after `*` (marked) or a space: AOJ 0126's answer.
fn read_marked(r: &mut Reader) -> Result<Answer> {
    let (mut g, mut marks) = (Grid::EMPTY, [false; 81]);
    for (i, (cell, mark)) in g.0.iter_mut().zip(marks.iter_mut()).enumerate() {
        if i % 9 == 0 && r.at_end() {
            return Err(r.error(format!("input ends after {} of 9 rows", i / 9)));
        }
        *mark = r.eat(b"*");
        if !*mark && !r.eat(b" ") {
            return Err(r.error(format!("expected '*' or a space, found {}", r.found())));
        }
        *cell = r.digit(1)?;
        if i % 9 == 8 {
            r.end_line()?;
        }
    }
    Ok(Answer::Marked(g, marks))
}

/// Whether `answer` is what `expected` asks for `case`, and if not, why.
fn verdict(case: &Case, expected: &Expected, answer: &Answer) -> std::result::Result<(), String> {
    match (expected, answer) {
        (Expected::Word(w, _), Answer::Word(a)) if w == a => Ok(()),
        (Expected::Word(w, why), Answer::Word(a)) => {
            Err(format!("{}: expected `{}`, found `{}`", why, w, a))
        }
        (Expected::Word(w, why), Answer::Grid(_)) => {
            Err(format!("{}: expected `{}`, found a grid", why, w))
        }
        (Expected::Marks(grid, marks), Answer::Marked(a, got)) => {
            let cell = |i: usize| format!("row {} column {}", i / 9 + 1, i % 9 + 1);
            if let Some(i) = (0..81).find(|&i| a.0[i] != grid.0[i]) {
                let (x, y) = (a.0[i], grid.0[i]);
                return Err(format!("{} holds {} but the input has {}", cell(i), x, y));
            }
            match (0..81).find(|&i| got[i] != marks[i]) {
                Some(i) if marks[i] => Err(format!(
                    "{}: {} appears again in its row, column or box, but has no `*`",
                    cell(i),
                    a.0[i]
                )),
                Some(i) => Err(format!(
                    "{}: {} appears once in each of its units, but has a `*`",
                    cell(i),
                    a.0[i]
                )),
                None => Ok(()),
            }
        }
        (Expected::Marks(..), _) | (_, Answer::Marked(..)) => {
            Err("the answer does not fit the format".to_string())
        }
        (Expected::Grid { .. }, Answer::Word(a)) => {
            Err(format!("the puzzle has a solution, found `{}`", a))
        }
        (Expected::Grid { solution, exact }, Answer::Grid(a)) => {
            check_units(&case.puzzle, a, case.regions.as_ref())?;
            let (a, solution, side) = (a.cells(), solution.cells(), case.puzzle.side());
            match (0..a.len()).find(|&i| a[i] != solution[i]) {
                Some(i) if *exact => Err(format!(
                    "a valid solution but not the smallest: row {} column {} holds {} where the smallest holds {}",
                    i / side + 1,
                    i % side + 1,
                    a[i],
                    solution[i]
                )),
                _ => Ok(()),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A valid grid by the band pattern: row r is 1..9 shifted by 3r + r/3.
    fn solved() -> Grid {
        let mut g = Grid::EMPTY;
        for (i, d) in g.0.iter_mut().enumerate() {
            let (r, c) = (i / 9, i % 9);
            *d = ((r * 3 + r / 3 + c) % 9 + 1) as u8;
        }
        g
    }

    #[test]
    fn other_sizes_are_checked_and_a_size_mismatch_named() {
        // The 4x4 rows 1 2 3 4 / 3 4 1 2 / 2 1 4 3 / 4 3 2 1 are valid; swapping the first
        // two cells of row 1 keeps it valid, and column 1 then holds 2 in rows 1 and 3.
        let s = vec![1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1];
        let ok = Square::from_cells(2, s.clone());
        assert_eq!(check_square(&Square::empty(2), &ok), Ok(()));
        let mut swapped = s;
        swapped.swap(0, 1);
        let bad = Square::from_cells(2, swapped);
        assert_eq!(
            check_square(&Square::empty(2), &bad),
            Err("column 1 has 2 twice: row 1 column 1 and row 3 column 1".into())
        );
        assert_eq!(
            check_square(&Square::empty(3), &ok),
            Err("the answer is 4x4, the puzzle 9x9".into())
        );
    }

    #[test]
    fn jigsaw_regions_stand_for_the_boxes() {
        // Regions: rows 3 to 9 each one region; row 1's first 8 cells and row 2's first
        // make one, row 1's last and row 2's other 8 another. The band grid's row 1 reads
        // 1 to 9 and row 2 starts with 4: the first region holds 4 twice, at row 1 column 4
        // and row 2 column 1, while its rows, columns and boxes are all valid.
        let mut labels = [0u8; 81];
        for (i, l) in labels.iter_mut().enumerate() {
            *l = (i / 9) as u8;
        }
        labels[8] = 1;
        labels[9] = 0;
        let regions = Regions::new(&labels, |_| String::new()).unwrap();
        let s = Square::from_grid(&solved());
        assert_eq!(check_units(&Square::empty(3), &s, None), Ok(()));
        assert_eq!(
            check_units(&Square::empty(3), &s, Some(&regions)),
            Err(
                "the region of row 1 column 4 has 4 twice: row 1 column 4 and row 2 column 1"
                    .into()
            )
        );
    }

    #[test]
    fn a_valid_grid_keeping_the_givens_passes() {
        let s = solved();
        let mut p = s;
        p.0[10..40].iter_mut().for_each(|d| *d = 0);
        assert_eq!(check(&p, &s), Ok(()));
        assert_eq!(check(&Grid::EMPTY, &s), Ok(()));
    }

    #[test]
    fn each_fault_is_named_with_its_cells() {
        let s = solved();
        let mut a = s;
        a.0[12] = 0;
        assert_eq!(
            check(&Grid::EMPTY, &a),
            Err("row 2 column 4 is blank".into())
        );
        let mut p = Grid::EMPTY;
        p.0[80] = s.0[80] % 9 + 1;
        assert_eq!(
            check(&p, &s),
            Err(format!(
                "row 9 column 9 holds {} but the puzzle gives {}",
                s.0[80], p.0[80]
            ))
        );
        // Swapping two cells of row 1 keeps the row valid but repeats digits in columns.
        let mut a = s;
        a.0.swap(0, 1);
        assert_eq!(
            check(&Grid::EMPTY, &a),
            Err("column 1 has 2 twice: row 1 column 1 and row 4 column 1".into())
        );
        // Swapping rows 1 and 4 keeps rows and columns valid; row 1 becomes 2 3 4 ..., so
        // box 1 meets 4 again at row 2 column 1.
        let mut a = s;
        for c in 0..9 {
            a.0.swap(c, 27 + c);
        }
        assert_eq!(
            check(&Grid::EMPTY, &a),
            Err("box 1 has 4 twice: row 1 column 3 and row 2 column 1".into())
        );
        let mut a = s;
        a.0[0] = a.0[1];
        assert_eq!(
            check(&Grid::EMPTY, &a),
            Err("row 1 has 2 twice: row 1 column 1 and row 1 column 2".into())
        );
    }
}
