//! `sudoku check`: the special judge, for one grid or a judge bin's whole output.

use super::{Args, Fail};
use std::fs::File;
use std::io::BufReader;
use sudoku_kit::check;
use sudoku_kit::layout::Puzzles;
use sudoku_kit::square::Square;

pub(super) const CHECK: &str = "\
usage: sudoku check INPUT OUTPUT [EXPECTED]
       sudoku check GRID
       sudoku check --format BIN INPUT OUTPUT [EXPECTED]
Exit 0 if OUTPUT holds one complete, valid grid that keeps INPUT's givens, else exit 1
with the reason. EXPECTED is accepted and ignored (any valid solution is right), so this
works as `oj t --judge-command`. With one file, checks that it holds a valid filled grid.
Files hold grids in any layout `sudoku solve` reads. A bad INPUT exits 2.
  --format BIN  judge OUTPUT as judge bin BIN's answers to INPUT, in BIN's formats: every
                case, the smallest solution where that judge wants it, any valid one where
                it has a special judge, its words (Non-unique, No solution, ...) where due;
                the reason names the case. BIN is a judge bin's name (an unknown
                name gets the list).
";

pub(super) struct CheckOptions {
    /// The judge bin whose formats INPUT and OUTPUT are in; `None`: grids in any layout.
    format: Option<&'static check::Format>,
    /// The puzzle file; `None` checks a grid on its own.
    input: Option<String>,
    output: String,
}

impl CheckOptions {
    pub(super) fn parse(args: &mut Args) -> Result<CheckOptions, Fail> {
        let (mut files, mut format) = (Vec::new(), None);
        while let Some(a) = args.next() {
            match a {
                "--format" => {
                    let bin: String = args.value(a)?;
                    let known = check::format(&bin).ok_or_else(|| {
                        Fail::Usage(format!("unknown format '{}' ({})", bin, bins()))
                    })?;
                    format = Some(known);
                }
                _ if a.starts_with('-') => return Err(args.unknown(a)),
                _ => files.push(a.to_string()),
            }
        }
        let mut files = files.into_iter();
        match (files.next(), files.next(), files.next(), files.next()) {
            (Some(grid), None, None, None) if format.is_none() => Ok(CheckOptions {
                format,
                input: None,
                output: grid,
            }),
            (Some(input), Some(output), _, None) => Ok(CheckOptions {
                format,
                input: Some(input),
                output,
            }),
            _ if format.is_some() => Err(Fail::Usage("expected 2 or 3 files".into())),
            _ => Err(Fail::Usage("expected 1 to 3 files".into())),
        }
    }
}

/// The judge bins `--format` knows, for a usage message.
pub(super) fn bins() -> String {
    let names: Vec<&str> = check::FORMATS.iter().map(|f| f.bin).collect();
    names.join(", ")
}

/// The first grid in `path` and the rest of its puzzles; errors name the file.
pub(super) fn first_grid(path: &str) -> Result<(Square, Puzzles<BufReader<File>>), String> {
    let file = File::open(path).map_err(|e| format!("cannot open {}: {}", path, e))?;
    let mut puzzles = Puzzles::new(BufReader::new(file));
    match puzzles.next() {
        Some(Ok(p)) => Ok((p.grid, puzzles)),
        Some(Err(e)) => Err(format!("{}: {}", path, e)),
        None => Err(format!("{} holds no grid", path)),
    }
}

pub(super) fn check(o: CheckOptions) -> Result<(), Fail> {
    if let (Some(format), Some(input)) = (o.format, &o.input) {
        let read =
            |path: &str| std::fs::read(path).map_err(|e| format!("cannot open {}: {}", path, e));
        let input = read(input).map_err(Fail::BadFile)?;
        let output = read(&o.output).map_err(Fail::Rejected)?;
        return check::judge(format, &input, &output).map_err(|v| match v {
            check::Verdict::BadInput(why) => Fail::BadFile(why),
            check::Verdict::Wrong(why) => Fail::Rejected(why),
        });
    }
    let puzzle = match &o.input {
        Some(path) => Some(first_grid(path).map_err(Fail::BadFile)?.0),
        None => None,
    };
    let (answer, mut rest) = first_grid(&o.output).map_err(Fail::Rejected)?;
    if rest.next().is_some() {
        return Err(Fail::Rejected("the answer holds more than one grid".into()));
    }
    let puzzle = puzzle.unwrap_or_else(|| Square::empty(answer.box_size()));
    check::check_square(&puzzle, &answer).map_err(Fail::Rejected)
}
