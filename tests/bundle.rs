//! Every judge bin as a judge gets it: bundled into one file by the `bundle` bin (which
//! holds the judges' size limits and refuses a bundle over its judge's), compiled without a
//! warning by the main toolchain (plain `rustc --edition 2021 -O`) and by Debian's rustc
//! 1.63 (`/usr/bin/rustc`; skipped with a message only outside CI when it is not
//! installed), the main toolchain's builds run on all of the bin's cases and error cases (see
//! [`build_of`]; a LeetCode bin's behind [`HARNESS`]). The `--strip` form of a few bins that
//! together reach the whole library (see [`stripped`]) is built and run as well, so shrinking
//! is tested on every module, not only on those of the bin that needs it.

use crate::common;

use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

/// Debian's rustc 1.63, the oldest compiler the bundles must build on.
const OLD_RUSTC: &str = "/usr/bin/rustc";

/// The compilers to build bundles with: rustup's `rustc` on PATH, and Debian's 1.63.
fn compilers() -> Vec<&'static str> {
    let mut found = vec!["rustc"];
    if Path::new(OLD_RUSTC).exists() {
        found.push(OLD_RUSTC);
    } else if std::env::var_os("CI").is_some() {
        panic!(
            "{} is missing: .ci/run installs it (apt-get install -y rustc)",
            OLD_RUSTC
        );
    } else {
        eprintln!(
            "skipped: {} is not installed (apt-get install -y rustc)",
            OLD_RUSTC
        );
    }
    found
}

/// What LeetCode's harness puts around a LeetCode bin's bundle (an `impl Solution` and no
/// `main`): the `Solution` it declares and a `main` calling the method, here on the board
/// read from stdin with std alone. LeetCode never passes malformed text, so only the cases
/// and the error cases of exit 1 (a 37 board without a solution) run through it.
const HARNESS: &str = r#"struct Solution;

fn main() {
    let mut text = String::new();
    std::io::Read::read_to_string(&mut std::io::stdin(), &mut text).unwrap();
    // Every other piece between quotes is a cell.
    let cells: Vec<char> = text.split('"').skip(1).step_by(2).flat_map(|c| c.chars()).collect();
    let board: Vec<Vec<char>> = cells.chunks(9).map(|row| row.to_vec()).collect();
    CALL
}

"#;

/// Each LeetCode method and how [`HARNESS`] calls it and prints the answer as the bin does.
const CALLS: &[(&str, &str)] = &[
    (
        "fn is_valid_sudoku",
        "println!(\"{}\", Solution::is_valid_sudoku(board));",
    ),
    (
        "fn solve_sudoku",
        r#"let mut board = board;
    Solution::solve_sudoku(&mut board);
    if board.iter().flatten().any(|&c| c == '.') {
        eprintln!("error: line 1, column 1: no solution");
        std::process::exit(1);
    }
    let row = |r: &Vec<char>| {
        let cells: Vec<String> = r.iter().map(|c| format!("\"{}\"", c)).collect();
        format!("[{}]", cells.join(","))
    };
    let rows: Vec<String> = board.iter().map(row).collect();
    println!("[{}]", rows.join(","));"#,
    ),
];

/// `bundle` as built and run: LeetCode bundles behind [`HARNESS`], and whether it is one.
fn with_harness(bundle: Vec<u8>) -> (Vec<u8>, bool) {
    let text = String::from_utf8_lossy(&bundle);
    match CALLS.iter().find(|(method, _)| text.contains(method)) {
        Some((_, call)) => {
            let mut src = HARNESS.replace("CALL", call).into_bytes();
            src.extend(bundle);
            (src, true)
        }
        None => (bundle, false),
    }
}

/// Runs the bundler: its stdout, or its status and stderr.
fn bundler(args: &[&str]) -> Result<Vec<u8>, String> {
    let out = Command::new(env!("CARGO_BIN_EXE_bundle"))
        .args(args)
        .output()
        .unwrap();
    if !out.status.success() || !out.stderr.is_empty() {
        return Err(format!(
            "bundle {}: {}\n{}",
            args.join(" "),
            out.status,
            String::from_utf8_lossy(&out.stderr)
        ));
    }
    Ok(out.stdout)
}

/// How a bundle is built: as a judge builds it (`-O`), without `-O`, or only checked.
#[derive(Clone, Copy, PartialEq)]
enum Build {
    Judge,
    Debug,
    Check,
}

/// The builds of a bundle by `rustc`. The main toolchain builds the default bundle as a
/// judge does (`-O`) and the `--strip` one without `-O` (overflow checks and debug
/// assertions on: the stricter run of the cases, in a quarter of the compile time); both run
/// on the bin's cases. The old rustc checks that both compile without a warning
/// (`--emit=metadata`): what it stands in for is the judges' compilers' acceptance.
fn build_of(rustc: &str, strip: bool) -> Build {
    match (rustc == OLD_RUSTC, strip) {
        (false, false) => Build::Judge,
        (false, true) => Build::Debug,
        (true, _) => Build::Check,
    }
}

/// Builds `src` with `rustc`; the executable (none for a check), or what went wrong (a
/// warning counts).
fn compile(rustc: &str, src: &Path, build: Build) -> Result<Option<PathBuf>, String> {
    let exe = src.with_extension(if rustc == OLD_RUSTC { "old" } else { "new" });
    let flags: &[&str] = match build {
        Build::Judge => &["-O"],
        Build::Debug => &[],
        Build::Check => &["--emit=metadata"],
    };
    let out = Command::new(rustc)
        .args(["--edition", "2021"])
        .args(flags)
        .arg("-o")
        .arg(&exe)
        .arg(src)
        .output()
        .unwrap();
    if !out.status.success() || !out.stderr.is_empty() {
        return Err(format!(
            "{} {}: {}\n{}",
            rustc,
            src.display(),
            out.status,
            String::from_utf8_lossy(&out.stderr)
        ));
    }
    Ok(Some(exe).filter(|_| build != Build::Check))
}

/// The bins whose `--strip` bundles are tested too: a few that together reach every library
/// module some bin reaches (`bundle --modules`), in a program's form and in LeetCode's,
/// picked greedily (the bin that adds most first). Stripping every bin would test no module
/// more and take this test from 54 to 83 s: a strip is 3-6 rustc runs.
fn stripped(bins: &[String]) -> Vec<String> {
    let reach = |bin: &String| {
        let modules = String::from_utf8(bundler(&["--modules", bin]).unwrap()).unwrap();
        let source = fs::read_to_string(format!("src/bin/{}.rs", bin)).unwrap();
        let form = match source.contains("\npub struct Solution;\n") {
            true => "LeetCode's form",
            false => "a program",
        };
        let reached: BTreeSet<String> = modules.lines().chain([form]).map(String::from).collect();
        (bin.clone(), reached)
    };
    let mut left: Vec<(String, BTreeSet<String>)> = bins.iter().map(reach).collect();
    let mut chosen = Vec::new();
    while let Some(i) = (0..left.len()).max_by_key(|&i| left[i].1.len()) {
        if left[i].1.is_empty() {
            break;
        }
        let (bin, adds) = left.swap_remove(i);
        for (_, reached) in &mut left {
            reached.retain(|m| !adds.contains(m));
        }
        chosen.push(bin);
    }
    chosen
}

/// Everything wrong with one bin's bundles: the default one, and the `--strip` one if
/// `strip_too`.
fn check_bin(bin: &str, strip_too: bool, dir: &Path, rustcs: &[&str]) -> Vec<String> {
    let mut failures = Vec::new();
    for strip in [false, true] {
        if strip && !strip_too {
            continue;
        }
        let args = if strip {
            vec!["--strip", bin]
        } else {
            vec![bin]
        };
        let (src, leetcode) = match bundler(&args) {
            Ok(src) => with_harness(src),
            Err(e) => return vec![e],
        };
        let path = dir.join(format!("{}{}.rs", bin, if strip { "-strip" } else { "" }));
        fs::write(&path, &src).unwrap();
        for rustc in rustcs {
            let exe = match compile(rustc, &path, build_of(rustc, strip)) {
                Ok(Some(exe)) => exe,
                Ok(None) => continue,
                Err(e) => {
                    failures.push(e);
                    continue;
                }
            };
            let checked = common::cases("cases", "out", Some(bin))
                .into_iter()
                .map(|c| (c, common::check_case as fn(&Path, &Path, &Path) -> _))
                .chain(
                    common::cases("tests/errors", "err", Some(bin))
                        .into_iter()
                        .map(|c| (c, common::check_error_case as fn(&Path, &Path, &Path) -> _)),
                );
            for ((_, input, expected), check) in checked {
                let err = expected.extension().map_or(false, |e| e == "err");
                if leetcode && err && fs::read_to_string(&expected).unwrap().starts_with("exit 2") {
                    continue;
                }
                if let Some(f) = check(&exe, &input, &expected) {
                    failures.push(format!("{} built by {}: {}", path.display(), rustc, f));
                }
            }
        }
    }
    failures
}

#[test]
fn every_judge_bin_bundles_compiles_everywhere_and_passes_its_cases() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("bundle");
    fs::create_dir_all(&dir).unwrap();
    let rustcs = compilers();
    let bins = common::judge_bins();
    let strip = stripped(&bins);
    let jobs: Vec<_> = bins
        .into_iter()
        .map(|bin| {
            let (dir, rustcs) = (dir.clone(), rustcs.clone());
            let strip_too = strip.contains(&bin);
            std::thread::spawn(move || check_bin(&bin, strip_too, &dir, &rustcs))
        })
        .collect();
    let failures: Vec<String> = jobs.into_iter().flat_map(|j| j.join().unwrap()).collect();
    assert!(failures.is_empty(), "\n{}", failures.join("\n"));
}

#[test]
fn the_tool_is_no_submission() {
    let e = bundler(&["sudoku"]).unwrap_err();
    assert!(e.contains("sudoku is a tool, not a judge bin"), "{}", e);
}

#[test]
fn library_follows_the_bundling_rules() {
    // The rules live in the bundler, which checks every module `lib.rs` declares.
    let out = bundler(&["--check"]).unwrap();
    assert!(String::from_utf8(out)
        .unwrap()
        .contains("modules keep the bundling rules"));
}
