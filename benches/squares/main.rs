//! The square solver against a Dancing Links baseline of our own ([`dlx`]) on seeded sets:
//! per set the number of puzzles and the microseconds per puzzle, mean and worst, of the
//! kit's lexicographically smallest answer and of Algorithm X's first (any) solution.
//! Every answer is checked: valid and keeping the givens always; on unique sets the kit's
//! answer must equal Dancing Links' (where it finished: it gives up after [`DLX_LIMIT`], and
//! its figures are then lower bounds); on 4x4 it must equal the plain search's.
//!
//! `cargo bench --bench squares` prints the table; `cargo bench --bench squares -- TEXT` only
//! the rows whose name contains TEXT (e.g. `hunted`). The minimal 16x16 and 25x25 puzzles take
//! long to make, so they live in `benches/data/squares/`, beside the hunts' slowest finds;
//! `cargo bench --bench squares -- --generate [FILE]` makes them (or one) again: the same
//! seeds give the same files.

mod dlx;

use dlx::Outcome;

use std::time::{Duration, Instant};
use std::{env, fs};
use sudoku_kit::rng::Rng;
use sudoku_kit::square::Square;
use sudoku_kit::{plain, square};

/// How long Dancing Links may take on one puzzle before it gives up.
const DLX_LIMIT: Duration = Duration::from_secs(10);

/// The stored sets: file, box size, puzzles, seed, givens to stop at (0: minimal). The
/// 25x25 puzzles stop at 310 of 625 givens: fewer take the generator minutes a puzzle.
const STORED: [(&str, usize, usize, u64, usize); 2] = [
    ("unique16.txt", 4, 200, 3076, 0),
    ("unique25.txt", 5, 20, 1309, 310),
];

fn data_path(file: &str) -> String {
    format!(
        "{}/benches/data/squares/{}",
        env!("CARGO_MANIFEST_DIR"),
        file
    )
}

fn main() {
    let args: Vec<String> = env::args().collect();
    if args.iter().any(|a| a == "--generate") {
        let named = |f: &str| args.iter().any(|a| a == f);
        for &(file, n, count, seed, min_clues) in &STORED {
            if named(file) || !STORED.iter().any(|s| named(s.0)) {
                generate(file, n, count, seed, min_clues);
            }
        }
        return;
    }
    // Cargo passes `--bench`: the first word that is no flag picks the rows.
    let only = args.iter().skip(1).find(|a| !a.starts_with('-')).cloned();
    let time_set = |name: &str, set: &[Square], kind: Kind| {
        if only.as_deref().map_or(true, |o| name.contains(o)) {
            time_set(name, set, kind);
        }
    };
    println!("| set | puzzles | kit mean us | kit worst us | DLX first mean us | DLX first worst us | DLX / kit (mean) |");
    println!("|---|---|---|---|---|---|---|");
    let mut rng = Rng(989);
    let small: Vec<Square> = (0..1000)
        .map(|_| square::gen::unique(&mut rng, 2, 0))
        .collect();
    time_set("4x4 minimal unique", &small, Kind::Unique);
    time_set("16x16 minimal unique", &stored(&STORED[0]), Kind::Unique);
    time_set(
        "25x25 unique, 310 givens",
        &stored(&STORED[1]),
        Kind::Unique,
    );
    // The sets with several solutions: 30% (16x16) and 35% (25x25) of a solved grid.
    let mut rng = Rng(3525);
    let kept16: Vec<Square> = (0..200)
        .map(|_| square::gen::keeping(&mut rng, 4, 0.30))
        .collect();
    time_set("16x16 30% kept", &kept16, Kind::Several);
    let kept25: Vec<Square> = (0..20)
        .map(|_| square::gen::keeping(&mut rng, 5, 0.35))
        .collect();
    time_set("25x25 35% kept", &kept25, Kind::Several);
    // The slowest boards the hunts found (scripts/hunts.sh), kept as found.
    time_set("16x16 hunted", &read_set("hunted16.txt", 4), Kind::Several);
    time_set("25x25 hunted", &read_set("hunted25.txt", 5), Kind::Several);
    // Frisch's minimal 25x25 puzzles: settled by the root's count to 2, by clause learning.
    time_set("25x25 Frisch", &read_set("frisch25.txt", 5), Kind::Unique);
}

/// Writes `count` puzzles of [`square::gen::unique`] to `file`, with the command that made them.
fn generate(file: &str, n: usize, count: usize, seed: u64, min_clues: usize) {
    let mut rng = Rng(seed);
    let mut text = format!(
        "# {} puzzles: square::gen::unique(Rng({}), {}, {}), one a line; made by\n# cargo bench --bench squares -- --generate\n",
        count, seed, n, min_clues
    );
    for k in 0..count {
        let g = square::gen::unique(&mut rng, n, min_clues);
        let line: Vec<String> = g.cells().iter().map(|v| v.to_string()).collect();
        text += &line.join(" ");
        text.push('\n');
        eprintln!("{} {}/{}: {} givens", file, k + 1, count, g.givens());
    }
    fs::write(data_path(file), text).expect("write the data file");
}

/// The puzzles of a stored set.
fn stored(&(file, n, ..): &(&str, usize, usize, u64, usize)) -> Vec<Square> {
    read_set(file, n)
}

/// The puzzles of `file` in `benches/data/squares/`, box size `n`.
fn read_set(file: &str, n: usize) -> Vec<Square> {
    let text = fs::read_to_string(data_path(file)).expect("the stored set (see --generate)");
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
        .map(|l| {
            let cells = l.split_whitespace().map(|t| t.parse().unwrap()).collect();
            Square::from_cells(n, cells)
        })
        .collect()
}

#[derive(Clone, Copy, PartialEq)]
enum Kind {
    Unique,
    Several,
}

/// Microseconds `f` takes, the mean of `runs` runs, and its answer.
fn timed<T>(runs: u32, f: impl Fn() -> T) -> (f64, T) {
    let start = Instant::now();
    for _ in 1..runs {
        criterion::black_box(f());
    }
    let answer = f();
    (start.elapsed().as_secs_f64() * 1e6 / runs as f64, answer)
}

/// Times both solvers on `set`, checks every answer and prints a table row.
fn time_set(name: &str, set: &[Square], kind: Kind) {
    let (mut kit, mut dlx, mut stopped) = (Vec::new(), Vec::new(), 0);
    // A 4x4 puzzle takes well under a microsecond, a few times what reading the clock
    // costs: each is timed over 100 runs, for both solvers.
    let runs = if set[0].box_size() <= 2 { 100 } else { 1 };
    for (k, g) in set.iter().enumerate() {
        let (t, answer) = timed(runs, || square::solver::first_solution(g));
        kit.push(t);
        let (t, any) = timed(runs, || dlx::first_solution(g, DLX_LIMIT));
        dlx.push(t);
        let answer = answer.unwrap_or_else(|| panic!("{} puzzle {}: no answer", name, k));
        assert!(
            answer.is_solved() && g.agrees_with(&answer),
            "{} puzzle {}",
            name,
            k
        );
        let any = match any {
            Outcome::Solution(s) => s,
            Outcome::NoSolution => panic!("{} puzzle {}: DLX found none", name, k),
            Outcome::GaveUp => {
                stopped += 1;
                continue;
            }
        };
        assert!(
            any.is_solved() && g.agrees_with(&any),
            "{} puzzle {}",
            name,
            k
        );
        if kind == Kind::Unique {
            assert_eq!(
                answer, any,
                "{} puzzle {}: not the unique solution",
                name, k
            );
        }
        if g.box_size() == 2 {
            assert_eq!(Some(&answer), plain::first_solution(g).as_ref());
        }
    }
    let mean = |v: &[f64]| v.iter().sum::<f64>() / v.len() as f64;
    let worst = |v: &[f64]| v.iter().cloned().fold(0.0, f64::max);
    // Where Dancing Links gave up, its figures are lower bounds.
    let (at_least, note) = match stopped {
        0 => ("", String::new()),
        k => (
            ">= ",
            format!(" ({} stopped at {} s)", k, DLX_LIMIT.as_secs()),
        ),
    };
    // Whole microseconds, but two decimals below 10.
    let us = |t: f64| format!("{:.*}", if t < 10.0 { 2 } else { 0 }, t);
    println!(
        "| {} | {} | {} | {} | {}{} | {}{}{} | {}{:.1} |",
        name,
        set.len(),
        us(mean(&kit)),
        us(worst(&kit)),
        at_least,
        us(mean(&dlx)),
        at_least,
        us(worst(&dlx)),
        note,
        at_least,
        mean(&dlx) / mean(&kit)
    );
}
