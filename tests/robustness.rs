//! Bad input in process, through each judge bin's `run`: CRLF input answers byte for byte
//! like LF input, and thousands of random and mutated inputs (seeded, std only) never panic,
//! never run long, and an error always leaves the output empty and names a real position;
//! adversarial puzzles (anti-brute-force, empty, deeply unsolvable) get the right outcome.

#[path = "../src/bin/aoj0126.rs"]
#[allow(dead_code)]
mod aoj0126;
#[path = "../src/bin/atcoder_abc327c.rs"]
#[allow(dead_code)]
mod atcoder_abc327c;
#[path = "../src/bin/boj2239.rs"]
#[allow(dead_code)]
mod boj2239;
#[path = "../src/bin/boj2580.rs"]
#[allow(dead_code)]
mod boj2580;
#[path = "../src/bin/boj7681.rs"]
#[allow(dead_code)]
mod boj7681;
#[path = "../src/bin/hdu1426.rs"]
#[allow(dead_code)]
mod hdu1426;
#[path = "../src/bin/hdu2780.rs"]
#[allow(dead_code)]
mod hdu2780;
#[path = "../src/bin/hdu4069.rs"]
#[allow(dead_code)]
mod hdu4069;
#[path = "../src/bin/kattis_sudokunique.rs"]
#[allow(dead_code)]
mod kattis_sudokunique;
#[path = "../src/bin/leetcode36.rs"]
#[allow(dead_code)]
mod leetcode36;
#[path = "../src/bin/leetcode37.rs"]
#[allow(dead_code)]
mod leetcode37;
#[path = "../src/bin/poj2676.rs"]
#[allow(dead_code)]
mod poj2676;
#[path = "../src/bin/poj3076.rs"]
#[allow(dead_code)]
mod poj3076;
#[path = "../src/bin/spoj_easudoku.rs"]
#[allow(dead_code)]
mod spoj_easudoku;
#[path = "../src/bin/spoj_novice42.rs"]
#[allow(dead_code)]
mod spoj_novice42;
#[path = "../src/bin/spoj_sudoku.rs"]
#[allow(dead_code)]
mod spoj_sudoku;
#[path = "../src/bin/uva10957.rs"]
#[allow(dead_code)]
mod uva10957;
#[path = "../src/bin/uva989.rs"]
#[allow(dead_code)]
mod uva989;

use crate::{common, famous, fuzz};

use std::fs;
use std::panic;
use std::time::{Duration, Instant};
use sudoku_kit::error::{Error, Kind};
use sudoku_kit::grid::Grid;
use sudoku_kit::judge::{self, Run};
use sudoku_kit::rng::Rng;

/// Every judge bin; a new one is its `mod` above and a line here (`every_judge_bin_is_here`
/// fails until it is).
const BINS: &[(&str, Run)] = &[
    ("aoj0126", aoj0126::run),
    ("atcoder_abc327c", atcoder_abc327c::run),
    ("boj2239", boj2239::run),
    ("boj2580", boj2580::run),
    ("boj7681", boj7681::run),
    ("hdu1426", hdu1426::run),
    ("hdu2780", hdu2780::run),
    ("hdu4069", hdu4069::run),
    ("kattis_sudokunique", kattis_sudokunique::run),
    ("leetcode36", leetcode36::run),
    ("leetcode37", leetcode37::run),
    ("poj2676", poj2676::run),
    ("poj3076", poj3076::run),
    ("spoj_easudoku", spoj_easudoku::run),
    ("spoj_novice42", spoj_novice42::run),
    ("spoj_sudoku", spoj_sudoku::run),
    ("uva10957", uva10957::run),
    ("uva989", uva989::run),
];

/// Far above any real run: only a hang or a runaway search gets near it.
const TIME_LIMIT: Duration = Duration::from_secs(5);

/// Cases left out of the seeds: anti-brute-force puzzles, `hard-` cases (spoj_easudoku's
/// files of 14 of the hardest public puzzles, which its small search takes about 10 ms each
/// to solve: their mutations were two thirds of this file's time), and spoj_sudoku's
/// `hunt-03` (sparse 16x16 boards of up to half a second each: 27 s more here). How long
/// they take is the solver's business (its benches), and here they would only slow the test.
const SLOW: &[&str] = &["anti-brute-force", "/hard-", "/hunt-03-"];

/// The bin's inputs under `roots` (`cases`, `tests/errors`), as LF text, but the [`SLOW`] ones.
fn seeds(bin: &str, roots: &[&str]) -> Vec<Vec<u8>> {
    let mut all = Vec::new();
    for root in roots {
        let dir = fs::read_dir(format!("{}/{}", root, bin));
        for entry in dir.into_iter().flatten() {
            let path = entry.unwrap().path();
            let name = path.to_string_lossy();
            if name.ends_with(".in") && !SLOW.iter().any(|s| name.contains(s)) {
                all.push(lf(&fs::read(path).unwrap()));
            }
        }
    }
    assert!(!all.is_empty(), "no inputs for {}", bin);
    all
}

/// `b` with every CRLF turned into LF.
fn lf(b: &[u8]) -> Vec<u8> {
    let mut v = b.to_vec();
    v.retain(|&c| c != b'\r');
    v
}

/// `b` (holding no CR) with every LF turned into CRLF.
fn crlf(b: &[u8]) -> Vec<u8> {
    let mut v = Vec::new();
    for &c in b {
        if c == b'\n' {
            v.push(b'\r');
        }
        v.push(c);
    }
    v
}

#[test]
fn every_judge_bin_is_here() {
    let mut here: Vec<&str> = BINS.iter().map(|&(bin, _)| bin).collect();
    here.sort_unstable();
    assert_eq!(here, common::judge_bins(), "BINS must list every judge bin");
}

/// Answers `input` with `run` as a judge bin's `main` does (all or nothing: an error comes
/// with no output), failing the test on a panic, a run over the time limit, an unfinished
/// output, or an error whose position lies outside the input.
fn check(bin: &str, run: Run, input: &[u8]) -> (Result<(), Error>, Vec<u8>) {
    let start = Instant::now();
    let result = panic::catch_unwind(|| match judge::answer(run, input) {
        Ok(out) => (Ok(()), out),
        Err(e) => (Err(e), Vec::new()),
    });
    let shown = String::from_utf8_lossy(input);
    let (result, out) = result.unwrap_or_else(|_| panic!("{} panicked on {:?}", bin, shown));
    assert!(
        start.elapsed() < TIME_LIMIT,
        "{} took {:?} on {:?}",
        bin,
        start.elapsed(),
        shown
    );
    match &result {
        // Empty is a whole answer too: `boj7681` given only `end` has zero puzzles.
        Ok(()) => assert!(
            out.is_empty() || out.ends_with(b"\n"),
            "{}: unfinished output",
            bin
        ),
        Err(e) => {
            let lines: Vec<&[u8]> = input.split(|&b| b == b'\n').collect();
            let in_input = e.line >= 1
                && e.line <= lines.len()
                && e.col >= 1
                && e.col <= lines[e.line - 1].len() + 1;
            assert!(in_input, "{}: error {} outside {:?}", bin, e, shown);
        }
    }
    (result, out)
}

#[test]
fn crlf_input_answers_byte_for_byte_like_lf() {
    for &(bin, run) in BINS {
        for input in seeds(bin, &["cases", "tests/errors"]) {
            assert_eq!(
                check(bin, run, &input),
                check(bin, run, &crlf(&input)),
                "{}: CRLF differs on {:?}",
                bin,
                String::from_utf8_lossy(&input)
            );
        }
    }
}

/// Bytes that input could hold: mostly the formats' own, some junk and invalid UTF-8.
const BYTES: &[u8] = b"0123456789000000000 .  \t\n\n\n\r-+xGridABCDP----\x00\x7f\x80\xc3\xff";

/// Random and mutated inputs each bin gets, and the threads they are split among.
const INPUTS: usize = 4000;
const THREADS: usize = 2;

#[test]
fn random_and_mutated_inputs_fail_cleanly() {
    // Each bin's inputs from a seed of its own, dealt out to the threads in turn.
    let inputs: Vec<(usize, Vec<u8>)> = BINS
        .iter()
        .enumerate()
        .flat_map(|(b, &(bin, _))| {
            let mut rng = Rng(0x5eed_2239 + b as u64);
            let seeds = seeds(bin, &["cases"]);
            let (cells, bytes) = alphabet(bin);
            (0..INPUTS).map(move |n| (b, fuzz_input(&mut rng, &seeds, cells, bytes, n)))
        })
        .collect();
    let tallies: Vec<Vec<(usize, usize, Duration)>> = std::thread::scope(|scope| {
        let threads: Vec<_> = (0..THREADS)
            .map(|t| {
                let inputs = &inputs;
                scope.spawn(move || {
                    let mut tally = vec![(0, 0, Duration::ZERO); BINS.len()];
                    for (b, input) in inputs.iter().skip(t).step_by(THREADS) {
                        let (bin, run) = BINS[*b];
                        let t1 = Instant::now();
                        let answer = check(bin, run, input);
                        tally[*b].2 = tally[*b].2.max(t1.elapsed());
                        match &answer.0 {
                            Err(e) if e.kind == Kind::Malformed => tally[*b].1 += 1,
                            _ => tally[*b].0 += 1,
                        }
                        if !input.contains(&b'\r') {
                            let got = check(bin, run, &crlf(input));
                            assert_eq!(answer, got, "{}: CRLF differs", bin);
                        }
                    }
                    tally
                })
            })
            .collect();
        threads.into_iter().map(|t| t.join().unwrap()).collect()
    });
    for (b, &(bin, _)) in BINS.iter().enumerate() {
        let (well_formed, malformed, slowest) =
            tallies.iter().fold((0, 0, Duration::ZERO), |(w, m, s), t| {
                (w + t[b].0, m + t[b].1, s.max(t[b].2))
            });
        println!(
            "{}: {} well-formed, {} malformed, slowest {:?}",
            bin, well_formed, malformed, slowest
        );
        // Both kinds must be common, or the mutations prove little. In HDU 4069's cells
        // (a digit plus wall bits, walls matching the neighbours') an edited digit breaks the
        // walls as a rule: about 7% of its mutations stay well-formed.
        let least = if bin == "hdu4069" { 100 } else { 200 };
        assert!(
            well_formed > least && malformed > 200,
            "{}: {} well-formed, {} malformed",
            bin,
            well_formed,
            malformed
        );
    }
}

/// What a digit of `bin`'s input may turn into and stay well-formed, mostly, and the bytes
/// its input could hold: LeetCode's JSON boards spell a blank `.`, have no `0`, and take
/// whitespace between any two tokens.
fn alphabet(bin: &str) -> (&'static [u8], &'static [u8]) {
    match bin.starts_with("leetcode") {
        true => (b"123456789.", b"123456789.   \t\n\n\r\"\"[],x\x80\xff"),
        false => (b"0123456789", BYTES),
    }
}

/// Input `n` of a bin's fuzzing: every fourth random bytes, the others a mutated seed
/// (mutating well-formed inputs gives both kinds; malformed ones would give one).
fn fuzz_input(rng: &mut Rng, seeds: &[Vec<u8>], cells: &[u8], bytes: &[u8], n: usize) -> Vec<u8> {
    if n % 4 == 0 {
        let len = rng.below(300);
        fuzz::bytes(rng, bytes, len)
    } else {
        let seed = rng.below(seeds.len());
        fuzz::mutate(rng, &seeds[seed], cells, bytes)
    }
}

/// `puzzle` (81 characters, `.` blank) as 9 rows of digits, `0` blank, `sep` between them.
fn rows(puzzle: &str, sep: &str) -> String {
    let digits: Vec<String> = puzzle.replace('.', "0").chars().map(String::from).collect();
    digits.chunks(9).map(|r| r.join(sep) + "\n").collect()
}

/// Adversarial puzzles through every bin whose format holds an unsolved puzzle (ABC327 C
/// reads filled grids only). The anti-brute-force puzzle costs a search without propagation
/// (the plain one) up to a second, so each bin sees it once.
#[test]
fn adversarial_puzzles_get_the_right_outcome() {
    // The anti-brute-force puzzle (its one solution starts 9 8 7 ..., the worst order for a
    // first-cell, 1-to-9 search), the empty grid, and Inkala's puzzle made unsolvable so
    // deep in the search that only search finds out.
    let f = famous::named(&["anti-brute-force", "empty", "inkala-2012-with-a-6-at-r9c6"]);
    let line = |g: &Grid| {
        let mut v = Vec::new();
        g.write_line(&mut v, b'.');
        String::from_utf8(v).unwrap().trim_end().to_string()
    };
    let (ab, empty, deep) = (
        &line(&f[0].puzzle),
        &line(&f[1].puzzle),
        &line(&f[2].puzzle),
    );
    let (ab_out, empty_out) = (
        &line(&f[0].smallest.unwrap()),
        &line(&f[1].smallest.unwrap()),
    );
    let no_solution = |at: &str| Err(format!("{}: no solution", at));
    let cases: [(&str, Run, String, Result<String, String>); 11] = [
        ("boj2239", boj2239::run, rows(ab, ""), Ok(rows(ab_out, ""))),
        (
            "boj2239",
            boj2239::run,
            rows(deep, ""),
            no_solution("line 1, column 1"),
        ),
        (
            "boj2580",
            boj2580::run,
            rows(ab, " "),
            Ok(rows(ab_out, " ")),
        ),
        (
            "boj2580",
            boj2580::run,
            rows(empty, " "),
            Ok(rows(empty_out, " ")),
        ),
        (
            "boj2580",
            boj2580::run,
            rows(deep, " "),
            no_solution("line 1, column 1"),
        ),
        (
            "boj7681",
            boj7681::run,
            format!("{}\n{}\nend\n", ab, empty),
            Ok(format!("{}\n{}\n", ab_out, empty_out)),
        ),
        (
            "boj7681",
            boj7681::run,
            format!("{}\n{}\n", ab, deep),
            no_solution("line 2, column 1"),
        ),
        (
            "kattis_sudokunique",
            kattis_sudokunique::run,
            [ab, empty, deep].map(|p| rows(p, " ")).join("\n"),
            Ok(rows(ab_out, " ") + "\nNon-unique\n\nFind another job\n"),
        ),
        (
            "spoj_easudoku",
            spoj_easudoku::run,
            "3\n".to_string() + &[ab, empty, deep].map(|p| rows(p, " ")).concat(),
            Ok(rows(ab_out, " ") + &rows(empty_out, " ") + "No solution\n"),
        ),
        (
            "spoj_novice42",
            spoj_novice42::run,
            format!("2\nGrid 1\n{}Grid 2\n{}", rows(ab, ""), rows(empty, "")),
            Ok(format!(
                "Grid 1\n{}\nGrid 2\n{}",
                rows(ab_out, ""),
                rows(empty_out, "")
            )),
        ),
        (
            "spoj_novice42",
            spoj_novice42::run,
            format!("2\nGrid 1\n{}Grid 2\n{}", rows(empty, ""), rows(deep, "")),
            no_solution("line 12, column 1 (case 2)"),
        ),
    ];
    // Two cores: the slow ones run side by side.
    std::thread::scope(|scope| {
        for (bin, run, input, want) in cases {
            scope.spawn(move || {
                let t = Instant::now();
                let (result, out) = check(bin, run, input.as_bytes());
                let got = result
                    .map(|()| String::from_utf8(out).unwrap())
                    .map_err(|e| e.to_string());
                assert_eq!(got, want, "{} on\n{}", bin, input);
                println!("{}: {:?}", bin, t.elapsed());
            });
        }
    });
}
