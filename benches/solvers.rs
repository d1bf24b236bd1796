//! Criterion benchmarks of the fast solver beside the small search (`basic`) and the
//! textbook search (`plain`), on puzzles the project carries: the famous puzzles of
//! `tests/famous/puzzles.txt`, relabellings of them made adversarial for first-cell, 1-to-9
//! order ([`gen::adversarial`]), seeded random puzzles with few givens, and puzzles the hunt
//! for slow ones found; and minimal 16x16 puzzles for the square solver. Throughput is in
//! puzzles. The baselines run only where they finish in reasonable time.

use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use sudoku_kit::gen;
use sudoku_kit::grid::Grid;
use sudoku_kit::rng::Rng;
use sudoku_kit::square::Square;
use sudoku_kit::{basic, plain, solver, square};

#[path = "../tests/famous/mod.rs"]
mod famous;

fn grids(names: &[&str]) -> Vec<Grid> {
    famous::named(names).into_iter().map(|f| f.puzzle).collect()
}

/// Each puzzle relabelled so its smallest solution's first row reads 9, 8, ..., 1.
fn adversarial(puzzles: &[Grid]) -> Vec<Grid> {
    puzzles
        .iter()
        .map(|p| gen::adversarial(p, &solver::first_solution(p).unwrap()))
        .collect()
}

type Solve<T = Grid> = fn(&T) -> Option<T>;

fn group<T>(c: &mut Criterion, name: &str, puzzles: &[T], solvers: &[(&str, Solve<T>)]) {
    let mut g = c.benchmark_group(name);
    g.sample_size(10);
    g.throughput(Throughput::Elements(puzzles.len() as u64));
    for &(solver_name, solve) in solvers {
        g.bench_function(solver_name, |b| {
            b.iter(|| {
                puzzles
                    .iter()
                    .map(|p| solve(black_box(p)).is_some() as usize)
                    .sum::<usize>()
            })
        });
    }
    g.finish();
}

fn benches(c: &mut Criterion) {
    let fast: (&str, Solve) = ("fast", solver::first_solution);
    let basic: (&str, Solve) = ("basic", basic::first_solution);
    let plain: (&str, Solve) = ("plain", plain::first_solution);
    let easy = grids(&["boj7681-sample-1", "boj2239-sample"]);
    let hard = grids(&["ai-escargot", "inkala-2012"]);
    group(c, "easy", &easy, &[fast, basic, plain]);
    group(c, "hard", &hard, &[fast, basic]);
    let few = [
        "boj7681-sample-2",
        "royle-17-first",
        "norvig-hard-17",
        "anti-brute-force",
    ];
    group(c, "17-clue", &grids(&few), &[fast, basic]);
    let several = grids(&["several-151", "empty"]);
    group(c, "several", &several, &[fast, basic, plain]);
    let sixteen = grids(&["royle-17-first-without-its-first-given"]);
    group(c, "several-16-givens", &sixteen, &[fast]);
    group(c, "adversarial", &adversarial(&easy), &[fast, basic]);
    group(c, "adversarial-hard", &adversarial(&hard), &[fast]);
    // Few givens, many solutions: the smallest can sit behind long refutations.
    let mut rng = Rng(14);
    let sparse: Vec<Grid> = (0..20).map(|_| gen::with_clues(&mut rng, 14)).collect();
    group(c, "14-givens", &sparse, &[fast]);
    // The hunt's puzzles (data/hunted.txt: `sudoku hunt` against this solver's versions).
    let hunted: Vec<Grid> = include_str!("data/hunted.txt")
        .lines()
        .map(|l| Grid::from_line(l).unwrap())
        .collect();
    let witness: (&str, Solve) = ("witness-route", solver::witness_route);
    group(c, "hunted", &hunted, &[fast, witness]);
    // Other sizes: the first ten minimal 16x16 puzzles of the squares bench's stored set.
    let minimal16: Vec<Square> = include_str!("data/squares/unique16.txt")
        .lines()
        .filter(|l| !l.starts_with('#'))
        .take(10)
        .map(|l| {
            Square::from_cells(
                4,
                l.split_whitespace().map(|t| t.parse().unwrap()).collect(),
            )
        })
        .collect();
    group(
        c,
        "16x16-minimal",
        &minimal16,
        &[("fast", square::solver::first_solution)],
    );
}

criterion_group!(all, benches);
criterion_main!(all);
