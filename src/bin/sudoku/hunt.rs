//! `sudoku hunt`: a seeded hill climb for puzzles the solver is slow on.

use super::{misuse, stdout, Args, Fail};
use std::io::Write;
use std::time::{Duration, Instant};
use sudoku_kit::grid::Grid;
use sudoku_kit::rng::Rng;
use sudoku_kit::{hunt, solver};

pub(super) const HUNT: &str = "\
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

pub(super) struct HuntOptions {
    seed: u64,
    minutes: f64,
    tries: u64,
    top: usize,
}

impl HuntOptions {
    pub(super) fn parse(args: &mut Args) -> Result<HuntOptions, Fail> {
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

pub(super) fn hunt(o: HuntOptions) -> Result<(), Fail> {
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
