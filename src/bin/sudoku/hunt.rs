//! `sudoku hunt`: a seeded hill climb for puzzles a solver is slow on.

use super::{misuse, stdout, Args, Fail};
use std::io::Write;
use std::time::{Duration, Instant};
use sudoku_kit::hunt::{self, Mode, Space};
use sudoku_kit::rng::Rng;
use sudoku_kit::square::{self, Square};
use sudoku_kit::{basic, solver};

pub(super) const HUNT: &str = "\
usage: sudoku hunt [--size N] [--mode grid|free] [--givens MIN-MAX] [--target T] [--none]
                   [--seed S] [--minutes M] [--tries N] [--top K]
Hill-climbs for puzzles a solver is slow on: from random solved grids keeping MIN to MAX
givens, mutates 1 to 3 givens and keeps a mutation that costs the target more, restarting
after 300 tries without progress. Stops after M minutes or N tried puzzles, whichever comes
first. Prints the K costliest climbs' puzzles, costliest first, one a line: the puzzle (9x9:
81 characters, `.` blank; else its cells as numbers, `0` blank), its cost, the best of five
times in microseconds of the target and of the counting search's count to 2 (an any-order
search: the reference), and that count (0, 1, or 2 for two or more solutions). Then, on
stderr, how many puzzles it costed.
  --size N     9 (default), 16 or 25; 16 and 25 hunt the n^2 solver
  --mode M     grid (default): every puzzle a part of a solved grid, so it has a solution;
               free: a given may take any digit that clashes with no other given, so a
               puzzle may have none
  --givens R   MIN-MAX, default 8-28 for 9x9, else 0 to all cells but one
  --target T   9x9: fast (default, solver::first_solution), basic (the small search of
               size-capped judges) or counting (the count to 2 of kattis_sudokunique)
  --none       a puzzle with a solution costs 0: the climbs look among those without one
  --seed S     the climb's seed (default 1)
  --minutes M  default 1
  --tries N    default: no limit
  --top K      default 10
The cost is search nodes for fast and counting, so a seed and a number of tries give the
same puzzles on every machine; for basic and the n^2 solver it is nanoseconds (the best of
three runs).
";

/// Runs of a puzzle whose best time is a timed cost.
const COST_RUNS: usize = 3;

/// Runs of a found puzzle whose best time is printed.
const SHOWN_RUNS: usize = 5;

/// What the hunt makes slow.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Target {
    Fast,
    Basic,
    Counting,
}

pub(super) struct HuntOptions {
    space: Space,
    target: Target,
    none: bool,
    seed: u64,
    minutes: f64,
    tries: u64,
    top: usize,
}

impl HuntOptions {
    pub(super) fn parse(args: &mut Args) -> Result<HuntOptions, Fail> {
        let mut o = HuntOptions {
            space: Space {
                n: 3,
                mode: Mode::Grid,
                givens: 8..=28,
            },
            target: Target::Fast,
            none: false,
            seed: 1,
            minutes: 1.0,
            tries: u64::MAX,
            top: 10,
        };
        let mut givens = None;
        while let Some(a) = args.next() {
            match a {
                "--size" => {
                    o.space.n = match args.value(a)? {
                        9 => 3,
                        16 => 4,
                        25 => 5,
                        _ => return Err(Fail::Usage("--size must be 9, 16 or 25".into())),
                    }
                }
                "--mode" => {
                    o.space.mode = match args.value::<String>(a)?.as_str() {
                        "grid" => Mode::Grid,
                        "free" => Mode::Free,
                        _ => return Err(Fail::Usage("--mode must be grid or free".into())),
                    }
                }
                "--givens" => givens = Some(args.value::<String>(a)?),
                "--target" => {
                    o.target = match args.value::<String>(a)?.as_str() {
                        "fast" => Target::Fast,
                        "basic" => Target::Basic,
                        "counting" => Target::Counting,
                        _ => {
                            return Err(Fail::Usage(
                                "--target must be fast, basic or counting".into(),
                            ))
                        }
                    }
                }
                "--none" => o.none = true,
                "--seed" => o.seed = args.value(a)?,
                "--minutes" => o.minutes = args.value(a)?,
                "--tries" => o.tries = args.value(a)?,
                "--top" => o.top = args.value(a)?,
                _ => return Err(args.unknown(a)),
            }
        }
        let most = o.space.n.pow(4) - 1;
        if o.space.n != 3 {
            o.space.givens = 0..=most;
        }
        if let Some(r) = givens {
            let bad = || Fail::Usage(format!("--givens must be MIN-MAX within 0-{}", most));
            let (min, max) = r.split_once('-').ok_or_else(bad)?;
            let (min, max) = (
                min.parse().map_err(|_| bad())?,
                max.parse().map_err(|_| bad())?,
            );
            if min > max || max > most {
                return Err(bad());
            }
            o.space.givens = min..=max;
        }
        misuse(match o.minutes {
            _ if o.space.n != 3 && o.target != Target::Fast => {
                Some("--target basic and counting are 9x9 searches")
            }
            m if (0.0..=1e6).contains(&m) => None,
            _ => Some("--minutes must be 0 to 1000000"),
        })?;
        Ok(o)
    }
}

pub(super) fn hunt(o: HuntOptions) -> Result<(), Fail> {
    let until = Instant::now() + Duration::from_secs_f64(o.minutes * 60.0);
    let nine = |g: &Square| g.to_grid().expect("a 9x9 hunt");
    let solve = |g: &Square| -> bool {
        match (o.space.n, o.target) {
            (3, Target::Fast) => solver::first_solution(&nine(g)).is_some(),
            (3, Target::Basic) => basic::first_solution(&nine(g)).is_some(),
            (3, Target::Counting) => solver::count_and_witness(&nine(g), 2).0 > 0,
            _ => square::solver::first_solution(g).is_some(),
        }
    };
    let mut costed = 0u64;
    let mut cost = |g: &Square| {
        costed += 1;
        let (solved, cost) = match (o.space.n, o.target) {
            (3, Target::Fast) => {
                let (answer, nodes) = solver::first_solution_and_nodes(&nine(g));
                (answer.is_some(), nodes)
            }
            (3, Target::Counting) => {
                let (count, nodes) = solver::count_and_nodes(&nine(g), 2);
                (count > 0, nodes)
            }
            _ => best_ns(COST_RUNS, || solve(g)),
        };
        match o.none && solved {
            true => 0,
            false => cost,
        }
    };
    let found = hunt::hunt(&mut Rng(o.seed), &o.space, until, o.tries, o.top, &mut cost);
    eprintln!("{} puzzles costed", costed);
    let mut out = stdout();
    for f in found {
        let g = &f.puzzle;
        let us = |ns: u64| ns as f64 / 1e3;
        let time = us(best_ns(SHOWN_RUNS, || solve(g)).1);
        // The reference: the fastest count to 2 of the size (9x9: the counts in turns).
        let (count, reference) = best_ns(SHOWN_RUNS, || match g.to_grid() {
            Some(grid) => solver::count_solutions(&grid, 2),
            None => square::solver::count_solutions(g, 2),
        });
        let reference = us(reference);
        match g.to_grid() {
            Some(grid) => {
                let mut line = Vec::with_capacity(82);
                grid.write_line(&mut line, b'.');
                out.write_all(&line[..81])?;
            }
            None => {
                let cells: Vec<String> = g.cells().iter().map(u8::to_string).collect();
                out.write_all(cells.join(" ").as_bytes())?;
            }
        }
        writeln!(out, " {} {:.0} {:.0} {}", f.cost, time, reference, count)?;
        out.flush()?;
    }
    Ok(())
}

/// What `f` returns, and the best of `runs` times of it, in nanoseconds.
fn best_ns<T>(runs: usize, mut f: impl FnMut() -> T) -> (T, u64) {
    let start = Instant::now();
    let mut value = f();
    let mut best = start.elapsed();
    for _ in 1..runs {
        let start = Instant::now();
        value = f();
        best = best.min(start.elapsed());
    }
    (value, best.as_nanos() as u64)
}
