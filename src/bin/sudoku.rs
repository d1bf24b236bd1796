//! `sudoku`: the contestant's tool beside the judge bins - solve puzzles in any layout,
//! count or list solutions, generate puzzles, check an answer, trace the search. It streams:
//! each puzzle is answered before the next is read, and the first malformed one stops the
//! run with exit status 2, the answers before it already printed. Never bundled for judges,
//! so it may use std APIs newer than the library's rustc 1.56 (each use says so).
//!
//! Each command is a usage text, an options struct that parses the command's arguments,
//! and a function of the command's name; `main` lists the commands, one line each.

use std::fs::File;
use std::io::{self, BufReader, BufWriter, IsTerminal, Write};
use std::str::FromStr;
use std::time::{Duration, Instant};
use sudoku_kit::error::Error;
use sudoku_kit::gen::{self, Rng};
use sudoku_kit::grid::Grid;
use sudoku_kit::layout::{self, Puzzles};
use sudoku_kit::trace::{self, Counts};
use sudoku_kit::{check, hunt, plain, solver, visit};

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
        "solve" => run(SOLVE, rest, |a| solve(SolveOptions::parse(a)?)),
        "gen" => run(GEN, rest, |a| gen(GenOptions::parse(a)?)),
        "check" => run(CHECK, rest, |a| check(CheckOptions::parse(a)?)),
        "trace" => run(TRACE, rest, |a| trace(TraceOptions::parse(a)?)),
        "hunt" => run(HUNT, rest, |a| hunt(HuntOptions::parse(a)?)),
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
    mut answer: impl FnMut(&Grid, &mut dyn Write) -> Result<(), Fail>,
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

/// One solution: 81 digits on a line, or with `grid` a pretty grid and a blank line.
fn write_solution(grid: bool, s: &Grid, out: &mut dyn Write) -> io::Result<()> {
    if grid {
        let text = layout::pretty(|i| layout::cell_text(s, i)) + "\n";
        out.write_all(text.as_bytes())
    } else {
        let mut line = Vec::with_capacity(82);
        s.write_line(&mut line);
        out.write_all(&line)
    }
}

// ---- solve ----

const SOLVE: &str = "\
usage: sudoku solve [--grid] [--count [--limit N] | --all [--limit N]] [--plain] [--stats]
Reads puzzles from stdin: 81-character lines or 9 rows of 9 cells, with or without
spaces and | - + separators; blanks are 0 . _ * ?. For each puzzle prints its
lexicographically smallest solution as 81 digits, or `none`.
  --grid      print solutions as 9x9 grids with box separators, each followed by a
              blank line
  --count     print the number of solutions, exact up to the limit, else `N+`
  --all       print every solution in lexicographic order, a blank line between puzzles
  --limit N   the limit for --count (default 1000000); at most N solutions for --all
  --plain     use the plain reference search instead of the fast solver
  --stats     print puzzles, placements, backtracks and time on stderr; the fast solver
              counts no steps, so without --plain only puzzles and time are reported
";

/// Which search answers: both give the same answers, in the same order.
#[derive(Clone, Copy, PartialEq)]
enum Engine {
    /// The library's fast solver.
    Fast,
    /// The plain reference search, whose steps `--stats` counts.
    Plain,
}

impl Engine {
    /// The lexicographically smallest solution.
    fn first(self, g: &Grid, counts: &mut Counts) -> Option<Grid> {
        match self {
            Engine::Fast => solver::first_solution(g),
            Engine::Plain => visit::first(|v| self.enumerate(g, counts, v)),
        }
    }

    /// The number of solutions, counting no further than `limit`.
    fn count(self, g: &Grid, limit: usize, counts: &mut Counts) -> usize {
        match self {
            Engine::Fast => solver::count_solutions(g, limit),
            Engine::Plain => visit::count(|v| self.enumerate(g, counts, v), limit),
        }
    }

    /// Calls `visit` on each solution in lexicographic order until it returns true; the
    /// plain search adds its steps to `counts`.
    fn enumerate(self, g: &Grid, counts: &mut Counts, visit: &mut dyn FnMut(&Grid) -> bool) {
        match self {
            Engine::Fast => solver::solutions(g, visit),
            Engine::Plain => plain::observed(g, visit, |_, step| {
                counts.add(step);
                false
            }),
        }
    }
}

/// What `solve` prints for each puzzle.
#[derive(Clone, Copy, PartialEq)]
enum Answer {
    First,
    Count,
    All,
}

struct SolveOptions {
    answer: Answer,
    limit: Option<usize>,
    engine: Engine,
    stats: bool,
    grid: bool,
}

impl SolveOptions {
    fn parse(args: &mut Args) -> Result<SolveOptions, Fail> {
        let mut o = SolveOptions {
            answer: Answer::First,
            limit: None,
            engine: Engine::Fast,
            stats: false,
            grid: false,
        };
        while let Some(a) = args.next() {
            match a {
                "--count" | "--all" if o.answer != Answer::First => {
                    return Err(Fail::Usage("--count and --all exclude each other".into()));
                }
                "--count" => o.answer = Answer::Count,
                "--all" => o.answer = Answer::All,
                "--limit" => o.limit = Some(args.value(a)?),
                "--plain" => o.engine = Engine::Plain,
                "--stats" => o.stats = true,
                "--grid" => o.grid = true,
                _ => return Err(args.unknown(a)),
            }
        }
        misuse(match (o.answer, o.limit, o.grid) {
            (_, Some(0), _) => Some("--limit must be at least 1"),
            (Answer::First, Some(_), _) => Some("--limit goes with --count or --all"),
            (Answer::Count, _, true) => Some("--grid does not go with --count"),
            _ => None,
        })?;
        Ok(o)
    }
}

fn solve(o: SolveOptions) -> Result<(), Fail> {
    let (start, mut puzzles, mut counts) = (Instant::now(), 0, Counts::default());
    let mut out = stdout();
    let result = each_puzzle(&mut out, |g, out| {
        puzzles += 1;
        answer(&o, puzzles == 1, g, &mut counts, out)
    });
    if o.stats {
        let steps = match o.engine {
            Engine::Plain => format!(
                "{} placements, {} backtracks, ",
                counts.placements, counts.backtracks
            ),
            Engine::Fast => String::new(),
        };
        let ms = start.elapsed().as_secs_f64() * 1e3;
        eprintln!("stats: {} puzzles, {}{:.3} ms", puzzles, steps, ms);
    }
    result
}

/// Prints the answer `o` asks for about one puzzle; `first` tells whether it is the first.
fn answer(
    o: &SolveOptions,
    first: bool,
    g: &Grid,
    counts: &mut Counts,
    out: &mut dyn Write,
) -> Result<(), Fail> {
    match o.answer {
        Answer::First => match o.engine.first(g, counts) {
            Some(s) => write_solution(o.grid, &s, out)?,
            None => writeln!(out, "none")?,
        },
        // Counting one past the limit tells "exactly the limit" from "more".
        Answer::Count => {
            let limit = o.limit.unwrap_or(1_000_000);
            match o.engine.count(g, limit.saturating_add(1), counts) {
                n if n > limit => writeln!(out, "{}+", limit)?,
                n => writeln!(out, "{}", n)?,
            }
        }
        Answer::All => {
            if !first && !o.grid {
                writeln!(out)?;
            }
            let (mut n, mut failed) = (0, None);
            o.engine.enumerate(g, counts, &mut |s| {
                n += 1;
                failed = write_solution(o.grid, s, out).err();
                failed.is_some() || Some(n) == o.limit
            });
            if let Some(e) = failed {
                return Err(e.into());
            }
            if n == 0 {
                writeln!(out, "none")?;
            }
        }
    }
    Ok(())
}

// ---- gen ----

const GEN: &str = "\
usage: sudoku gen [--count N] [--seed S] [--clues K] [--unique | --mix]
Prints N (default 1) random puzzles, one 81-character line each, `.` for blanks; the same
seed (default: the clock) gives the same puzzles.
  --clues K   blank all but K random cells of a random solved grid (default 30)
  --unique    blank cells one by one while the solution stays unique, down to K clues
              if --clues is given (a puzzle that gets stuck keeps more)
  --mix       the stress-test mix: unique, several-solution and unsolvable puzzles
";

struct GenOptions {
    count: usize,
    seed: Option<u64>,
    clues: Option<usize>,
    unique: bool,
    mix: bool,
}

impl GenOptions {
    fn parse(args: &mut Args) -> Result<GenOptions, Fail> {
        let mut o = GenOptions {
            count: 1,
            seed: None,
            clues: None,
            unique: false,
            mix: false,
        };
        while let Some(a) = args.next() {
            match a {
                "--count" => o.count = args.value(a)?,
                "--seed" => o.seed = Some(args.value(a)?),
                "--clues" => o.clues = Some(args.value(a)?),
                "--unique" => o.unique = true,
                "--mix" => o.mix = true,
                _ => return Err(args.unknown(a)),
            }
        }
        misuse(match (o.clues, o.unique, o.mix) {
            (Some(k), _, _) if k > 81 => Some("--clues must be 0 to 81"),
            (_, true, true) => Some("--unique and --mix exclude each other"),
            (Some(_), _, true) => Some("--mix chooses its own clue counts"),
            _ => None,
        })?;
        Ok(o)
    }
}

fn gen(o: GenOptions) -> Result<(), Fail> {
    let seed = o.seed.unwrap_or_else(|| {
        let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH);
        now.map_or(0, |d| d.as_nanos() as u64)
    });
    let mut rng = Rng(seed);
    let mut out = stdout();
    let mut line = Vec::with_capacity(82);
    for _ in 0..o.count {
        let g = if o.mix {
            gen::mixed(&mut rng)
        } else if o.unique {
            gen::unique(&mut rng, o.clues.unwrap_or(0))
        } else {
            gen::with_clues(&mut rng, o.clues.unwrap_or(30))
        };
        line.clear();
        layout::write_dotted(&g, &mut line);
        out.write_all(&line)?;
    }
    out.flush()?;
    Ok(())
}

// ---- check ----

const CHECK: &str = "\
usage: sudoku check INPUT OUTPUT [EXPECTED]
       sudoku check GRID
Exit 0 if OUTPUT holds one complete, valid grid that keeps INPUT's givens, else exit 1
with the reason. EXPECTED is accepted and ignored (any valid solution is right), so this
works as `oj t --judge-command`. With one file, checks that it holds a valid filled grid.
Files hold grids in any layout `sudoku solve` reads. A bad INPUT exits 2.
";

struct CheckOptions {
    /// The puzzle file; `None` checks a grid on its own.
    input: Option<String>,
    output: String,
}

impl CheckOptions {
    fn parse(args: &mut Args) -> Result<CheckOptions, Fail> {
        let mut files = Vec::new();
        while let Some(a) = args.next() {
            match a {
                _ if a.starts_with('-') => return Err(args.unknown(a)),
                _ => files.push(a.to_string()),
            }
        }
        let mut files = files.into_iter();
        match (files.next(), files.next(), files.next(), files.next()) {
            (Some(grid), None, None, None) => Ok(CheckOptions {
                input: None,
                output: grid,
            }),
            (Some(input), Some(output), _, None) => Ok(CheckOptions {
                input: Some(input),
                output,
            }),
            _ => Err(Fail::Usage("expected 1 to 3 files".into())),
        }
    }
}

/// The first grid in `path` and the rest of its puzzles; errors name the file.
fn first_grid(path: &str) -> Result<(Grid, Puzzles<BufReader<File>>), String> {
    let file = File::open(path).map_err(|e| format!("cannot open {}: {}", path, e))?;
    let mut puzzles = Puzzles::new(BufReader::new(file));
    match puzzles.next() {
        Some(Ok(g)) => Ok((g, puzzles)),
        Some(Err(e)) => Err(format!("{}: {}", path, e)),
        None => Err(format!("{} holds no grid", path)),
    }
}

fn check(o: CheckOptions) -> Result<(), Fail> {
    let puzzle = match &o.input {
        Some(path) => first_grid(path).map_err(Fail::BadFile)?.0,
        None => Grid::EMPTY,
    };
    let (answer, mut rest) = first_grid(&o.output).map_err(Fail::Rejected)?;
    if rest.next().is_some() {
        return Err(Fail::Rejected("the answer holds more than one grid".into()));
    }
    check::check(&puzzle, &answer).map_err(Fail::Rejected)
}

// ---- trace ----

const TRACE: &str = "\
usage: sudoku trace [--delay MS] [--ansi | --lines]
Runs the plain search on each puzzle from stdin up to its first solution, showing every
step: on a terminal (or with --ansi) the grid is redrawn in place with the cell being
tried highlighted; otherwise (or with --lines) one line per step. Ends each puzzle with
its solution (or `none`) and a summary: placements, backtracks, time. Stops as soon as
its output is closed (`| head`).
  --delay MS  pause after each step (default 20 when redrawing, else 0)
";

struct TraceOptions {
    delay: Duration,
    redraw: bool,
}

impl TraceOptions {
    fn parse(args: &mut Args) -> Result<TraceOptions, Fail> {
        let (mut delay, mut redraw) = (None, terminal(io::stdout()));
        while let Some(a) = args.next() {
            match a {
                "--delay" => delay = Some(args.value(a)?),
                "--ansi" => redraw = true,
                "--lines" => redraw = false,
                _ => return Err(args.unknown(a)),
            }
        }
        let delay = delay.unwrap_or(if redraw { 20 } else { 0 });
        Ok(TraceOptions {
            delay: Duration::from_millis(delay),
            redraw,
        })
    }
}

fn trace(o: TraceOptions) -> Result<(), Fail> {
    let mut out = stdout();
    each_puzzle(&mut out, |g, out| {
        if o.redraw {
            write!(out, "\x1b[2J")?;
        }
        let (start, mut counts, mut failed) = (Instant::now(), Counts::default(), None);
        let solution = visit::first(|v| {
            plain::observed(g, v, |now, step| {
                counts.add(step);
                let shown = if o.redraw {
                    out.write_all(trace::frame(g, now, step).as_bytes())
                        .and_then(|()| out.flush())
                } else {
                    writeln!(out, "{}", trace::step_line(step))
                };
                if !o.delay.is_zero() {
                    std::thread::sleep(o.delay);
                }
                // A failed write (the reader went away) stops the search at once.
                failed = shown.err();
                failed.is_some()
            })
        });
        if let Some(e) = failed {
            return Err(e.into());
        }
        match solution {
            Some(s) => write_solution(false, &s, out)?,
            None => writeln!(out, "none")?,
        }
        writeln!(
            out,
            "{} placements, {} backtracks, {:.3} ms",
            counts.placements,
            counts.backtracks,
            start.elapsed().as_secs_f64() * 1e3
        )?;
        Ok(())
    })
}

// ---- hunt ----

const HUNT: &str = "\
usage: sudoku hunt [--seed S] [--minutes M] [--tries N] [--top K]
Hill-climbs for puzzles the solver is slow on: from random solved grids keeping 8 to 28
givens, mutates 1 to 3 givens and keeps a mutation that costs the solver more search
nodes, restarting after 300 tries without progress. Stops after M minutes or N tried
puzzles, whichever comes first; a seed and a number of tries give the same puzzles on
every machine. Prints the K costliest climbs' puzzles, costliest first, one a line: the
puzzle (`.` blanks), its search nodes, and the best of three times in microseconds of
the solver and of the witness route (solver::witness_route).
  --seed S     the climb's seed (default 1)
  --minutes M  default 1
  --tries N    default: no limit
  --top K      default 10
";

struct HuntOptions {
    seed: u64,
    minutes: f64,
    tries: u64,
    top: usize,
}

impl HuntOptions {
    fn parse(args: &mut Args) -> Result<HuntOptions, Fail> {
        let mut o = HuntOptions {
            seed: 1,
            minutes: 1.0,
            tries: u64::MAX,
            top: 10,
        };
        while let Some(a) = args.next() {
            match a {
                "--seed" => o.seed = args.value(a)?,
                "--minutes" => o.minutes = args.value(a)?,
                "--tries" => o.tries = args.value(a)?,
                "--top" => o.top = args.value(a)?,
                _ => return Err(args.unknown(a)),
            }
        }
        let bad_minutes = !(0.0..=1e6).contains(&o.minutes);
        misuse(bad_minutes.then_some("--minutes must be 0 to 1000000"))?;
        Ok(o)
    }
}

fn hunt(o: HuntOptions) -> Result<(), Fail> {
    let until = Instant::now() + Duration::from_secs_f64(o.minutes * 60.0);
    let mut cost = |g: &Grid| solver::first_solution_and_nodes(g).1;
    let found = hunt::hunt(&mut Rng(o.seed), until, o.tries, o.top, &mut cost);
    let mut out = stdout();
    for f in found {
        let us = |solve: fn(&Grid) -> Option<Grid>| {
            let best = (0..3).map(|_| {
                let start = Instant::now();
                solve(&f.puzzle);
                start.elapsed()
            });
            best.min().unwrap_or_default().as_secs_f64() * 1e6
        };
        let (fast, witness) = (us(solver::first_solution), us(solver::witness_route));
        let mut line = Vec::with_capacity(82);
        layout::write_dotted(&f.puzzle, &mut line);
        line.pop();
        out.write_all(&line)?;
        writeln!(out, " {} {:.0} {:.0}", f.cost, fast, witness)?;
        out.flush()?;
    }
    Ok(())
}
