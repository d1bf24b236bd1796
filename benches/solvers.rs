//! Criterion benchmarks of the fast solver beside the small bitmask search (`basic`) and the
//! textbook search (`plain`), on puzzles the project carries: famous puzzles typed in, and
//! relabellings of them made adversarial for first-cell, 1-to-9 order, seeded random
//! puzzles with few givens, and puzzles the hunt for slow ones found. Throughput is in puzzles. The baselines run only where they
//! finish in reasonable time.

use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use sudoku_kit::gen::{self, Rng};
use sudoku_kit::grid::Grid;
use sudoku_kit::{basic, plain, solver};

/// BOJ 7681's first sample puzzle and BOJ 2239's sample.
const EASY: [&str; 2] = [
    ".2738..1..1...6735.......293.5692.8...........6.1745.364.......9518...7..8..6534.",
    "103000509002109400000704000300502006060000050700803004000401000009205800804000107",
];

/// AI Escargot and Arto Inkala's 2012 "world's hardest".
const HARD: [&str; 2] = [
    "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..",
    "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..",
];

/// Few givens: BOJ 7681's second sample (18), and 17: the first of Gordon Royle's list, a
/// puzzle from Norvig's hard list, the anti-brute-force puzzle (solution starts 987654321).
const SEVENTEEN: [&str; 4] = [
    "......52..8.4......3...9...5.1...6..2..7........3.....6...1..........7.4.......3.",
    "000000010400000000020000000000050407008000300001090000300400200050100000000806000",
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
    "..............3.85..1.2.......5.7.....4...1...9.......5......73..2.1........4...9",
];

/// 151 solutions (BOJ 2239 hand case), the empty grid, and Royle's 17 without its first given.
const SEVERAL: [&str; 3] = [
    "000620579502100000080000000300500006400007000020003014030000000010005040000300000",
    ".................................................................................",
    "000000000400000000020000000000050407008000300001090000300400200050100000000806000",
];

fn grids(lines: &[&str]) -> Vec<Grid> {
    lines.iter().map(|l| Grid::from_line(l).unwrap()).collect()
}

/// Relabels each puzzle's digits so its smallest solution's first row reads 9, 8, ..., 1.
fn adversarial(puzzles: &[Grid]) -> Vec<Grid> {
    puzzles
        .iter()
        .map(|p| {
            let s = solver::first_solution(p).unwrap();
            let mut label = [0u8; 10];
            for (c, &d) in s.0[..9].iter().enumerate() {
                label[d as usize] = 9 - c as u8;
            }
            let mut g = *p;
            g.0.iter_mut().for_each(|d| *d = label[*d as usize]);
            g
        })
        .collect()
}

type Solve = fn(&Grid) -> Option<Grid>;

fn group(c: &mut Criterion, name: &str, puzzles: &[Grid], solvers: &[(&str, Solve)]) {
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
    let easy = grids(&EASY);
    group(c, "easy", &easy, &[fast, basic, plain]);
    group(c, "hard", &grids(&HARD), &[fast, basic]);
    group(c, "17-clue", &grids(&SEVENTEEN), &[fast]);
    group(c, "several", &grids(&SEVERAL[..2]), &[fast, basic, plain]);
    group(c, "several-16-givens", &grids(&SEVERAL[2..]), &[fast]);
    group(c, "adversarial", &adversarial(&easy), &[fast, basic]);
    let hard_adversarial = adversarial(&grids(&HARD));
    group(c, "adversarial-hard", &hard_adversarial, &[fast]);
    // Few givens, many solutions: the smallest can sit behind long refutations.
    let mut rng = Rng(14);
    let sparse: Vec<Grid> = (0..20).map(|_| gen::with_clues(&mut rng, 14)).collect();
    group(c, "14-givens", &sparse, &[fast]);
    // The hunt's puzzles (data/hunted.txt: `sudoku hunt`, three seeds, 10 minutes each),
    // those under 100,000 search nodes; scripts/bench.sh times them all.
    let hunted: Vec<Grid> = include_str!("data/hunted.txt")
        .lines()
        .map(|l| Grid::from_line(l).unwrap())
        .filter(|g| solver::first_solution_and_nodes(g).1 < 100_000)
        .collect();
    let witness: (&str, Solve) = ("witness-route", solver::witness_route);
    group(c, "hunted", &hunted, &[fast, witness]);
}

criterion_group!(all, benches);
criterion_main!(all);
