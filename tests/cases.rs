//! Runs every case file through the built bins, as a judge would (the checks are in
//! `common`). Adding a case is adding files; no code changes.

use crate::common;

use std::path::{Path, PathBuf};

/// The built bin called `name` (every bin lands in the same folder).
fn bin(name: &str) -> PathBuf {
    let exe = format!("{}{}", name, std::env::consts::EXE_SUFFIX);
    Path::new(env!("CARGO_BIN_EXE_boj2239")).with_file_name(exe)
}

/// Checks every case under `root` with `check`; panics on a folder without a bin.
fn check_all(root: &str, ext: &str, check: fn(&Path, &Path, &Path) -> Option<String>) {
    let cases = common::cases(root, ext, None);
    assert!(!cases.is_empty(), "no cases under {}", root);
    let mut failures = Vec::new();
    for (name, input, expected) in cases {
        assert!(
            bin(&name).exists(),
            "{}: there is no bin called {}",
            input.display(),
            name
        );
        failures.extend(check(&bin(&name), &input, &expected));
    }
    assert!(failures.is_empty(), "\n{}", failures.join("\n"));
}

#[test]
fn every_case_prints_its_expected_output() {
    check_all("cases", "out", common::check_case);
}

#[test]
fn every_error_case_fails_cleanly() {
    check_all("tests/errors", "err", common::check_error_case);
}

#[test]
fn every_judge_bin_has_cases() {
    for bin in common::judge_bins() {
        let cases = common::cases("cases", "out", Some(&bin));
        assert!(!cases.is_empty(), "{} has no cases in cases/{}", bin, bin);
    }
}
