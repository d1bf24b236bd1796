//! Times the solver on puzzle files, one puzzle a line (81 characters, `.` or `0` blank):
//! per file the number of puzzles, the total and mean time and the slowest puzzle. Every
//! answer is checked: a valid completion that keeps the givens (on the unique sets that is
//! the answer), and equal to `NAME.lex` when it sits beside `NAME.txt` (sets with several
//! solutions; `none` for a puzzle without one). Times are the best of three runs per puzzle.
//! With `--witness` it times the witness route (`solver::witness_route`) instead of
//! `solver::first_solution`, with `--basic` the small search (`basic::first_solution`).
//! With `--once` each puzzle is solved once (for `scripts/instructions.sh`, which counts
//! each solve's instructions).
//! Run through `scripts/bench.sh [FILE...]` (or `cargo bench --bench timing -- FILE...`).

use std::time::{Duration, Instant};
use std::{env, fs, process};
use sudoku_kit::grid::Grid;
use sudoku_kit::{basic, check, solver};

/// Each puzzle is solved this many times and its best time kept, so that a time slice lost
/// to another process on a busy machine does not show up as a slow puzzle.
const RUNS: usize = 3;

fn main() {
    let files: Vec<String> = env::args()
        .skip(1)
        .filter(|a| !a.starts_with("--"))
        .collect();
    if files.is_empty() {
        eprintln!("usage: timing FILE...");
        process::exit(2);
    }
    let flag = |f: &str| env::args().any(|a| a == f);
    let solve = if flag("--witness") {
        solver::witness_route
    } else if flag("--basic") {
        basic::first_solution
    } else {
        solver::first_solution
    };
    let runs = if flag("--once") { 1 } else { RUNS };
    let mut wrong = 0;
    for file in &files {
        wrong += time_file(file, solve, runs);
    }
    if wrong > 0 {
        process::exit(1);
    }
}

/// Reads the puzzles of `file` with their 1-based line numbers; exits on a bad line.
fn puzzles(file: &str) -> Vec<(usize, Grid)> {
    let text = fs::read_to_string(file).unwrap_or_else(|e| {
        eprintln!("{}: {}", file, e);
        process::exit(2);
    });
    let mut found = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim_end();
        if line == "end" {
            break;
        }
        match Grid::from_line(line) {
            Some(g) => found.push((n + 1, g)),
            None if line.is_empty() => {}
            None => {
                eprintln!("{}:{}: not an 81-character puzzle line", file, n + 1);
                process::exit(2);
            }
        }
    }
    found
}

/// The smallest solutions beside `file` (`NAME.lex` for `NAME.txt`), if any.
fn answers(file: &str) -> Option<Vec<String>> {
    let stem = file.strip_suffix(".txt")?;
    let text = fs::read_to_string(format!("{}.lex", stem)).ok()?;
    Some(text.lines().map(String::from).collect())
}

/// Why the answer `s` to puzzle `g` is wrong, if it is: not a valid completion, or not
/// `want` (the `.lex` line).
fn fault(g: &Grid, s: Option<Grid>, want: Option<&String>) -> Option<String> {
    let s = match (s, want.map(|w| w.trim_end())) {
        (None, Some("none")) => return None,
        (None, _) => return Some("no solution found".to_string()),
        (Some(s), _) => s,
    };
    if let Err(why) = check::check(g, &s) {
        return Some(why);
    }
    let got: String = s.0.iter().map(|&d| (b'0' + d) as char).collect();
    match want {
        Some(w) if got != w.trim_end() => Some(format!("{} is not the .lex answer", got)),
        _ => None,
    }
}

/// One solve, kept out of line: `scripts/instructions.sh` has callgrind count each call.
#[inline(never)]
fn solve_one(solve: fn(&Grid) -> Option<Grid>, g: &Grid) -> Option<Grid> {
    solve(g)
}

/// Times every puzzle of `file` (the best of `runs` solves), prints one summary line; returns
/// the number of wrong answers.
fn time_file(file: &str, solve: fn(&Grid) -> Option<Grid>, runs: usize) -> usize {
    let puzzles = puzzles(file);
    let answers = answers(file);
    let (mut total, mut slowest, mut wrong) = (Duration::ZERO, (Duration::ZERO, 0), 0);
    for (k, (line, g)) in puzzles.iter().enumerate() {
        let (mut s, mut took) = (None, Duration::MAX);
        for _ in 0..runs {
            let start = Instant::now();
            s = solve_one(solve, g);
            took = took.min(start.elapsed());
        }
        total += took;
        if took > slowest.0 {
            slowest = (took, *line);
        }
        if let Some(why) = fault(g, s, answers.as_ref().and_then(|a| a.get(k))) {
            wrong += 1;
            eprintln!("{}:{}: wrong answer: {}", file, line, why);
        }
    }
    let n = puzzles.len().max(1) as f64;
    println!(
        "{}: {} puzzles, {:.3} s, {:.2} us/puzzle, slowest line {} {:.1} us{}",
        file,
        puzzles.len(),
        total.as_secs_f64(),
        total.as_secs_f64() * 1e6 / n,
        slowest.1,
        slowest.0.as_secs_f64() * 1e6,
        match (&answers, wrong) {
            (None, 0) => ", all answers valid".to_string(),
            (Some(_), 0) => ", all answers valid and equal to .lex".to_string(),
            (_, w) => format!(", {} WRONG", w),
        }
    );
    wrong
}
