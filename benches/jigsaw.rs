//! The jigsaw solver's count to 2 (what HDU 4069 asks) against the 9x9 solver's counting
//! search (`solver::count_solutions`) on the same puzzles: the public sets written as jigsaw
//! puzzles whose regions are the boxes, the first [`FIRST`] of each file. Then the jigsaw
//! solver alone on generated puzzles over random layouts: unique ones (minimal) and ones
//! with several solutions (30 givens), counted to 2 and solved for the smallest solution.
//! Both counts must agree on every puzzle, and every smallest solution must keep the givens
//! and repeat no digit in a row, column or region.
//!
//! Times are microseconds per puzzle, the mean over the set of each puzzle's best of [`RUNS`]
//! runs, the two solvers taking turns puzzle by puzzle: a run is microseconds long, so one
//! that another process slows is seldom the best. `cargo bench --bench jigsaw -- FILE...`
//! (after `scripts/data.sh`: `target/data/*.txt`).

use std::time::Instant;
use std::{env, fs};
use sudoku_kit::grid::Grid;
use sudoku_kit::jigsaw::{self, Jigsaw, Regions};
use sudoku_kit::rng::Rng;
use sudoku_kit::solver;

/// Puzzles taken from the start of each file.
const FIRST: usize = 1000;

/// Runs per puzzle and solver; the best is kept.
const RUNS: usize = 5;

/// Generated puzzles per kind.
const GENERATED: usize = 200;

fn main() {
    let files: Vec<String> = env::args()
        .skip(1)
        .filter(|a| !a.starts_with("--"))
        .collect();
    println!("| set | puzzles | 9x9 count to 2, us | jigsaw count to 2, us | jigsaw / 9x9 |");
    println!("|---|---:|---:|---:|---:|");
    for file in &files {
        let text = fs::read_to_string(file).unwrap_or_else(|e| panic!("{}: {}", file, e));
        let grids: Vec<Grid> = text
            .lines()
            .filter_map(|l| Grid::from_line(l.trim_end()))
            .take(FIRST)
            .collect();
        let boxes = Regions::boxes();
        let puzzles: Vec<Jigsaw> = grids
            .iter()
            .map(|&grid| Jigsaw {
                grid,
                regions: boxes,
            })
            .collect();
        let classic = grids.iter().map(|g| solver::count_solutions(g, 2));
        let counts: Vec<usize> = puzzles
            .iter()
            .map(|g| jigsaw::solver::count_solutions(g, 2))
            .collect();
        assert!(
            classic.eq(counts.iter().copied()),
            "{}: the counts differ",
            file
        );
        let (a, b) = race(
            grids.len(),
            |k| solver::count_solutions(&grids[k], 2),
            |k| jigsaw::solver::count_solutions(&puzzles[k], 2),
        );
        let name = file.rsplit('/').next().unwrap_or(file);
        println!(
            "| {} (regions: boxes) | {} | {:.2} | {:.2} | {:.2} |",
            name,
            grids.len(),
            a,
            b,
            b / a
        );
    }
    println!();
    println!("| generated jigsaw puzzles | puzzles | count to 2, us | smallest solution, us |");
    println!("|---|---:|---:|---:|");
    let mut rng = Rng(4069);
    let unique: Vec<Jigsaw> = (0..GENERATED)
        .map(|_| jigsaw::gen::unique(&mut rng, 0))
        .collect();
    let several: Vec<Jigsaw> = (0..GENERATED)
        .map(|_| jigsaw::gen::with_clues(&mut rng, 30))
        .collect();
    for (name, set) in [("unique, minimal", &unique), ("30 givens kept", &several)] {
        for g in set.iter() {
            let s = jigsaw::solver::first_solution(g).expect("a solved grid's cells");
            let j = Jigsaw {
                grid: s,
                regions: g.regions,
            };
            let kept = (0..81).all(|i| g.grid.0[i] == 0 || g.grid.0[i] == s.0[i]);
            assert!(kept && j.clash().is_none() && s.0.iter().all(|&d| d != 0));
        }
        let (a, b) = race(
            set.len(),
            |k| jigsaw::solver::count_solutions(&set[k], 2),
            |k| jigsaw::solver::first_solution(&set[k]).map_or(0, |s| s.0[0] as usize),
        );
        println!("| {} | {} | {:.2} | {:.2} |", name, set.len(), a, b);
    }
}

/// The mean over puzzles `0..n` of the best of [`RUNS`] runs of `a` and of `b` (each run
/// answers with a number, so that nothing is optimized away), in microseconds.
fn race(n: usize, a: impl Fn(usize) -> usize, b: impl Fn(usize) -> usize) -> (f64, f64) {
    let best = |f: &dyn Fn(usize) -> usize, k: usize| {
        let runs = (0..RUNS).map(|_| {
            let t = Instant::now();
            criterion::black_box(f(k));
            t.elapsed().as_secs_f64()
        });
        runs.fold(f64::MAX, f64::min)
    };
    let (mut sum_a, mut sum_b) = (0.0, 0.0);
    for k in 0..n {
        sum_a += best(&a, k);
        sum_b += best(&b, k);
    }
    (sum_a * 1e6 / n as f64, sum_b * 1e6 / n as f64)
}
