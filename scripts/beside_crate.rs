//! The kit's smallest solution beside the `sudoku` crate's first solution (a JCZSolve port,
//! within 1-1.7x of tdoku in tdoku's own table) and its count to 2, in one process, so that
//! both run on the same machine in the same minutes. Built by `scripts/jcz_route.sh
//! --beside` outside the kit, which stays std-only. Per file and per search: ROUNDS passes
//! (default 3), the kit's and the crate's taking turns, each puzzle's best of RUNS (default
//! 3) a pass, and the median pass. Where the crate counts one solution, the kit's answer
//! must be that solution.
use std::time::Instant;
use sudoku::Sudoku;
use sudoku_kit::grid::Grid;
use sudoku_kit::solver;

/// Microseconds a puzzle of one pass of `solve` over `puzzles`, each puzzle's best of `runs`.
fn pass<T>(puzzles: &[[u8; 81]], runs: usize, solve: impl Fn(&[u8; 81]) -> T) -> f64 {
    let mut total = 0.0;
    for p in puzzles {
        let mut best = f64::MAX;
        for _ in 0..runs {
            let t = Instant::now();
            std::hint::black_box(solve(std::hint::black_box(p)));
            best = best.min(t.elapsed().as_secs_f64() * 1e6);
        }
        total += best;
    }
    total / puzzles.len() as f64
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(|a, b| a.partial_cmp(b).unwrap());
    v[v.len() / 2]
}

fn main() {
    let var = |name, default| std::env::var(name).map_or(default, |r| r.parse().expect(name));
    let (rounds, runs) = (var("ROUNDS", 3), var("RUNS", 3));
    println!("set: puzzles, microseconds a puzzle (median of {} passes): kit smallest / crate first / crate count to 2, kit / crate first", rounds);
    for f in std::env::args().skip(1) {
        let text = std::fs::read_to_string(&f).expect("puzzle file");
        let mut puzzles = Vec::new();
        for line in text.lines().map(str::trim_end).filter(|l| !l.is_empty()) {
            let g = Grid::from_line(line).expect("an 81-character puzzle line");
            let p = g.0;
            let kit = solver::first_solution(&g).map(|g| g.0);
            let mut one = [[0; 81]; 1];
            if Sudoku::from_bytes(p).map_or(0, |s| s.solutions_up_to_buffer(&mut one, 2)) == 1 {
                assert_eq!(
                    kit,
                    Some(one[0]),
                    "{}: the kit and the crate differ on {}",
                    f,
                    line
                );
            }
            puzzles.push(p);
        }
        let (mut kit, mut first, mut uniq) = (Vec::new(), Vec::new(), Vec::new());
        for _ in 0..rounds {
            kit.push(pass(&puzzles, runs, |p| solver::first_solution(&Grid(*p))));
            first.push(pass(&puzzles, runs, |p| {
                Sudoku::from_bytes(*p).ok()?.some_solution()
            }));
            uniq.push(pass(&puzzles, runs, |p| {
                Sudoku::from_bytes(*p).map(|s| s.solutions_count_up_to(2))
            }));
        }
        let (kit, first, uniq) = (median(kit), median(first), median(uniq));
        println!(
            "{}: {}, {:.2} / {:.2} / {:.2}, {:.2}",
            f,
            puzzles.len(),
            kit,
            first,
            uniq,
            kit / first
        );
    }
}
