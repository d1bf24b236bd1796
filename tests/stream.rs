//! Bad and big input for the `sudoku` tool's streaming `solve`: random and mutated streams
//! (junk bytes, invalid UTF-8) never panic or hang, a malformed puzzle stops the run with
//! exit 2 after whole answers for the puzzles before it, and a long stream is answered while
//! it is still being written, in memory far below its size. All of this holds with one
//! thread and with several (`--jobs`), whose answers come in input order. Expected answers
//! come from the plain reference search.

use crate::fuzz;

use std::io::{Read, Write};
use std::process::{Child, Command, Stdio};
use std::thread;
use std::time::{Duration, Instant};
use sudoku_kit::error::Error;
use sudoku_kit::gen;
use sudoku_kit::grid::Grid;
use sudoku_kit::layout::{self, Puzzle, Puzzles};
use sudoku_kit::rng::Rng;
use sudoku_kit::{plain, square};

/// Far above any real run: only a hang or a runaway search gets near it.
const TIME_LIMIT: Duration = Duration::from_secs(10);

fn spawn(args: &[&str]) -> Child {
    Command::new(env!("CARGO_BIN_EXE_sudoku"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
}

/// Runs `sudoku solve OPTIONS` on `input`: exit status, stdout, stderr. Kills it and fails
/// the test if it runs past the time limit; a panic shows as exit status 101.
fn solve(options: &[&str], input: &[u8]) -> (i32, Vec<u8>, String) {
    let mut child = spawn(&[&["solve"], options].concat());
    let mut stdin = child.stdin.take().unwrap();
    let input = input.to_vec();
    // The tool stops reading at a malformed puzzle: a failed write is fine.
    let writer = thread::spawn(move || drop(stdin.write_all(&input)));
    let mut stdout = child.stdout.take().unwrap();
    let reader = thread::spawn(move || {
        let mut v = Vec::new();
        stdout.read_to_end(&mut v).unwrap();
        v
    });
    let start = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if start.elapsed() > TIME_LIMIT {
            child.kill().unwrap();
            panic!("sudoku solve ran over {:?}", TIME_LIMIT);
        }
        thread::sleep(Duration::from_millis(1));
    };
    writer.join().unwrap();
    let out = reader.join().unwrap();
    let mut err = String::new();
    child.stderr.unwrap().read_to_string(&mut err).unwrap();
    // A death by signal counts as -1.
    (status.code().unwrap_or(-1), out, err)
}

/// The answer to a puzzle read from a fuzzed stream: of its size, when a mutation made it
/// a grid of another size (then rows and a blank line, as the tool writes them).
fn expected_answer_to(p: &Puzzle) -> String {
    if let Some(g) = p.grid.to_grid() {
        return expected_answer(&g);
    }
    match plain::first_solution(&p.grid) {
        Some(s) => {
            let mut v = Vec::new();
            if p.letters {
                square::text::write_letters(&s, &mut v);
            } else {
                square::text::write_numbers(&s, &mut v);
            }
            String::from_utf8(v).unwrap() + "\n"
        }
        None => "none\n".to_string(),
    }
}

/// The plain search's answer line for `g`: its smallest solution, or `none`.
fn expected_answer(g: &Grid) -> String {
    match plain::first_solution(g) {
        Some(s) => s.0.iter().map(|d| (b'0' + d) as char).collect::<String>() + "\n",
        None => "none\n".to_string(),
    }
}

/// `g` in one of the layouts the tool reads, chosen by `kind`: a dotted line, 9 rows of
/// digits, 9 rows of spaced digits with CRLF, or the pretty grid.
fn written(g: &Grid, kind: usize) -> Vec<u8> {
    let mut v = Vec::new();
    match kind % 4 {
        0 => g.write_line(&mut v, b'.'),
        1 => g.write_rows(&mut v, b""),
        2 => {
            g.write_rows(&mut v, b" ");
            v = String::from_utf8(v).unwrap().replace('\n', "\r\n").into();
        }
        _ => v = layout::pretty(|i| layout::cell_text(g, i)).into_bytes(),
    }
    v
}

/// A stream of `n` puzzles of the differential mix in random layouts, blank lines between
/// some; with each puzzle the line it starts on.
fn stream(rng: &mut Rng, n: usize) -> (Vec<u8>, Vec<(Grid, usize)>) {
    let (mut text, mut puzzles) = (Vec::new(), Vec::new());
    for _ in 0..n {
        if rng.below(3) == 0 {
            text.push(b'\n');
        }
        let g = gen::mixed(rng);
        let line = 1 + text.iter().filter(|&&b| b == b'\n').count();
        text.extend(written(&g, rng.below(4)));
        puzzles.push((g, line));
    }
    (text, puzzles)
}

#[test]
fn solve_stops_at_the_first_malformed_puzzle_after_whole_answers() {
    let mut rng = Rng(6);
    for round in 0..40 {
        // Every 4th stream spans several of the threads' chunks of puzzles.
        let n = if round % 4 == 3 {
            600 + rng.below(600)
        } else {
            2 + rng.below(5)
        };
        let jobs = ["1", "2", "3"][round % 3];
        let (mut text, puzzles) = stream(&mut rng, n);
        // Spoil the first cell of puzzle k: its first digit or blank (separator lines hold
        // none), with a letter or a byte that is not UTF-8.
        let k = rng.below(puzzles.len());
        let (_, line) = puzzles[k];
        let line_start = if line == 1 {
            0
        } else {
            let mut ends = text.iter().enumerate().filter(|(_, &b)| b == b'\n');
            ends.nth(line - 2).unwrap().0 + 1
        };
        let at = line_start
            + text[line_start..]
                .iter()
                .position(|b| b"0123456789.".contains(b))
                .unwrap();
        let (bad, named) = if round % 2 == 0 {
            (b'x', "'x'")
        } else {
            (0xff, "byte 0xff")
        };
        text[at] = bad;
        let (code, out, err) = solve(&["--jobs", jobs], &text);
        let want: String = puzzles[..k]
            .iter()
            .map(|(g, _)| expected_answer(g))
            .collect();
        assert_eq!(
            (code, String::from_utf8(out).unwrap()),
            (2, want),
            "--jobs {}",
            jobs
        );
        assert_eq!(
            err,
            format!(
                "error: line {}, column {}: expected a digit or a blank (0 . _ * ?), found {}\n",
                line,
                at - line_start + 1,
                named
            )
        );
    }
}

#[test]
fn jobs_answer_in_input_order_as_one_thread_does() {
    // 2000 puzzles of the differential mix (unique, several solutions, none) in mixed
    // layouts: 16 chunks of puzzles, answered by threads that finish out of order.
    let (text, puzzles) = stream(&mut Rng(14), 2000);
    let want: String = puzzles.iter().map(|(g, _)| expected_answer(g)).collect();
    for jobs in ["1", "2", "3", "8"] {
        let (code, out, err) = solve(&["--jobs", jobs], &text);
        assert_eq!((code, err.as_str()), (0, ""), "--jobs {}", jobs);
        assert!(String::from_utf8(out).unwrap() == want, "--jobs {}", jobs);
    }
    // Counts and grids take the same path.
    for options in [
        ["--count", "--limit", "3"],
        ["--grid", "--stats", "--plain"],
    ] {
        let one = solve(&[&options[..], &["--jobs", "1"]].concat(), &text);
        let three = solve(&[&options[..], &["--jobs", "3"]].concat(), &text);
        assert_eq!(one.0, 0);
        assert!(one.1 == three.1, "{:?}", options);
        // --stats: the same puzzles and steps, but not the same time.
        let steps = |err: &str| err.rsplit_once(", ").map(|(s, _)| s.to_string());
        assert_eq!(steps(&one.2), steps(&three.2));
    }
    let (code, _, err) = solve(&["--jobs", "0"], b"");
    assert_eq!(code, 2);
    assert!(
        err.starts_with("error: --jobs must be at least 1\n"),
        "{}",
        err
    );
}

/// Bytes that a stream could hold, mostly the layouts' own.
const BYTES: &[u8] = b"0123456789.........  \t\n\n\r|-+_*?xG\x00\x7f\x80\xc3\xff";

/// What the library's streaming reader makes of `input`: the puzzles before the first
/// error, and that error.
fn read(input: &[u8]) -> (Vec<Puzzle>, Option<Error>) {
    let mut ok = Vec::new();
    for p in Puzzles::new(input) {
        match p {
            Ok(g) => ok.push(g),
            Err(e) => return (ok, Some(e)),
        }
    }
    (ok, None)
}

/// The `n`th fuzz input: every 4th is random bytes, the others a stream of up to 3
/// puzzles with one or two edits.
fn fuzz_input(rng: &mut Rng, n: usize) -> Vec<u8> {
    if n % 4 == 0 {
        let n = rng.below(400);
        fuzz::bytes(rng, BYTES, n)
    } else {
        let n = 1 + rng.below(3);
        let text = stream(rng, n).0;
        fuzz::mutate(rng, &text, b"0123456789.", BYTES)
    }
}

/// True when `e` points into `input`: a real line, a column at most one past its end.
fn inside(e: &Error, input: &[u8]) -> bool {
    let lines: Vec<&[u8]> = input.split(|&b| b == b'\n').collect();
    e.line >= 1 && e.line <= lines.len() && e.col >= 1 && e.col <= lines[e.line - 1].len() + 1
}

/// Runs `check` on `runs` fuzz inputs; `check` says whether the input was malformed. Both
/// kinds must be common, or the run proves little.
fn fuzz(what: &str, seed: u64, runs: usize, mut check: impl FnMut(&[u8]) -> bool) {
    let mut rng = Rng(seed);
    let malformed = (0..runs)
        .filter(|&n| check(&fuzz_input(&mut rng, n)))
        .count();
    println!("{}: {} of {} inputs malformed", what, malformed, runs);
    assert!(malformed > runs / 10 && runs - malformed > runs / 10);
}

#[test]
fn random_and_mutated_streams_fail_cleanly_in_the_reader() {
    fuzz("reader", 0x5eed, 4000, |input| {
        let mut puzzles = Puzzles::new(input);
        let error = read(input).1;
        if let Some(e) = &error {
            let shown = String::from_utf8_lossy(input);
            assert!(inside(e, input), "error {} outside {:?}", e, shown);
            // After the error the stream yields nothing more.
            assert!(puzzles.by_ref().any(|p| p.is_err()));
            assert!(puzzles.next().is_none());
        }
        error.is_some()
    });
}

#[test]
fn random_and_mutated_streams_fail_cleanly_in_the_tool() {
    let mut runs = 0;
    fuzz("tool", 0xfeed, 300, |input| {
        let shown = String::from_utf8_lossy(input).into_owned();
        runs += 1;
        let (code, out, err) = solve(&["--jobs", ["1", "3"][runs % 2]], input);
        let (puzzles, error) = read(input);
        // One whole answer line per puzzle read before the first error, nothing half written.
        let want: String = puzzles.iter().map(expected_answer_to).collect();
        assert_eq!(String::from_utf8(out).unwrap(), want, "on {:?}", shown);
        match &error {
            Some(e) => assert_eq!(
                (code, err),
                (2, format!("error: {}\n", e)),
                "on {:?}",
                shown
            ),
            None => assert_eq!((code, err.as_str()), (0, ""), "on {:?}", shown),
        }
        error.is_some()
    });
}

/// Peak resident memory of a running process, from Linux's `/proc`; `None` elsewhere.
fn peak_rss_kb(pid: u32) -> Option<usize> {
    let status = std::fs::read_to_string(format!("/proc/{}/status", pid)).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

#[test]
fn a_long_stream_is_answered_as_it_comes_in_bounded_memory() {
    for jobs in ["1", "4"] {
        long_stream(jobs);
    }
}

/// [`a_long_stream_is_answered_as_it_comes_in_bounded_memory`] on `jobs` threads.
fn long_stream(jobs: &str) {
    // 100,000 copies of the BOJ 2239 sample's answer with 3 cells blanked: 8.2 MB of
    // input. Each has one solution, the answer itself (3 blanks in 3 different rows,
    // columns and boxes are each forced by their row).
    const N: usize = 100_000;
    let answer = "143628579572139468986754231391542786468917352725863914237481695\
                  619275843854396127";
    let mut puzzle = answer.as_bytes().to_vec();
    for i in [0, 40, 80] {
        puzzle[i] = b'.';
    }
    puzzle.push(b'\n');
    let mut child = spawn(&["solve", "--jobs", jobs]);
    let mut stdin = child.stdin.take().unwrap();
    let mut stdout = child.stdout.take().unwrap();
    let (tx, rx) = std::sync::mpsc::channel();
    let reader = thread::spawn(move || {
        let (mut buf, mut lines, mut all) = (vec![0; 1 << 16], 0, Vec::new());
        loop {
            let n = stdout.read(&mut buf).unwrap();
            if n == 0 {
                return all;
            }
            lines += buf[..n].iter().filter(|&&b| b == b'\n').count();
            let _ = tx.send(lines);
            all.extend_from_slice(&buf[..n]);
        }
    });
    for _ in 0..N {
        stdin.write_all(&puzzle).unwrap();
    }
    stdin.flush().unwrap();
    // Stdin is still open: answers must already be flowing. Wait for most of them, then
    // read the tool's peak memory while it waits for more input.
    let start = Instant::now();
    let mut answered = 0;
    while answered < N / 2 {
        answered = rx
            .recv_timeout(TIME_LIMIT)
            .expect("no answers before end of input");
        assert!(start.elapsed() < TIME_LIMIT, "only {} answers", answered);
    }
    let peak = peak_rss_kb(child.id());
    drop(stdin);
    let out = reader.join().unwrap();
    assert_eq!(child.wait().unwrap().code(), Some(0));
    assert_eq!(out.len(), N * 82);
    assert!(out
        .chunks(82)
        .all(|l| l == format!("{}\n", answer).as_bytes()));
    if let Some(kb) = peak {
        println!(
            "--jobs {}: peak RSS {} kB after {} of {} answers",
            jobs, kb, answered, N
        );
        // The input is 8,200 kB; a tool that kept it would be far above this. Each thread
        // adds its stack and allocator arena (about 200 kB) and its chunks in flight.
        let threads: usize = jobs.parse().unwrap();
        assert!(kb < 4096 + 256 * (threads - 1), "peak RSS {} kB", kb);
    }
}
