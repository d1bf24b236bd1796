//! `sudoku solve`: the smallest solution, the count or every solution of each puzzle, on one thread or several.

use super::{each_puzzle, misuse, stdout, terminal, write_solution, Args, Fail};
use std::io::{self, BufWriter, Read, Write};
use std::time::{Duration, Instant};
use sudoku_kit::jigsaw::{self, Jigsaw};
use sudoku_kit::layout::{Puzzle, Puzzles};
use sudoku_kit::square::Square;
use sudoku_kit::trace::Counts;
use sudoku_kit::{plain, square, visit};

pub(super) const SOLVE: &str = "\
usage: sudoku solve [--grid] [--count [--limit N] | --all [--limit N]] [--plain] [--stats]
                    [--jobs N] [--regions]
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
  --regions   jigsaw puzzles (any nine connected regions of nine cells for the boxes):
              each 9 rows of the grid (digits, 0 or . blank) then 9 rows of region
              letters a-i, or HDU 4069's 9 rows of numbers (the digit plus its walls: 16
              up, 32 right, 64 down, 128 left); read whole, answered in turn; goes with
              --count, --limit and --plain only
Also skips `Grid NN` header lines and a first line holding only the number of puzzles.
With stderr on a terminal and stdout not, a long run shows its progress on stderr.
";

/// Which search answers: both give the same answers, in the same order.
#[derive(Clone, Copy, PartialEq)]
pub(super) enum Engine {
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
pub(super) enum Answer {
    First,
    Count,
    All,
}

pub(super) struct SolveOptions {
    regions: bool,
    answer: Answer,
    limit: Option<usize>,
    engine: Engine,
    stats: bool,
    grid: bool,
    jobs: usize,
}

impl SolveOptions {
    pub(super) fn parse(args: &mut Args) -> Result<SolveOptions, Fail> {
        let mut o = SolveOptions {
            regions: false,
            answer: Answer::First,
            limit: None,
            engine: Engine::Fast,
            stats: false,
            grid: false,
            jobs: cores(),
        };
        let mut jobs = false;
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
                "--jobs" => {
                    o.jobs = args.value(a)?;
                    jobs = true;
                }
                "--regions" => o.regions = true,
                _ => return Err(args.unknown(a)),
            }
        }
        let jigsaw_misfit = o.answer == Answer::All || o.grid || o.stats || jobs;
        misuse(match (o.answer, o.limit, o.grid) {
            _ if o.jobs == 0 => Some("--jobs must be at least 1"),
            _ if o.regions && jigsaw_misfit => {
                Some("--regions goes with --count, --limit and --plain only")
            }
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
pub(super) fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

pub(super) fn solve(o: SolveOptions) -> Result<(), Fail> {
    if o.regions {
        return solve_regions(&o);
    }
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
pub(super) fn solve_in_parallel(
    o: &SolveOptions,
    progress: &mut Progress,
) -> (Counts, Result<(), Fail>) {
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
    let result = super::jobs::in_order(puzzles, o.jobs, answer_chunk, |bytes, n| {
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
pub(super) struct Progress {
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
pub(super) fn answer(
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
        Answer::Count => write_count(o, out, |limit| o.engine.count(g, limit, counts))?,
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

/// Prints the number of solutions `count(limit)` finds, counting one past `o`'s limit: that
/// tells "exactly the limit" (`N`) from "more" (`N+`).
fn write_count(
    o: &SolveOptions,
    out: &mut dyn Write,
    count: impl FnOnce(usize) -> usize,
) -> io::Result<()> {
    let limit = o.limit.unwrap_or(1_000_000);
    match count(limit.saturating_add(1)) {
        n if n > limit => writeln!(out, "{}+", limit),
        n => writeln!(out, "{}", n),
    }
}

/// `solve --regions`: the jigsaw puzzles of stdin, read whole and answered in turn, the
/// smallest solution as 81 digits (or `none`) or the count; a malformed puzzle stops the
/// run after the answers before it.
fn solve_regions(o: &SolveOptions) -> Result<(), Fail> {
    let mut input = Vec::new();
    io::stdin().lock().read_to_end(&mut input)?;
    let mut out = stdout();
    let plain = o.engine == Engine::Plain;
    let result = jigsaw::text::puzzles(&input, |g: Jigsaw| -> Result<(), Fail> {
        if o.answer == Answer::Count {
            write_count(o, &mut out, |limit| match plain {
                true => plain::count_solutions(&g, limit),
                false => jigsaw::solver::count_solutions(&g, limit),
            })?;
            return Ok(());
        }
        let first = match plain {
            true => plain::first_solution(&g).map(|s| s.grid),
            false => jigsaw::solver::first_solution(&g),
        };
        let mut line = b"none\n".to_vec();
        if let Some(s) = first {
            line.clear();
            s.write_line(&mut line, b'0');
        }
        out.write_all(&line)?;
        Ok(())
    });
    out.flush()?;
    result
}
