//! The judge bins, and the case-file checks shared by the test that runs the built bins
//! (`cases.rs`) and the one that runs the bundled single-file submissions (`bundle.rs`):
//! - `cases/<bin>/NAME.in` must print exactly `NAME.out` (CRLF-insensitive) and exit 0;
//! - `tests/errors/<bin>/NAME.in` must exit with the status on the first line of `NAME.err`,
//!   print the rest of `NAME.err` on stderr exactly, and nothing on stdout.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

/// Every judge bin: each `src/bin/*.rs` but the `sudoku` tool, sorted.
pub fn judge_bins() -> Vec<String> {
    let mut bins: Vec<String> = fs::read_dir("src/bin")
        .unwrap()
        .filter_map(|e| {
            let name = e.unwrap().file_name().into_string().unwrap();
            name.strip_suffix(".rs").map(String::from)
        })
        .filter(|name| name != "sudoku")
        .collect();
    bins.sort();
    assert!(!bins.is_empty(), "no judge bins in src/bin");
    bins
}

fn run(exe: &Path, input: &Path) -> Output {
    let stdin = fs::File::open(input).unwrap();
    Command::new(exe)
        .stdin(stdin)
        .stderr(Stdio::piped())
        .output()
        .unwrap()
}

/// `(bin name, NAME.in path, expected-file path)` for every case under `root`, or only under
/// `root/<only>`; panics on a stray file or an input without its expected file.
pub fn cases(
    root: &str,
    expected_ext: &str,
    only: Option<&str>,
) -> Vec<(String, PathBuf, PathBuf)> {
    let mut found = Vec::new();
    let mut dirs: Vec<_> = fs::read_dir(root)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    dirs.sort();
    for dir in dirs {
        let name = dir.file_name().unwrap().to_string_lossy().into_owned();
        if only.map_or(false, |o| o != name) {
            continue;
        }
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

/// Runs `exe` on a case; `None` when it printed `expected`'s text and exited 0.
pub fn check_case(exe: &Path, input: &Path, expected: &Path) -> Option<String> {
    let out = run(exe, input);
    let (want, got) = (
        unix_lines(&fs::read(expected).unwrap()),
        unix_lines(&out.stdout),
    );
    if !out.status.success() {
        let err = String::from_utf8_lossy(&out.stderr);
        Some(format!(
            "{}: {} ({})",
            input.display(),
            out.status,
            err.trim()
        ))
    } else if want != got {
        Some(mismatch(input, &want, &got))
    } else {
        None
    }
}

/// Runs `exe` on a bad-input case; `None` when it failed as the `.err` file says.
pub fn check_error_case(exe: &Path, input: &Path, expected: &Path) -> Option<String> {
    let spec = unix_lines(&fs::read(expected).unwrap());
    let (status, want_err) = spec.split_once('\n').unwrap_or((&spec, ""));
    let out = run(exe, input);
    let got_err = unix_lines(&out.stderr);
    if out.status.code().map(|c| format!("exit {}", c)).as_deref() != Some(status) {
        Some(format!(
            "{}: {}, expected {}",
            input.display(),
            out.status,
            status
        ))
    } else if !out.stdout.is_empty() {
        Some(format!(
            "{}: printed on stdout: {}",
            input.display(),
            unix_lines(&out.stdout)
        ))
    } else if got_err != want_err {
        Some(mismatch(input, want_err, &got_err))
    } else {
        None
    }
}
