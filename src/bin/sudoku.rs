//! `sudoku`: the contestant's tool beside the judge bins - solve puzzles in any layout,
//! count or list solutions, generate puzzles, check an answer, trace the search. It streams:
//! puzzles are answered as they are read (`solve --jobs`: a chunk at a time, on several
//! threads, see `jobs`), and the first malformed one stops the run with exit status 2, the
//! answers before it already printed. Never bundled for judges,
//! so it may use std APIs newer than the library's rustc 1.56 (each use says so).
//!
//! Each command is a usage text, an options struct that parses the command's arguments,
//! and a function of the command's name; `main` lists the commands, one line each.

use std::fs::File;
use std::io::{self, BufReader, BufWriter, IsTerminal, Write};
use std::str::FromStr;
use std::time::{Duration, Instant};
use sudoku_kit::error::Error;
use sudoku_kit::gen;
use sudoku_kit::grid::Grid;
use sudoku_kit::layout::{self, Puzzle, Puzzles};
use sudoku_kit::rng::Rng;
use sudoku_kit::square::{Square, MAX_BOX};
use sudoku_kit::trace::{self, Counts};
use sudoku_kit::{check, hunt, plain, solver, square, visit};

#[path = "sudoku/jobs.rs"]
mod jobs;

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

// ---- solve ----

const SOLVE: &str = "\
usage: sudoku solve [--grid] [--count [--limit N] | --all [--limit N]] [--plain] [--stats]
                    [--jobs N]
Reads puzzles from stdin: 81-character lines or 9 rows of 9 cells, with or without
spaces and | - + separators; blanks are 0 . _ * ?. For each puzzle prints its
lexicographically smallest solution as 81 digits, or `none`. Other sizes: 4, 16, 25 or
36 rows of as many space-separated numbers (0 blank), or 16 rows of letters A-P (- or .
blank); their solutions are written in the same layout, each followed by a blank line.
  --grid      print 9x9 solutions as grids with box separators, each followed by a
              blank line
  --count     print the number of solutions, exact up to the limit, else `N+`
  --all       print every solution in lexicographic order, a blank line between puzzles
  --limit N   the limit for --count (default 1000000); at most N solutions for --all
  --plain     use the plain reference search instead of the fast solver
  --stats     print puzzles, placements, backtracks and time on stderr; the fast solver
              counts no steps, so without --plain only puzzles and time are reported
  --jobs N    solve on N threads (default: one per core), answers still in input order
              and streamed; --all, and puzzles typed on a terminal, go one at a time
Also skips `Grid NN` header lines and a first line holding only the number of puzzles.
With stderr on a terminal and stdout not, a long run shows its progress on stderr.
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
    fn first(self, g: &Square, counts: &mut Counts) -> Option<Square> {
        match self {
            Engine::Fast => square::solver::first_solution(g),
            Engine::Plain => visit::first(|v| self.enumerate(g, counts, v)),
        }
    }

    /// The number of solutions, counting no further than `limit`.
    fn count(self, g: &Square, limit: usize, counts: &mut Counts) -> usize {
        match self {
            Engine::Fast => square::solver::count_solutions(g, limit),
            Engine::Plain => visit::count(|v| self.enumerate(g, counts, v), limit),
        }
    }

    /// Calls `visit` on each solution in lexicographic order until it returns true; the
    /// plain search adds its steps to `counts`.
    fn enumerate(self, g: &Square, counts: &mut Counts, visit: &mut dyn FnMut(&Square) -> bool) {
        match self {
            Engine::Fast => square::solver::solutions(g, visit),
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
    jobs: usize,
}

impl SolveOptions {
    fn parse(args: &mut Args) -> Result<SolveOptions, Fail> {
        let mut o = SolveOptions {
            answer: Answer::First,
            limit: None,
            engine: Engine::Fast,
            stats: false,
            grid: false,
            jobs: cores(),
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
                "--jobs" => o.jobs = args.value(a)?,
                _ => return Err(args.unknown(a)),
            }
        }
        misuse(match (o.answer, o.limit, o.grid) {
            _ if o.jobs == 0 => Some("--jobs must be at least 1"),
            (_, Some(0), _) => Some("--limit must be at least 1"),
            (Answer::First, Some(_), _) => Some("--limit goes with --count or --all"),
            (Answer::Count, _, true) => Some("--grid does not go with --count"),
            _ => None,
        })?;
        Ok(o)
    }
}

/// The number of threads the machine runs at once (1 if it cannot tell).
#[allow(clippy::incompatible_msrv)] // available_parallelism is Rust 1.59; the tool is not bundled
fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

fn solve(o: SolveOptions) -> Result<(), Fail> {
    let start = Instant::now();
    let mut progress = Progress::new(terminal(io::stderr()) && !terminal(io::stdout()));
    // Several solutions per puzzle have no bound, and a person typing wants each answer.
    let parallel = o.jobs > 1 && o.answer != Answer::All && !terminal(io::stdin());
    let (counts, result) = if parallel {
        solve_in_parallel(&o, &mut progress)
    } else {
        let (mut counts, mut n) = (Counts::default(), 0);
        let result = each_puzzle(&mut stdout(), |g, out| {
            n += 1;
            progress.add(1);
            answer(&o, n == 1, g, &mut counts, out)
        });
        (counts, result)
    };
    progress.finish();
    if o.stats {
        let steps = match o.engine {
            Engine::Plain => format!(
                "{} placements, {} backtracks, ",
                counts.placements, counts.backtracks
            ),
            Engine::Fast => String::new(),
        };
        let ms = start.elapsed().as_secs_f64() * 1e3;
        eprintln!("stats: {} puzzles, {}{:.3} ms", progress.done, steps, ms);
    }
    result
}

/// `solve` on `o.jobs` threads (see [`jobs`]); the plain search's steps are summed over them.
fn solve_in_parallel(o: &SolveOptions, progress: &mut Progress) -> (Counts, Result<(), Fail>) {
    let total = std::sync::Mutex::new(Counts::default());
    let answer_chunk = |chunk: &[Puzzle], out: &mut Vec<u8>| {
        let mut counts = Counts::default();
        for g in chunk {
            // Writing into a Vec cannot fail.
            let _ = answer(o, false, g, &mut counts, out);
        }
        if let Ok(mut total) = total.lock() {
            total.placements += counts.placements;
            total.backtracks += counts.backtracks;
        }
    };
    let mut out = BufWriter::with_capacity(1 << 16, io::stdout());
    let puzzles = Puzzles::new(io::stdin().lock()).map(|p| p.map_err(Fail::from));
    let result = jobs::in_order(puzzles, o.jobs, answer_chunk, |bytes, n| {
        out.write_all(bytes)?;
        progress.add(n);
        Ok(())
    });
    // Answers written before a malformed puzzle stay.
    let result = out.flush().map_err(Fail::from).and(result);
    (total.into_inner().unwrap_or_default(), result)
}

/// Puzzles done and puzzles per second, redrawn on one stderr line at most 4 times a second
/// when `on`; a run shorter than that shows nothing.
struct Progress {
    on: bool,
    start: Instant,
    shown: Option<Instant>,
    done: usize,
}

impl Progress {
    fn new(on: bool) -> Progress {
        Progress {
            on,
            start: Instant::now(),
            shown: None,
            done: 0,
        }
    }

    fn add(&mut self, n: usize) {
        self.done += n;
        if !self.on {
            return;
        }
        let last = self.shown.unwrap_or(self.start);
        if last.elapsed() >= Duration::from_millis(250) {
            self.shown = Some(Instant::now());
            self.show();
        }
    }

    fn show(&self) {
        let rate = self.done as f64 / self.start.elapsed().as_secs_f64();
        eprint!("\r{} puzzles, {:.0} puzzles/s ", self.done, rate);
    }

    /// Shows the final count and ends the line, if anything was shown.
    fn finish(&self) {
        if self.shown.is_some() {
            self.show();
            eprintln!();
        }
    }
}

/// Prints the answer `o` asks for about one puzzle; `first` tells whether it is the first.
fn answer(
    o: &SolveOptions,
    first: bool,
    p: &Puzzle,
    counts: &mut Counts,
    out: &mut dyn Write,
) -> Result<(), Fail> {
    let g = &p.grid;
    match o.answer {
        Answer::First => match o.engine.first(g, counts) {
            Some(s) => write_solution(o.grid, p, &s, out)?,
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
                failed = write_solution(o.grid, p, s, out).err();
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
usage: sudoku gen [--size N] [--count N] [--seed S] [--clues K] [--unique | --mix] [--letters]
Prints N (default 1) random puzzles, one 81-character line each, `.` for blanks; the same
seed (default: the clock) gives the same puzzles.
  --size N    the grid's side: 4, 9 (default), 16, 25 or 36; other than 9, each puzzle is
              N rows of N numbers (`0` blank) followed by a blank line
  --clues K   blank all but K random cells of a random solved grid (default: 30 of 81,
              else 35% of the cells)
  --unique    blank cells one by one while the solution stays unique, down to K clues
              if --clues is given (a puzzle that gets stuck keeps more)
  --mix       the stress-test mix (9x9): unique, several-solution and unsolvable puzzles
  --letters   16x16 puzzles as rows of letters A-P, `-` blank (SPOJ SUDOKU, POJ 3076)
";

struct GenOptions {
    /// The box size: 3 for the side 9.
    size: usize,
    letters: bool,
    count: usize,
    seed: Option<u64>,
    clues: Option<usize>,
    unique: bool,
    mix: bool,
}

impl GenOptions {
    fn parse(args: &mut Args) -> Result<GenOptions, Fail> {
        let mut o = GenOptions {
            size: 3,
            letters: false,
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
                "--letters" => o.letters = true,
                "--size" => {
                    let side: usize = args.value(a)?;
                    o.size = (2..=MAX_BOX)
                        .find(|n| n * n == side)
                        .ok_or_else(|| Fail::Usage("--size must be 4, 9, 16, 25 or 36".into()))?;
                }
                _ => return Err(args.unknown(a)),
            }
        }
        let cells = o.size.pow(4);
        if o.clues.map_or(false, |k| k > cells) {
            return Err(Fail::Usage(format!("--clues must be 0 to {}", cells)));
        }
        misuse(match (o.clues, o.unique, o.mix) {
            (_, _, true) if o.size != 3 => Some("--mix makes 9x9 puzzles only"),
            _ if o.letters && o.size != 4 => Some("--letters goes with --size 16"),
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
        if o.size != 3 {
            let (n, mut text) = (o.size, Vec::new());
            let g = match (o.unique, o.clues) {
                (true, k) => square::gen::unique(&mut rng, n, k.unwrap_or(0)),
                (false, Some(k)) => square::gen::with_clues(&mut rng, n, k),
                (false, None) => square::gen::keeping(&mut rng, n, 0.35),
            };
            if o.letters {
                square::text::write_letters(&g, &mut text);
            } else {
                square::text::write_numbers(&g, &mut text);
            }
            text.push(b'\n');
            out.write_all(&text)?;
            continue;
        }
        let g = if o.mix {
            gen::mixed(&mut rng)
        } else if o.unique {
            gen::unique(&mut rng, o.clues.unwrap_or(0))
        } else {
            gen::with_clues(&mut rng, o.clues.unwrap_or(30))
        };
        line.clear();
        g.write_line(&mut line, b'.');
        out.write_all(&line)?;
    }
    out.flush()?;
    Ok(())
}

// ---- check ----

const CHECK: &str = "\
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

struct CheckOptions {
    /// The judge bin whose formats INPUT and OUTPUT are in; `None`: grids in any layout.
    format: Option<&'static check::Format>,
    /// The puzzle file; `None` checks a grid on its own.
    input: Option<String>,
    output: String,
}

impl CheckOptions {
    fn parse(args: &mut Args) -> Result<CheckOptions, Fail> {
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
fn bins() -> String {
    let names: Vec<&str> = check::FORMATS.iter().map(|f| f.bin).collect();
    names.join(", ")
}

/// The first grid in `path` and the rest of its puzzles; errors name the file.
fn first_grid(path: &str) -> Result<(Square, Puzzles<BufReader<File>>), String> {
    let file = File::open(path).map_err(|e| format!("cannot open {}: {}", path, e))?;
    let mut puzzles = Puzzles::new(BufReader::new(file));
    match puzzles.next() {
        Some(Ok(p)) => Ok((p.grid, puzzles)),
        Some(Err(e)) => Err(format!("{}: {}", path, e)),
        None => Err(format!("{} holds no grid", path)),
    }
}

fn check(o: CheckOptions) -> Result<(), Fail> {
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

// ---- trace ----

const TRACE: &str = "\
usage: sudoku trace [--delay MS] [--ansi | --lines]
Runs the plain search on each puzzle from stdin up to its first solution, showing every
step: on a terminal (or with --ansi) the grid is redrawn in place with the cell being
tried highlighted; otherwise (or with --lines) one line per step. Ends each puzzle with
its solution (or `none`) and a summary: placements, backtracks, time. Stops as soon as
its output is closed (`| head`). Grids of other sizes than 9x9 are shown one line per
step, and their search runs to its first solution even when the output closes.
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
    each_puzzle(&mut out, |p, out| {
        let (start, mut counts, mut failed) = (Instant::now(), Counts::default(), None);
        let pause = || {
            if !o.delay.is_zero() {
                std::thread::sleep(o.delay);
            }
        };
        let solution = match p.grid.to_grid() {
            Some(g) => {
                if o.redraw {
                    write!(out, "\x1b[2J")?;
                }
                let s = visit::first(|v| {
                    plain::observed(&g, v, |now, step| {
                        counts.add(step);
                        let shown = if o.redraw {
                            out.write_all(trace::frame(&g, now, step).as_bytes())
                                .and_then(|()| out.flush())
                        } else {
                            writeln!(out, "{}", trace::step_line(step, 9))
                        };
                        pause();
                        // A failed write (the reader went away) stops the search at once.
                        failed = shown.err();
                        failed.is_some()
                    })
                });
                s.map(|s| Square::from_grid(&s))
            }
            // Other sizes: one line per step (the redrawn frame is a 9x9 picture).
            None => visit::first(|v| {
                plain::observed(&p.grid, v, |_, step| {
                    counts.add(step);
                    failed = writeln!(out, "{}", trace::step_line(step, p.grid.side())).err();
                    pause();
                    // As for 9x9: a failed write stops the search at once.
                    failed.is_some()
                })
            }),
        };
        if let Some(e) = failed {
            return Err(e.into());
        }
        match solution {
            Some(s) => write_solution(false, p, &s, out)?,
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
        misuse(match o.minutes {
            m if (0.0..=1e6).contains(&m) => None,
            _ => Some("--minutes must be 0 to 1000000"),
        })?;
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
        f.puzzle.write_line(&mut line, b'.');
        line.pop();
        out.write_all(&line)?;
        writeln!(out, " {} {:.0} {:.0}", f.cost, fast, witness)?;
        out.flush()?;
    }
    Ok(())
}
