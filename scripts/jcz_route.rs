//! The witness route over a third-party oracle: the `sudoku` crate (a Rust port of
//! JCZSolve, within 1-1.7x of tdoku in tdoku's own benchmark table). Built by
//! `scripts/jcz_route.sh` outside the kit, which stays std-only. Per file: the mean, median
//! and worst of each puzzle's best of RUNS, the queries a puzzle, and whether every answer
//! equals NAME.lex beside NAME.txt.
use std::time::Instant;
use sudoku::Sudoku;

/// Whether digit `d` clashes with a cell of `g` that shares a unit with cell `i`.
fn clashes(g: &[u8; 81], i: usize, d: u8) -> bool {
    let (r, c) = (i / 9, i % 9);
    let b = r / 3 * 27 + c / 3 * 3;
    (0..9).any(|k| g[r * 9 + k] == d || g[k * 9 + c] == d || g[b + k / 3 * 9 + k % 3] == d)
}

/// The smallest solution by the witness route, and the oracle calls it made.
fn route(p: &[u8; 81]) -> Option<([u8; 81], usize)> {
    let any = Sudoku::from_bytes(*p).ok()?.solutions_up_to(2);
    let mut w = any.first()?.to_bytes();
    let mut calls = 1;
    if any.len() == 1 {
        return Some((w, calls));
    }
    let mut fixed = *p;
    for i in (0..81).filter(|&i| p[i] == 0) {
        for d in 1..w[i] {
            fixed[i] = 0;
            if clashes(&fixed, i, d) {
                continue;
            }
            fixed[i] = d;
            calls += 1;
            if let Some(s) = Sudoku::from_bytes(fixed)
                .ok()
                .and_then(|s| s.some_solution())
            {
                w = s.to_bytes();
                break;
            }
        }
        fixed[i] = w[i];
    }
    Some((w, calls))
}

fn main() {
    let runs: usize = std::env::var("RUNS").map_or(20, |r| r.parse().expect("RUNS"));
    for f in std::env::args().skip(1) {
        let text = std::fs::read_to_string(&f).expect("puzzle file");
        let lex = std::fs::read_to_string(f.replace(".txt", ".lex")).ok();
        let mut lex = lex.as_deref().map(str::lines);
        let (mut times, mut calls, mut equal) = (Vec::new(), 0, true);
        for line in text.lines().filter(|l| l.len() >= 81) {
            let mut p = [0u8; 81];
            for (c, b) in p.iter_mut().zip(line.bytes()) {
                *c = if b.is_ascii_digit() { b - b'0' } else { 0 };
            }
            let mut best = f64::MAX;
            let mut answer = None;
            for _ in 0..runs {
                let t = Instant::now();
                answer = std::hint::black_box(route(&p));
                best = best.min(t.elapsed().as_secs_f64() * 1e6);
            }
            let (w, n) = answer.expect("a solvable puzzle");
            calls += n;
            if let Some(l) = lex.as_mut().and_then(|l| l.next()) {
                equal &= w.iter().map(|d| (b'0' + d) as char).collect::<String>() == l.trim();
            }
            times.push(best);
        }
        let n = times.len();
        let mean = times.iter().sum::<f64>() / n as f64;
        let (worst, at) =
            times
                .iter()
                .enumerate()
                .fold((0.0, 0), |m, (i, &t)| if t > m.0 { (t, i + 1) } else { m });
        times.sort_by(|a, b| a.partial_cmp(b).unwrap());
        println!(
            "{}: {} puzzles, witness route over the sudoku crate: mean {:.1} us, median {:.1} us, worst {:.1} us (line {}), {:.1} oracle calls a puzzle{}",
            f, n, mean, times[n / 2], worst, at, calls as f64 / n as f64,
            match lex { Some(_) if equal => ", all answers equal to .lex", Some(_) => ", ANSWERS DIFFER FROM .lex", None => "" }
        );
    }
}
