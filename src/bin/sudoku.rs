//! `sudoku`: the contestant's tool beside the judge bins - solve puzzles in any layout,
//! count or list solutions, generate puzzles, judge an answer, watch the search. It streams:
//! each puzzle is answered before the next is read, and the first malformed one stops the
//! run with exit status 2, the answers before it already printed. Not bundled for judges,
//! so it may use std APIs newer than rustc 1.63 (terminal detection); the library may not.

use std::fs::File;
use std::io::{self, BufReader, BufWriter, IsTerminal, Write};
use std::str::FromStr;
use std::time::{Duration, Instant};
use sudoku_kit::error::Error;
use sudoku_kit::gen::{self, Rng};
use sudoku_kit::grid::Grid;
use sudoku_kit::layout::{self, Puzzles};
use sudoku_kit::trace::{self, Counts};
use sudoku_kit::{check, plain, solver, visit};

const USAGE: &str = "\
usage: sudoku <command> [options]   (sudoku <command> --help for more)
  solve  solve puzzles from stdin, in any common layout
  gen    print random puzzles
  check  judge an answer (special judge, testlib argument order)
  trace  show the search on a puzzle step by step
";

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

const GEN: &str = "\
usage: sudoku gen [--count N] [--seed S] [--clues K] [--unique | --mix]
Prints N (default 1) random puzzles, one 81-character line each, `.` for blanks; the same
seed (default: the clock) gives the same puzzles.
  --clues K   blank all but K random cells of a random solved grid (default 30)
  --unique    blank cells one by one while the solution stays unique, down to K clues
              if --clues is given (a puzzle that gets stuck keeps more)
  --mix       the stress-test mix: unique, several-solution and unsolvable puzzles
";

const CHECK: &str = "\
usage: sudoku check INPUT OUTPUT [EXPECTED]
       sudoku check GRID
Exit 0 if OUTPUT holds one complete, valid grid that keeps INPUT's givens, else exit 1
with the reason. EXPECTED is accepted and ignored (any valid solution is right), so this
works as `oj t --judge-command`. With one file, checks that it holds a valid filled grid.
Files hold grids in any layout `sudoku solve` reads. A bad INPUT exits 2.
";

const TRACE: &str = "\
usage: sudoku trace [--delay MS] [--ansi | --lines]
Runs the plain search on each puzzle from stdin up to its first solution, showing every
step: on a terminal (or with --ansi) the grid is redrawn in place with the cell being
tried highlighted; otherwise (or with --lines) one line per step. Ends each puzzle with
its solution (or `none`) and a summary: placements, backtracks, time.
  --delay MS  pause after each step (default 20 when redrawing, else 0)
";

/// Why a command stopped early, which decides the exit status.
enum Fail {
    /// Bad arguments: the message, then the command's usage, exit 2.
    Usage(String, &'static str),
    /// Bad input, through the library's one error type.
    Input(Error),
    /// A file `check` needs is missing or holds no grid: exit 2.
    File(String),
    /// `check` rejects the answer: exit 1.
    Rejected(String),
    /// Writing the output failed.
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

/// A subcommand: its arguments after the command name.
type Command = fn(&[String]) -> Result<(), Fail>;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (command, rest) = match args.split_first() {
        Some((c, rest)) => (c.as_str(), rest),
        None => ("", &args[..]),
    };
    let (usage, run): (&str, Command) = match command {
        "solve" => (SOLVE, solve),
        "gen" => (GEN, generate),
        "check" => (CHECK, judge),
        "trace" => (TRACE, watch),
        "--help" | "-h" | "help" => {
            print!("{}", USAGE);
            return;
        }
        "" => exit_usage("no command given", USAGE),
        other => exit_usage(&format!("unknown command '{}'", other), USAGE),
    };
    if rest.iter().any(|a| a == "--help" || a == "-h") {
        print!("{}", usage);
        return;
    }
    let code = match run(rest) {
        Ok(()) => 0,
        Err(Fail::Usage(msg, usage)) => exit_usage(&msg, usage),
        Err(Fail::Input(e)) => {
            eprintln!("error: {}", e);
            e.exit_code()
        }
        Err(Fail::File(msg)) => {
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

/// The value after `flag`, parsed; a missing or bad value is a usage error.
fn value<T: FromStr>(
    args: &mut std::slice::Iter<String>,
    flag: &str,
    usage: &'static str,
) -> Result<T, Fail> {
    let v = args
        .next()
        .ok_or_else(|| Fail::Usage(format!("{} needs a value", flag), usage))?;
    v.parse()
        .map_err(|_| Fail::Usage(format!("bad value for {}: '{}'", flag, v), usage))
}

fn unknown(arg: &str, usage: &'static str) -> Fail {
    Fail::Usage(format!("unknown option '{}'", arg), usage)
}

/// `IsTerminal` is newer than rustc 1.63, which only the library must build with.
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
    plain: bool,
    stats: bool,
    grid: bool,
}

fn solve_options(args: &[String]) -> Result<SolveOptions, Fail> {
    let mut o = SolveOptions {
        answer: Answer::First,
        limit: None,
        plain: false,
        stats: false,
        grid: false,
    };
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--count" | "--all" if o.answer != Answer::First => {
                let msg = "--count and --all exclude each other";
                return Err(Fail::Usage(msg.into(), SOLVE));
            }
            "--count" => o.answer = Answer::Count,
            "--all" => o.answer = Answer::All,
            "--limit" => o.limit = Some(value::<usize>(&mut it, a, SOLVE)?),
            "--plain" => o.plain = true,
            "--stats" => o.stats = true,
            "--grid" => o.grid = true,
            _ => return Err(unknown(a, SOLVE)),
        }
    }
    let misuse = match (o.answer, o.limit, o.grid) {
        (_, Some(0), _) => Some("--limit must be at least 1"),
        (Answer::First, Some(_), _) => Some("--limit goes with --count or --all"),
        (Answer::Count, _, true) => Some("--grid does not go with --count"),
        _ => None,
    };
    match misuse {
        Some(msg) => Err(Fail::Usage(msg.into(), SOLVE)),
        None => Ok(o),
    }
}

fn solve(args: &[String]) -> Result<(), Fail> {
    let o = solve_options(args)?;
    let (start, mut puzzles, mut counts) = (Instant::now(), 0, Counts::default());
    let mut out = stdout();
    let result = each_puzzle(&mut out, |g, out| {
        puzzles += 1;
        if o.plain {
            let mut search = |visit: &mut dyn FnMut(&Grid) -> bool| {
                plain::observed(g, visit, |_, step| counts.add(step));
            };
            answer(&o, puzzles == 1, &mut search, out)
        } else {
            fast_answer(&o, puzzles == 1, g, out)
        }
    });
    if o.stats {
        let steps = if o.plain {
            let (p, b) = (counts.placements, counts.backtracks);
            format!("{} placements, {} backtracks, ", p, b)
        } else {
            String::new()
        };
        let ms = start.elapsed().as_secs_f64() * 1e3;
        eprintln!("stats: {} puzzles, {}{:.3} ms", puzzles, steps, ms);
    }
    result
}

/// A search over one puzzle's solutions in lexicographic order, stopped by its visitor.
type Search<'a> = dyn FnMut(&mut dyn FnMut(&Grid) -> bool) + 'a;

/// Prints the answer `o` asks for about one puzzle with the fast solver, whose first
/// solution and count need no lexicographic enumeration.
fn fast_answer(o: &SolveOptions, first: bool, g: &Grid, out: &mut dyn Write) -> Result<(), Fail> {
    match o.answer {
        Answer::First => write_first(o, solver::first_solution(g), out),
        Answer::Count => write_count(o, |n| solver::count_solutions(g, n), out),
        Answer::All => answer(o, first, &mut |visit| solver::solutions(g, visit), out),
    }
}

/// The smallest solution, or `none`.
fn write_first(o: &SolveOptions, s: Option<Grid>, out: &mut dyn Write) -> Result<(), Fail> {
    match s {
        Some(s) => write_solution(o.grid, &s, out)?,
        None => writeln!(out, "none")?,
    }
    Ok(())
}

/// Prints the number of solutions `count` finds when told to stop one past the `--count`
/// limit: exact up to the limit, else `N+`.
fn write_count(
    o: &SolveOptions,
    count: impl FnOnce(usize) -> usize,
    out: &mut dyn Write,
) -> Result<(), Fail> {
    let limit = o.limit.unwrap_or(1_000_000);
    let n = count(limit.saturating_add(1));
    if n > limit {
        writeln!(out, "{}+", limit)?;
    } else {
        writeln!(out, "{}", n)?;
    }
    Ok(())
}

/// Prints the answer `o` asks for about one puzzle.
fn answer(
    o: &SolveOptions,
    first: bool,
    search: &mut Search,
    out: &mut dyn Write,
) -> Result<(), Fail> {
    match o.answer {
        Answer::First => write_first(o, visit::first(|v| search(v)), out)?,
        Answer::Count => write_count(o, |n| visit::count(|v| search(v), n), out)?,
        Answer::All => {
            if !first && !o.grid {
                writeln!(out)?;
            }
            let (mut n, mut failed) = (0, None);
            search(&mut |s| {
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

fn generate(args: &[String]) -> Result<(), Fail> {
    let (mut count, mut seed, mut clues, mut unique, mut mix) = (1usize, None, None, false, false);
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--count" => count = value(&mut it, a, GEN)?,
            "--seed" => seed = Some(value::<u64>(&mut it, a, GEN)?),
            "--clues" => clues = Some(value::<usize>(&mut it, a, GEN)?),
            "--unique" => unique = true,
            "--mix" => mix = true,
            _ => return Err(unknown(a, GEN)),
        }
    }
    let misuse = match (clues, unique, mix) {
        (Some(k), _, _) if k > 81 => Some("--clues must be 0 to 81"),
        (_, true, true) => Some("--unique and --mix exclude each other"),
        (Some(_), _, true) => Some("--mix chooses its own clue counts"),
        _ => None,
    };
    if let Some(msg) = misuse {
        return Err(Fail::Usage(msg.into(), GEN));
    }
    let seed = seed.unwrap_or_else(|| {
        let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH);
        now.map_or(0, |d| d.as_nanos() as u64)
    });
    let mut rng = Rng(seed);
    let mut out = stdout();
    let mut line = Vec::with_capacity(82);
    for _ in 0..count {
        let g = if mix {
            gen::mixed(&mut rng)
        } else if unique {
            gen::unique(&mut rng, clues.unwrap_or(0))
        } else {
            gen::with_clues(&mut rng, clues.unwrap_or(30))
        };
        line.clear();
        layout::write_dotted(&g, &mut line);
        out.write_all(&line)?;
    }
    out.flush()?;
    Ok(())
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

fn judge(args: &[String]) -> Result<(), Fail> {
    if let Some(a) = args.iter().find(|a| a.starts_with('-')) {
        return Err(unknown(a, CHECK));
    }
    let (puzzle, answer) = match args {
        [grid] => (Grid::EMPTY, grid),
        [input, output] | [input, output, _] => (first_grid(input).map_err(Fail::File)?.0, output),
        _ => return Err(Fail::Usage("expected 1 to 3 files".into(), CHECK)),
    };
    let (answer, mut rest) = first_grid(answer).map_err(Fail::Rejected)?;
    if rest.next().is_some() {
        return Err(Fail::Rejected("the answer holds more than one grid".into()));
    }
    check::check(&puzzle, &answer).map_err(Fail::Rejected)
}

fn watch(args: &[String]) -> Result<(), Fail> {
    let (mut delay, mut redraw) = (None, terminal(io::stdout()));
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--delay" => delay = Some(value::<u64>(&mut it, a, TRACE)?),
            "--ansi" => redraw = true,
            "--lines" => redraw = false,
            _ => return Err(unknown(a, TRACE)),
        }
    }
    let delay = Duration::from_millis(delay.unwrap_or(if redraw { 20 } else { 0 }));
    let mut out = stdout();
    each_puzzle(&mut out, |g, out| {
        if redraw {
            write!(out, "\x1b[2J")?;
        }
        let (start, mut counts, mut failed) = (Instant::now(), Counts::default(), None);
        let solution = visit::first(|v| {
            plain::observed(g, v, |now, step| {
                counts.add(step);
                let shown = if redraw {
                    out.write_all(trace::frame(g, now, step).as_bytes())
                        .and_then(|()| out.flush())
                } else {
                    writeln!(out, "{}", trace::step_line(step))
                };
                failed = failed.take().or(shown.err());
                if !delay.is_zero() {
                    std::thread::sleep(delay);
                }
            })
        });
        if let Some(e) = failed {
            return Err(e.into());
        }
        match solution {
            Some(s) => {
                let mut line = Vec::with_capacity(82);
                s.write_line(&mut line);
                out.write_all(&line)?;
            }
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
