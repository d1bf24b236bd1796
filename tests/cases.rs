//! Runs every case file through the built bins, as a judge would:
//! - `cases/<bin>/NAME.in` must print exactly `NAME.out` (CRLF-insensitive) and exit 0;
//! - `tests/errors/<bin>/NAME.in` must exit with the status on the first line of `NAME.err`,
//!   print the rest of `NAME.err` on stderr exactly, and nothing on stdout.
//!
//! Adding a case is adding files; no code changes.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

/// The built bin called `name` (every bin lands in the same folder).
fn bin(name: &str) -> PathBuf {
    let exe = format!("{}{}", name, std::env::consts::EXE_SUFFIX);
    Path::new(env!("CARGO_BIN_EXE_boj2239")).with_file_name(exe)
}

fn run(bin: &Path, input: &Path) -> Output {
    let stdin = fs::File::open(input).unwrap();
    Command::new(bin)
        .stdin(stdin)
        .stderr(Stdio::piped())
        .output()
        .unwrap()
}

/// `(bin name, NAME.in path, expected-file path)` for every case under `root`; panics on a
/// folder without a bin, a stray file, or an input without its expected file.
fn cases(root: &str, expected_ext: &str) -> Vec<(String, PathBuf, PathBuf)> {
    let mut found = Vec::new();
    let mut dirs: Vec<_> = fs::read_dir(root)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    dirs.sort();
    for dir in dirs {
        let name = dir.file_name().unwrap().to_string_lossy().into_owned();
        assert!(
            bin(&name).exists(),
            "{}: there is no bin called {}",
            dir.display(),
            name
        );
        let mut files: Vec<_> = fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .collect();
        files.sort();
        for f in &files {
            let ext = f.extension().and_then(|e| e.to_str()).unwrap_or("");
            assert!(
                ext == "in" || ext == expected_ext,
                "stray file {}",
                f.display()
            );
            let pair = f.with_extension(if ext == "in" { expected_ext } else { "in" });
            assert!(pair.exists(), "{} has no {}", f.display(), pair.display());
            if ext == "in" {
                found.push((name.clone(), f.clone(), pair));
            }
        }
    }
    assert!(!found.is_empty(), "no cases under {}", root);
    found
}

fn unix_lines(b: &[u8]) -> String {
    String::from_utf8_lossy(b).replace("\r\n", "\n")
}

/// Shows spaces, tabs and line ends, so a whitespace-only difference can be seen.
fn visible(s: &str) -> String {
    s.replace(' ', "·").replace('\t', "→").replace('\n', "$\n")
}

/// Explains a mismatch: both texts with whitespace visible, and whether only whitespace differs.
fn mismatch(case: &Path, expected: &str, actual: &str) -> String {
    let words = |s: &str| s.split_whitespace().map(String::from).collect::<Vec<_>>();
    let note = if words(expected) == words(actual) {
        " (only whitespace differs)"
    } else {
        ""
    };
    format!(
        "{}: wrong output{}\n--- expected\n{}--- actual\n{}",
        case.display(),
        note,
        visible(expected),
        visible(actual)
    )
}

#[test]
fn every_case_prints_its_expected_output() {
    let mut failures = Vec::new();
    for (name, input, expected) in cases("cases", "out") {
        let out = run(&bin(&name), &input);
        let (want, got) = (
            unix_lines(&fs::read(&expected).unwrap()),
            unix_lines(&out.stdout),
        );
        if !out.status.success() {
            let err = String::from_utf8_lossy(&out.stderr);
            failures.push(format!(
                "{}: {} ({})",
                input.display(),
                out.status,
                err.trim()
            ));
        } else if want != got {
            failures.push(mismatch(&input, &want, &got));
        }
    }
    assert!(failures.is_empty(), "\n{}", failures.join("\n"));
}

#[test]
fn every_error_case_fails_cleanly() {
    let mut failures = Vec::new();
    for (name, input, expected) in cases("tests/errors", "err") {
        let spec = unix_lines(&fs::read(&expected).unwrap());
        let (status, want_err) = spec.split_once('\n').unwrap_or((&spec, ""));
        let out = run(&bin(&name), &input);
        let got_err = unix_lines(&out.stderr);
        if out.status.code().map(|c| format!("exit {}", c)).as_deref() != Some(status) {
            failures.push(format!(
                "{}: {}, expected {}",
                input.display(),
                out.status,
                status
            ));
        } else if !out.stdout.is_empty() {
            failures.push(format!(
                "{}: printed on stdout: {}",
                input.display(),
                unix_lines(&out.stdout)
            ));
        } else if got_err != want_err {
            failures.push(mismatch(&input, want_err, &got_err));
        }
    }
    assert!(failures.is_empty(), "\n{}", failures.join("\n"));
}
