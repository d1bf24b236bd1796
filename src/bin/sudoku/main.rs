//! `sudoku`: the contestant's tool beside the judge bins - solve puzzles in any layout,
//! count or list solutions, generate puzzles, check an answer, trace the search. It streams:
//! puzzles are answered as they are read (`solve --jobs`: a chunk at a time, on several
//! threads, see `jobs`), and the first malformed one stops the run with exit status 2, the
//! answers before it already printed. Never bundled for judges,
//! so it may use std APIs newer than the library's rustc 1.56 (each use says so).
//!
//! Each command is a file of this folder (`solve.rs`, `gen.rs`, `check.rs`, `trace.rs`,
//! `hunt.rs`): a usage text, an options struct that parses the command's arguments, and a
//! function of the command's name; `main` lists the commands, one line each, and holds what
//! they share (arguments, failures, stdout, the answer's layout).

use std::io::{self, BufWriter, IsTerminal, Write};
use std::str::FromStr;
use sudoku_kit::error::Error;
use sudoku_kit::layout::{self, Puzzle, Puzzles};
use sudoku_kit::square::{self, Square};

mod check;
mod gen;
mod hunt;
mod jobs;
mod solve;
mod trace;

const USAGE: &str = "\
usage: sudoku <command> [options]   (sudoku <command> --help for more)
  solve  solve puzzles from stdin, in any common layout
  gen    print random puzzles
  check  check an answer (special judge, testlib argument order)
  trace  show the search on a puzzle step by step
  hunt   search for puzzles the solver is slow on
";

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (command, rest) = match args.split_first() {
        Some((c, rest)) => (c.as_str(), rest),
        None => ("", &args[..]),
    };
    match command {
        "solve" => run(solve::SOLVE, rest, |a| {
            solve::solve(solve::SolveOptions::parse(a)?)
        }),
        "gen" => run(gen::GEN, rest, |a| gen::gen(gen::GenOptions::parse(a)?)),
        "check" => run(check::CHECK, rest, |a| {
            check::check(check::CheckOptions::parse(a)?)
        }),
        "trace" => run(trace::TRACE, rest, |a| {
            trace::trace(trace::TraceOptions::parse(a)?)
        }),
        "hunt" => run(hunt::HUNT, rest, |a| {
            hunt::hunt(hunt::HuntOptions::parse(a)?)
        }),
        "--help" | "-h" | "help" => print!("{}", USAGE),
        "" => exit_usage("no command given", USAGE),
        other => exit_usage(&format!("unknown command '{}'", other), USAGE),
    }
}

/// Runs one command on its arguments (or prints its usage for `--help`) and exits with
/// the status its outcome calls for.
fn run(usage: &'static str, args: &[String], command: impl FnOnce(&mut Args) -> Result<(), Fail>) {
    if args.iter().any(|a| a == "--help" || a == "-h") {
        print!("{}", usage);
        return;
    }
    let code = match command(&mut Args { rest: args.iter() }) {
        Ok(()) => 0,
        Err(Fail::Usage(msg)) => exit_usage(&msg, usage),
        Err(Fail::Input(e)) => {
            eprintln!("error: {}", e);
            e.exit_code()
        }
        Err(Fail::BadFile(msg)) => {
            eprintln!("error: {}", msg);
            2
        }
        Err(Fail::Rejected(why)) => {
            eprintln!("wrong answer: {}", why);
            1
        }
        Err(Fail::Io(e)) if e.kind() == io::ErrorKind::BrokenPipe => 0,
        Err(Fail::Io(e)) => {
            eprintln!("error: {}", e);
            1
        }
    };
    std::process::exit(code);
}

fn exit_usage(msg: &str, usage: &str) -> ! {
    eprint!("error: {}\n{}", msg, usage);
    std::process::exit(2);
}

/// Why a command stopped early, which decides the exit status.
enum Fail {
    /// Bad arguments: the message, then the command's usage, exit 2.
    Usage(String),
    /// Bad input, through the library's one error type.
    Input(Error),
    /// `check`'s INPUT file is missing or holds no grid: the judge's fault, exit 2.
    BadFile(String),
    /// `check` rejects the answer (its file is missing, bad or wrong): exit 1.
    Rejected(String),
    /// Writing the output failed; a closed pipe ends the command quietly.
    Io(io::Error),
}

impl From<io::Error> for Fail {
    fn from(e: io::Error) -> Fail {
        Fail::Io(e)
    }
}

impl From<Error> for Fail {
    fn from(e: Error) -> Fail {
        Fail::Input(e)
    }
}

/// A command's arguments, read one at a time by its options struct.
struct Args<'a> {
    rest: std::slice::Iter<'a, String>,
}

impl<'a> Args<'a> {
    fn next(&mut self) -> Option<&'a str> {
        self.rest.next().map(String::as_str)
    }

    /// The value after `flag`, parsed; a missing or bad value is a usage error.
    fn value<T: FromStr>(&mut self, flag: &str) -> Result<T, Fail> {
        let v = self
            .next()
            .ok_or_else(|| Fail::Usage(format!("{} needs a value", flag)))?;
        v.parse()
            .map_err(|_| Fail::Usage(format!("bad value for {}: '{}'", flag, v)))
    }

    fn unknown(&self, arg: &str) -> Fail {
        Fail::Usage(format!("unknown option '{}'", arg))
    }
}

/// A usage error unless `misuse` is `None`.
fn misuse(misuse: Option<&str>) -> Result<(), Fail> {
    match misuse {
        Some(msg) => Err(Fail::Usage(msg.into())),
        None => Ok(()),
    }
}

/// `IsTerminal` is Rust 1.70; only the library must build with rustc 1.56.
#[allow(clippy::incompatible_msrv)]
fn terminal(stream: impl IsTerminal) -> bool {
    stream.is_terminal()
}

fn stdout() -> BufWriter<io::StdoutLock<'static>> {
    BufWriter::with_capacity(1 << 16, io::stdout().lock())
}

/// Calls `answer` on each puzzle of stdin in turn, up to the first malformed one. Flushes
/// `out` after each answer when stdin is a terminal, so a person typing puzzles sees it.
fn each_puzzle(
    out: &mut impl Write,
    mut answer: impl FnMut(&Puzzle, &mut dyn Write) -> Result<(), Fail>,
) -> Result<(), Fail> {
    let interactive = terminal(io::stdin());
    let result = Puzzles::new(io::stdin().lock()).try_for_each(|p| {
        answer(&p?, out)?;
        if interactive {
            out.flush()?;
        }
        Ok(())
    });
    // Answers printed before a malformed puzzle stay.
    out.flush()?;
    result
}

/// One solution of `p`. A 9x9 one: 81 digits on a line, or with `grid` a pretty grid and a
/// blank line. Other sizes: rows in the puzzle's layout (numbers or letters), a blank line.
fn write_solution(grid: bool, p: &Puzzle, s: &Square, out: &mut dyn Write) -> io::Result<()> {
    let mut text = Vec::new();
    match s.to_grid() {
        Some(g) if grid => text = (layout::pretty(|i| layout::cell_text(&g, i)) + "\n").into(),
        Some(g) => g.write_line(&mut text, b'0'),
        None if p.letters => square::text::write_letters(s, &mut text),
        None => square::text::write_numbers(s, &mut text),
    }
    if s.box_size() != 3 {
        text.push(b'\n');
    }
    out.write_all(&text)
}
