//! The `sudoku` tool, run as a user runs it. Expected answers come from the BOJ 2239
//! statement sample, hand reasoning (explained at each case) or the plain reference search.

use std::io::Write;
use std::process::{Command, Stdio};
use sudoku_kit::gen;
use sudoku_kit::grid::Grid;
use sudoku_kit::plain;
use sudoku_kit::rng::Rng;
use sudoku_kit::square;
use sudoku_kit::square::Square;

/// Runs `sudoku args` with `stdin`: exit status, stdout, stderr.
pub(crate) fn sudoku(args: &[&str], stdin: &str) -> (i32, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_sudoku"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // A command may stop reading early (bad arguments): a failed write is fine.
    let _ = child.stdin.take().unwrap().write_all(stdin.as_bytes());
    let out = child.wait_with_output().unwrap();
    let text = |b: Vec<u8>| String::from_utf8(b).unwrap();
    (
        out.status.code().unwrap(),
        text(out.stdout),
        text(out.stderr),
    )
}

/// The BOJ 2239 statement sample, as 9 rows.
pub(crate) const SAMPLE: &str = "103000509\n002109400\n000704000\n300502006\n060000050\n\
                      700803004\n000401000\n009205800\n804000107\n";
/// Its answer from the statement, as one line.
pub(crate) const ANSWER: &str = "143628579572139468986754231391542786468917352725863914237481695\
                      619275843854396127";

/// The sample answer with the cells at `blanks` blanked, as a line.
pub(crate) fn blanked(blanks: &[usize]) -> String {
    let mut cells: Vec<u8> = ANSWER.bytes().collect();
    for &i in blanks {
        cells[i] = b'.';
    }
    String::from_utf8(cells).unwrap()
}

/// The sample answer with row 1 and row 3 swapped at columns 1 and 9. Row 1 reads
/// 1 ... 9 and row 3 reads 9 ... 1 there, so the swap keeps every row, column and box
/// (rows 1 and 3 share a band): a second solution once those 4 cells are blank.
pub(crate) fn swapped_answer() -> String {
    let mut cells: Vec<u8> = ANSWER.bytes().collect();
    cells.swap(0, 18);
    cells.swap(8, 26);
    String::from_utf8(cells).unwrap()
}

#[test]
fn solve_prints_the_statement_answer_in_every_layout() {
    let line = SAMPLE.replace('\n', "");
    let dotted = line.replace('0', ".");
    let spaced: String = SAMPLE
        .lines()
        .map(|r| r.chars().map(String::from).collect::<Vec<_>>().join(" ") + "\r\n")
        .collect();
    let pretty = "1 . 3 | . . . | 5 . 9\n. . 2 | 1 . 9 | 4 . .\n. . . | 7 . 4 | . . .\n\
                  ------+-------+------\n3 . . | 5 . 2 | . . 6\n. 6 . | . . . | . 5 .\n\
                  7 . . | 8 . 3 | . . 4\n------+-------+------\n. . . | 4 . 1 | . . .\n\
                  . . 9 | 2 . 5 | 8 . .\n8 . 4 | . . . | 1 . 7";
    let input = [SAMPLE, &line, &dotted.replace('.', "_"), &spaced, pretty].join("\n");
    let (code, out, err) = sudoku(&["solve"], &input);
    assert_eq!((code, err.as_str()), (0, ""));
    assert_eq!(out, format!("{}\n", ANSWER).repeat(5));
    let (code, out, _) = sudoku(&["solve", "--plain"], &dotted);
    assert_eq!((code, out), (0, format!("{}\n", ANSWER)));
}

#[test]
fn solve_grid_prints_a_pretty_grid() {
    let (code, out, _) = sudoku(&["solve", "--grid"], SAMPLE);
    let want = "1 4 3 | 6 2 8 | 5 7 9\n5 7 2 | 1 3 9 | 4 6 8\n9 8 6 | 7 5 4 | 2 3 1\n\
                ------+-------+------\n3 9 1 | 5 4 2 | 7 8 6\n4 6 8 | 9 1 7 | 3 5 2\n\
                7 2 5 | 8 6 3 | 9 1 4\n------+-------+------\n2 3 7 | 4 8 1 | 6 9 5\n\
                6 1 9 | 2 7 5 | 8 4 3\n8 5 4 | 3 9 6 | 1 2 7\n\n";
    assert_eq!((code, out.as_str()), (0, want));
    // With --all, the two solutions of a puzzle (see `swapped_answer`) as grids, each
    // followed by a blank line, read back as those two solutions.
    let (_, out, _) = sudoku(&["solve", "--all", "--grid"], &blanked(&[0, 8, 18, 26]));
    assert!(out.starts_with(want) && out.ends_with("\n\n"));
    let (_, back, _) = sudoku(&["solve", "--all"], &out);
    assert_eq!(back, format!("{}\n\n{}\n", ANSWER, swapped_answer()));
}

#[test]
fn unsolvable_puzzles_print_none() {
    // Two 1s in row 1; and a grid whose cell at row 1 column 9 can only take 9 (the rest
    // of its row holds 1 to 8) while column 9 already holds 9 further down.
    let clash = format!("11{}", ".".repeat(79));
    let mut dead = format!("12345678.{}", ".".repeat(72));
    dead.replace_range(35..36, "9");
    for search in ["--plain", "--stats"] {
        let (code, out, _) = sudoku(&["solve", search], &format!("{}\n{}\n", clash, dead));
        assert_eq!((code, out.as_str()), (0, "none\nnone\n"));
    }
}

#[test]
fn solve_stops_at_the_first_malformed_puzzle_keeping_earlier_answers() {
    let bad = blanked(&[1]).replacen('.', "x", 1);
    let input = format!("{}\n{}\n{}\n", blanked(&[1]), bad, blanked(&[1]));
    let (code, out, err) = sudoku(&["solve"], &input);
    assert_eq!(code, 2);
    assert_eq!(out, format!("{}\n", ANSWER));
    assert_eq!(
        err,
        "error: line 2, column 2: expected a digit or a blank (0 . _ * ?), found 'x'\n"
    );
    // A grid cut off after 3 rows, after one good puzzle.
    let rows: Vec<&str> = SAMPLE.lines().collect();
    let input = format!("{}\n{}\n", blanked(&[1]), rows[..3].join("\n"));
    let (code, out, err) = sudoku(&["solve", "--count"], &input);
    assert_eq!((code, out.as_str()), (2, "1\n"));
    assert_eq!(
        err,
        "error: line 5, column 1: input ends after 3 of 9 rows\n"
    );
}

#[test]
fn count_is_exact_up_to_the_limit() {
    let two = blanked(&[0, 8, 18, 26]);
    for (args, want) in [
        (&["solve", "--count"][..], "2\n"),
        (&["solve", "--count", "--limit", "2"], "2\n"),
        (&["solve", "--count", "--limit", "1"], "1+\n"),
        (&["solve", "--count", "--plain"], "2\n"),
    ] {
        assert_eq!(sudoku(args, &two), (0, want.to_string(), String::new()));
    }
    // The empty grid has far more than 1000 solutions; the sample exactly one.
    let input = format!("{}\n{}", ".".repeat(81), SAMPLE);
    let (code, out, _) = sudoku(&["solve", "--count", "--limit", "1000"], &input);
    assert_eq!((code, out.as_str()), (0, "1000+\n1\n"));
}

#[test]
fn all_lists_every_solution_in_lexicographic_order() {
    // The two solutions differ first in row 1 column 1: 1 (the sample answer) before 9.
    let two = blanked(&[0, 8, 18, 26]);
    let clash = format!("11{}", ".".repeat(79));
    let want = format!("{}\n{}\n\nnone\n\n{}\n", ANSWER, swapped_answer(), ANSWER);
    for search in ["--plain", "--stats"] {
        let input = format!("{}\n{}\n{}", two, clash, SAMPLE);
        let (code, out, _) = sudoku(&["solve", "--all", search], &input);
        assert_eq!((code, out), (0, want.clone()));
    }
    let (_, out, _) = sudoku(&["solve", "--all", "--limit", "1"], &two);
    assert_eq!(out, format!("{}\n", ANSWER));
    // The empty grid's first three solutions, each valid, in increasing order.
    let (_, out, _) = sudoku(&["solve", "--all", "--limit", "3"], &".".repeat(81));
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 3);
    assert!(lines.windows(2).all(|w| w[0] < w[1]));
    assert!(lines
        .iter()
        .all(|l| Grid::from_line(l).unwrap().is_solved()));
}

#[test]
fn stats_count_the_plain_search_steps() {
    // One blank: its row's missing digit is the first that fits, so one placement and no
    // dead end.
    let (code, out, err) = sudoku(&["solve", "--plain", "--stats"], &blanked(&[40]));
    assert_eq!((code, out), (0, format!("{}\n", ANSWER)));
    assert!(
        err.starts_with("stats: 1 puzzles, 1 placements, 0 backtracks, ") && err.ends_with(" ms\n"),
        "{}",
        err
    );
    let (_, _, err) = sudoku(&["solve", "--stats"], &blanked(&[40]));
    assert!(err.starts_with("stats: 1 puzzles, ") && !err.contains("placements"));
}

fn lines_of(out: &str) -> Vec<Grid> {
    out.lines().map(|l| Grid::from_line(l).unwrap()).collect()
}

#[test]
fn gen_is_deterministic_per_seed_and_keeps_the_clue_count() {
    let a = sudoku(
        &["gen", "--seed", "42", "--count", "20", "--clues", "30"],
        "",
    );
    let b = sudoku(
        &["gen", "--clues", "30", "--count", "20", "--seed", "42"],
        "",
    );
    let c = sudoku(
        &["gen", "--seed", "43", "--count", "20", "--clues", "30"],
        "",
    );
    assert_eq!(a, b);
    assert_ne!(a.1, c.1);
    let puzzles = lines_of(&a.1);
    assert_eq!(puzzles.len(), 20);
    for g in &puzzles {
        assert_eq!(g.0.iter().filter(|&&d| d != 0).count(), 30);
        // Cells removed from a solved grid: solvable.
        assert!(plain::first_solution(g).is_some(), "{:?}", g);
    }
    assert!(a.1.lines().all(|l| l.len() == 81 && l.contains('.')));
}

#[test]
fn gen_unique_puzzles_have_exactly_one_solution() {
    let (code, out, _) = sudoku(&["gen", "--unique", "--seed", "7", "--count", "4"], "");
    assert_eq!(code, 0);
    let puzzles = lines_of(&out);
    assert_eq!(puzzles.len(), 4);
    for g in &puzzles {
        assert_eq!(plain::count_solutions(g, 2), 1, "{:?}", g);
        // Minimal: blanking any further given allows a second solution.
        let i = (0..81).find(|&i| g.0[i] != 0).unwrap();
        let mut fewer = *g;
        fewer.0[i] = 0;
        assert_eq!(plain::count_solutions(&fewer, 2), 2);
    }
    let (_, out, _) = sudoku(&["gen", "--unique", "--clues", "40", "--seed", "7"], "");
    let g = lines_of(&out)[0];
    assert_eq!(g.0.iter().filter(|&&d| d != 0).count(), 40);
    assert_eq!(plain::count_solutions(&g, 2), 1);
}

#[test]
fn gen_mix_is_the_differential_mix() {
    let (_, out, _) = sudoku(&["gen", "--mix", "--seed", "2239", "--count", "30"], "");
    let mut rng = Rng(2239);
    let want: Vec<Grid> = (0..30).map(|_| gen::mixed(&mut rng)).collect();
    assert_eq!(lines_of(&out), want);
    let kinds: Vec<usize> = want.iter().map(|g| plain::count_solutions(g, 2)).collect();
    assert!((0..3).all(|k| kinds.contains(&k)), "{:?}", kinds);
}

/// Writes `files` into a fresh temporary folder and returns their paths.
pub(crate) fn temp_files(test: &str, files: &[&str]) -> Vec<String> {
    let dir = std::env::temp_dir().join(format!("sudoku-tool-{}-{}", std::process::id(), test));
    std::fs::create_dir_all(&dir).unwrap();
    files
        .iter()
        .enumerate()
        .map(|(k, text)| {
            let path = dir.join(format!("f{}", k));
            std::fs::write(&path, text).unwrap();
            path.to_string_lossy().into_owned()
        })
        .collect()
}

#[test]
fn check_accepts_valid_answers_and_names_the_fault_otherwise() {
    let sample_out = std::fs::read_to_string("cases/boj2239/sample-1.out").unwrap();
    // Row 1 columns 1 and 2 swapped: 4 where the sample gives 1.
    let changed = format!("413{}", &ANSWER[3..]);
    let blank = blanked(&[80]);
    let twice = format!("{}\n{}\n", ANSWER, ANSWER);
    let f = temp_files(
        "check",
        &[SAMPLE, &sample_out, &changed, &blank, &twice, "12x\n", ""],
    );
    let run = |args: &[&str]| {
        let (code, out, err) = sudoku(&[&["check"], args].concat(), "");
        assert_eq!(out, "");
        (code, err)
    };
    let ok = (0, String::new());
    assert_eq!(run(&[&f[0], &f[1]]), ok);
    assert_eq!(run(&[&f[0], &f[1], &f[1]]), ok);
    assert_eq!(run(&[&f[1]]), ok);
    let wrong = |why: &str| (1, format!("wrong answer: {}\n", why));
    assert_eq!(
        run(&[&f[0], &f[2], &f[1]]),
        wrong("row 1 column 1 holds 4 but the puzzle gives 1")
    );
    // Without givens the same swap breaks columns 1 and 2 (4 and 1 appear twice).
    assert_eq!(
        run(&[&f[2]]),
        wrong("column 1 has 4 twice: row 1 column 1 and row 5 column 1")
    );
    assert_eq!(run(&[&f[0], &f[3]]), wrong("row 9 column 9 is blank"));
    assert_eq!(
        run(&[&f[0], &f[4]]),
        wrong("the answer holds more than one grid")
    );
    assert_eq!(
        run(&[&f[0], &f[5]]),
        wrong(&format!(
            "{}: line 1, column 3: expected a digit or a blank (0 . _ * ?), found 'x'",
            f[5]
        ))
    );
    assert_eq!(
        run(&[&f[0], &f[6]]),
        wrong(&format!("{} holds no grid", f[6]))
    );
    // A bad INPUT is the judge's fault, not the contestant's: exit 2.
    assert_eq!(
        run(&[&f[6], &f[1]]),
        (2, format!("error: {} holds no grid\n", f[6]))
    );
}

#[test]
fn trace_prints_each_step_then_a_summary() {
    // Blanks at row 1 columns 3 and 5 (3 and 2 in the answer) and row 2 column 3 (2).
    // Row 1 column 3 tries 2 first: row 1, column 3 (its 2 is blank) and box 1 lack it.
    // Row 1 column 5 then needs 3, but column 5 holds 3 in row 2: dead end. Back: column 3
    // takes 3, column 5 takes 2, and row 2 column 3 takes 2.
    let (code, out, _) = sudoku(&["trace"], &blanked(&[2, 4, 11]));
    assert_eq!(code, 0);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        &lines[..6],
        &[
            "place row 1 column 3 = 2",
            "back from row 1 column 5",
            "place row 1 column 3 = 3",
            "place row 1 column 5 = 2",
            "place row 2 column 3 = 2",
            ANSWER
        ]
    );
    assert!(lines[6].starts_with("4 placements, 1 backtracks, ") && lines.len() == 7);
    let (_, out, _) = sudoku(&["trace", "--lines"], &format!("11{}", ".".repeat(79)));
    assert!(out.starts_with("none\n0 placements, 0 backtracks, "));
}

#[test]
fn trace_stops_at_once_when_its_output_closes() {
    // The anti-brute-force puzzle and POJ 3076's 16x16 sample each cost the plain search
    // minutes; a reader that takes one line and goes away must end the run, quietly, long
    // before that, on 9x9 and on other sizes alike.
    for case in [
        "cases/boj2239/hand-04-anti-brute-force.in",
        "cases/poj3076/sample-1.in",
    ] {
        let input = std::fs::read(case).unwrap();
        let mut child = Command::new(env!("CARGO_BIN_EXE_sudoku"))
            .args(["trace", "--lines"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        child.stdin.take().unwrap().write_all(&input).unwrap();
        let mut first = [0u8; 24];
        std::io::Read::read_exact(&mut child.stdout.take().unwrap(), &mut first).unwrap();
        assert_eq!(&first, b"place row 1 column 1 = 2", "{}", case);
        // stdout is closed now.
        let start = std::time::Instant::now();
        while child.try_wait().unwrap().is_none() {
            if start.elapsed().as_secs() > 20 {
                child.kill().unwrap();
                panic!("{}: trace still runs 20 s after its output closed", case);
            }
            std::thread::sleep(std::time::Duration::from_millis(10));
        }
        let out = child.wait_with_output().unwrap();
        assert_eq!(out.status.code(), Some(0), "{}", case);
        assert_eq!(out.stderr, b"", "{}", case);
    }
}

#[test]
fn trace_ansi_redraws_the_grid_in_place() {
    let (code, out, _) = sudoku(&["trace", "--ansi", "--delay", "0"], &blanked(&[2, 4, 11]));
    assert_eq!(code, 0);
    // Cleared once, then five frames each sent home, the tried cell in reverse video: the
    // first frame shows the givens 1 and 4 in bold, then the 2 being tried.
    assert!(out.starts_with("\x1b[2J\x1b[H\x1b[1m1\x1b[0m \x1b[1m4\x1b[0m \x1b[7m2\x1b[0m |"));
    assert_eq!(out.matches("\x1b[H").count(), 5);
    assert!(out.contains(&format!("{}\n4 placements, 1 backtracks, ", ANSWER)));
}

#[test]
fn trace_html_writes_one_page_of_the_first_puzzle() {
    // The 5 steps of `trace_prints_each_step_then_a_summary`, packed two base-64 digits a
    // step (`cell * 10 + digit`, 0 for a backtrack): place 2 at cell 2 is 22 = "AW".
    let puzzle = format!("{}\n{}\n", blanked(&[2, 4, 11]), SAMPLE);
    let (code, out, err) = sudoku(&["trace", "--html"], &puzzle);
    assert_eq!((code, err.as_str()), (0, ""));
    assert!(out.starts_with("<!DOCTYPE html>") && out.ends_with("</html>\n"));
    assert!(out.contains(",placements:4,backtracks:1,steps:\"AWAoAXAqBw\"}"));
    // Cut: the first 2 steps kept, all 5 counted.
    let (_, out, _) = sudoku(&["trace", "--html", "--max-steps", "2"], &puzzle);
    assert!(out.contains(",placements:4,backtracks:1,steps:\"AWAo\"}"));
    let (code, _, err) = sudoku(&["trace", "--html"], "");
    assert_eq!(code, 2);
    assert!(
        err.starts_with("error: --html needs a puzzle on stdin\n"),
        "{}",
        err
    );
}

#[test]
fn help_and_usage_errors() {
    for cmd in ["solve", "gen", "check", "trace", "hunt"] {
        let (code, out, _) = sudoku(&[cmd, "--help"], "");
        assert_eq!(code, 0);
        assert!(
            out.starts_with(&format!("usage: sudoku {}", cmd)),
            "{}",
            out
        );
    }
    assert!(sudoku(&["--help"], "")
        .1
        .starts_with("usage: sudoku <command>"));
    for (args, msg) in [
        (&[][..], "no command given"),
        (&["play"], "unknown command 'play'"),
        (&["solve", "--fast"], "unknown option '--fast'"),
        (
            &["solve", "--count", "--all"],
            "--count and --all exclude each other",
        ),
        (&["solve", "--count", "--limit"], "--limit needs a value"),
        (
            &["solve", "--count", "--limit", "x"],
            "bad value for --limit: 'x'",
        ),
        (
            &["solve", "--count", "--limit", "0"],
            "--limit must be at least 1",
        ),
        (
            &["solve", "--limit", "5"],
            "--limit goes with --count or --all",
        ),
        (&["gen", "--count", "-1"], "bad value for --count: '-1'"),
        (&["gen", "--seed", "s"], "bad value for --seed: 's'"),
        (&["gen", "--clues", "82"], "--clues must be 0 to 81"),
        (
            &["gen", "--size", "16", "--clues", "257"],
            "--clues must be 0 to 256",
        ),
        (
            &["gen", "--size", "10"],
            "--size must be 4, 9, 16, 25 or 36",
        ),
        (
            &["gen", "--size", "4", "--mix"],
            "--mix makes 9x9 puzzles only",
        ),
        (&["gen", "--letters"], "--letters goes with --size 16"),
        (&["gen", "--walls"], "--walls goes with --jigsaw"),
        (
            &["gen", "--jigsaw", "--size", "16"],
            "--jigsaw goes with --walls, --count, --seed and --clues only",
        ),
        (
            &["solve", "--regions", "--all"],
            "--regions goes with --count, --limit and --plain only",
        ),
        (
            &["gen", "--unique", "--mix"],
            "--unique and --mix exclude each other",
        ),
        (&["check"], "expected 1 to 3 files"),
        (&["check", "a", "b", "c", "d"], "expected 1 to 3 files"),
        (&["check", "--strict", "a"], "unknown option '--strict'"),
        (
            &["trace", "--delay", "soon"],
            "bad value for --delay: 'soon'",
        ),
        (
            &["trace", "--max-steps", "5"],
            "--max-steps goes with --html",
        ),
        (
            &["trace", "--html", "--delay", "5"],
            "--delay does not go with --html",
        ),
        (&["hunt", "--size", "36"], "--size must be 9, 16 or 25"),
        (&["hunt", "--mode", "wide"], "--mode must be grid or free"),
        (
            &["hunt", "--givens", "20"],
            "--givens must be MIN-MAX within 0-80",
        ),
        (
            &["hunt", "--givens", "9-81"],
            "--givens must be MIN-MAX within 0-80",
        ),
        (
            &["hunt", "--size", "16", "--givens", "30-20"],
            "--givens must be MIN-MAX within 0-255",
        ),
        (
            &["hunt", "--target", "plain"],
            "--target must be fast, basic or counting",
        ),
        (
            &["hunt", "--size", "25", "--target", "counting"],
            "--target basic and counting are 9x9 searches",
        ),
    ] {
        let (code, out, err) = sudoku(args, SAMPLE);
        assert_eq!((code, out.as_str()), (2, ""), "{:?}", args);
        assert!(
            err.starts_with(&format!("error: {}\nusage: sudoku ", msg)),
            "{:?}: {}",
            args,
            err
        );
    }
}

#[test]
fn hunt_prints_its_costliest_finds_with_times_and_counts() {
    // Free digits, 20 to 24 givens: each line is the puzzle, its cost, two times and the
    // count to 2, whose 0 the ordered search (another search than the count) confirms.
    let args = [
        "hunt", "--mode", "free", "--givens", "20-24", "--tries", "1200", "--top", "3",
    ];
    let (code, out, err) = sudoku(&args, "");
    // 1200 tries and each climb's start.
    let costed: u64 = err
        .trim_end()
        .trim_end_matches(" puzzles costed")
        .parse()
        .unwrap();
    assert!(code == 0 && (1201..1205).contains(&costed), "{}", err);
    // One line a climb, at most 3: a climb lasts 300 tries or more.
    assert!((1..=3).contains(&out.lines().count()), "{}", out);
    for line in out.lines() {
        let f: Vec<&str> = line.split(' ').collect();
        assert_eq!(f.len(), 5, "{}", line);
        let g = Grid::from_line(f[0]).unwrap();
        assert!((20..=24).contains(&g.0.iter().filter(|&&d| d != 0).count()));
        assert!(f[1..4].iter().all(|x| x.parse::<f64>().is_ok()), "{}", line);
        let none = sudoku_kit::solver::first_solution(&g).is_none();
        assert_eq!(f[4] == "0", none, "{}", line);
    }
    // The cost is search nodes: the same seed and tries give the same puzzles.
    let puzzles = |out: &str| out.lines().map(|l| l[..81].to_string()).collect::<Vec<_>>();
    assert_eq!(puzzles(&sudoku(&args, "").1), puzzles(&out));
    // With --none, a board with a solution costs 0 (and so may one that propagation refutes).
    let none = [&args[..], &["--none"]].concat();
    for line in sudoku(&none, "").1.lines() {
        let f: Vec<&str> = line.split(' ').collect();
        assert!(f[1] == "0" || f[4] == "0", "{}", line);
    }
    // 16x16 against the n^2 solver: 256 numbers a puzzle.
    let (code, out, _) = sudoku(&["hunt", "--size", "16", "--tries", "20", "--top", "1"], "");
    assert_eq!(code, 0);
    let f: Vec<&str> = out.trim_end().split(' ').collect();
    assert_eq!(f.len(), 256 + 4, "{}", out);
    let cells: Vec<u8> = f[..256].iter().map(|x| x.parse().unwrap()).collect();
    assert_eq!(Square::from_cells(4, cells).clash(), None);
}

// ---- other sizes ----

/// The POJ 3076 statement sample (16x16, letters) and its answer from the statement.
const POJ_SAMPLE: &str = "--A----C-----O-I\n-J--A-B-P-CGF-H-\n--D--F-I-E----P-\n\
    -G-EL-H----M-J--\n----E----C--G---\n-I--K-GA-B---E-J\nD-GP--J-F----A--\n\
    -E---C-B--DP--O-\nE--F-M--D--L-K-A\n-C--------O-I-L-\nH-P-C--F-A--B---\n\
    ---G-OD---J----H\nK---J----H-A-P-L\n--B--P--E--K--A-\n-H--B--K--FI-C--\n\
    --F---C--D--H-N-\n";
const POJ_ANSWER: &str = "FPAHMJECNLBDKOGI\nOJMIANBDPKCGFLHE\nLNDKGFOIJEAHMBPC\n\
    BGCELKHPOFIMAJDN\nMFHBELPOACKJGNID\nCILNKDGAHBMOPEFJ\nDOGPIHJMFNLECAKB\n\
    JEKAFCNBGIDPLHOM\nEBOFPMIJDGHLNKCA\nNCJDHBAEKMOFIGLP\nHMPLCGKFIAENBDJO\n\
    AKIGNODLBPJCEFMH\nKDEMJIFNCHGAOPBL\nGLBCDPMHEONKJIAF\nPHNOBALKMJFIDCEG\n\
    IAFJOECGLDPBHMNK\n";

/// `text` with each letter A-P as its number and `-` as 0, spaced: the numbers layout.
fn as_numbers(text: &str) -> String {
    let number = |c: char| {
        if c == '-' {
            0
        } else {
            c as u32 - 'A' as u32 + 1
        }
    };
    text.lines()
        .map(|r| {
            r.chars()
                .map(|c| number(c).to_string())
                .collect::<Vec<_>>()
                .join(" ")
                + "\n"
        })
        .collect()
}

/// The 4x4 puzzle `1 . . . / . . . . / . . . . / . . . 4` and its solutions by the plain
/// reference search, written as the tool writes them (rows, then a blank line).
fn four() -> (&'static str, Vec<String>) {
    let puzzle = "1 0 0 0\n0 0 0 0\n0 0 0 0\n0 0 0 4\n";
    let mut cells = vec![0; 16];
    cells[0] = 1;
    cells[15] = 4;
    let mut all = Vec::new();
    plain::solutions(&Square::from_cells(2, cells), &mut |s| {
        let mut v = Vec::new();
        square::text::write_numbers(s, &mut v);
        all.push(String::from_utf8(v).unwrap() + "\n");
        false
    });
    (puzzle, all)
}

#[test]
fn other_sizes_are_solved_in_their_own_layout() {
    // The statement's 16x16 sample, in letters and in numbers, with `.` blanks too.
    let input = format!(
        "{}\n{}{}",
        POJ_SAMPLE,
        as_numbers(POJ_SAMPLE),
        POJ_SAMPLE.replace('-', ".")
    );
    let (code, out, err) = sudoku(&["solve"], &input);
    assert_eq!((code, err.as_str()), (0, ""));
    let want = format!(
        "{}\n{}\n{}\n",
        POJ_ANSWER,
        as_numbers(POJ_ANSWER),
        POJ_ANSWER
    );
    assert_eq!(out, want);
    // A 4x4 puzzle: its smallest solution, count and every solution as the plain search has them.
    let (puzzle, all) = four();
    assert!(all.len() > 2);
    for engine in ["--plain", "--stats"] {
        let (_, out, _) = sudoku(&["solve", engine], puzzle);
        assert_eq!(out, all[0]);
        let (_, out, _) = sudoku(&["solve", "--count", engine], puzzle);
        assert_eq!(out, format!("{}\n", all.len()));
        let (_, out, _) = sudoku(&["solve", "--all", "--limit", "2", engine], puzzle);
        assert_eq!(out, all[..2].concat());
    }
    // A 16x16 row with a 17 is malformed; a 4x4 with two 1s in a row has no solution.
    let bad = as_numbers(POJ_SAMPLE).replacen("0 ", "17 ", 1);
    let (code, _, err) = sudoku(&["solve"], &bad);
    assert_eq!(
        (code, err.as_str()),
        (2, "error: line 1, column 1: 17 is not a number 0-16\n")
    );
    let (_, out, _) = sudoku(&["solve"], "1 1 0 0\n0 0 0 0\n0 0 0 0\n0 0 0 0\n");
    assert_eq!(out, "none\n");
}

#[test]
fn gen_makes_other_sizes_check_and_trace_read_them() {
    // 4x4 unique puzzles: one solution each by the plain search; the same seed, the same puzzles.
    let args = [
        "gen", "--size", "4", "--unique", "--count", "5", "--seed", "9",
    ];
    let (code, out, _) = sudoku(&args, "");
    assert_eq!((code, sudoku(&args, "").1), (0, out.clone()));
    let grids: Vec<Square> = out
        .split("\n\n")
        .filter(|g| !g.trim().is_empty())
        .map(|g| {
            Square::from_cells(
                2,
                g.split_whitespace().map(|v| v.parse().unwrap()).collect(),
            )
        })
        .collect();
    assert_eq!(grids.len(), 5);
    assert!(grids.iter().all(|g| plain::count_solutions(g, 2) == 1));
    // A 16x16 unique puzzle in letters: its solution, found by the tool, passes `check`,
    // and a wrong letter in it does not.
    let (_, puzzle, _) = sudoku(
        &[
            "gen",
            "--size",
            "16",
            "--unique",
            "--letters",
            "--seed",
            "4",
        ],
        "",
    );
    assert_eq!(puzzle.lines().next().map(str::len), Some(16));
    let (_, answer, _) = sudoku(&["solve"], &puzzle);
    let files = temp_files("gen16", &[&puzzle, &answer]);
    let (code, _, err) = sudoku(&["check", &files[0], &files[1]], "");
    assert_eq!((code, err.as_str()), (0, ""));
    let first = answer.chars().next().unwrap();
    let other = if first == 'A' { 'B' } else { 'A' };
    let wrong = answer.replacen(first, &other.to_string(), 1);
    let files = temp_files("gen16-wrong", &[&puzzle, &wrong]);
    let (code, _, err) = sudoku(&["check", &files[0], &files[1]], "");
    assert_eq!(code, 1, "{}", err);
    // trace on the 4x4 puzzle: one line per step of the plain search, then its answer.
    let (puzzle, all) = four();
    let (code, out, _) = sudoku(&["trace"], puzzle);
    assert_eq!(code, 0);
    let steps = out
        .lines()
        .filter(|l| l.starts_with("place ") || l.starts_with("back "))
        .count();
    assert!(out.starts_with("place row 1 column 2 = 2\n"));
    assert!(out.contains(&all[0]));
    let summary = out.lines().last().unwrap();
    let counted: usize = summary
        .split(' ')
        .take(3)
        .filter_map(|w| w.parse::<usize>().ok())
        .sum();
    assert_eq!(counted, steps, "{}", summary);
}
