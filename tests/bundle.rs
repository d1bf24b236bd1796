//! Every judge bin (`src/bin/*.rs` but the `sudoku` tool) as a judge gets it: bundled into
//! one file by `scripts/bundle.sh`, within the size limit, compiled with plain
//! `rustc --edition 2021 -O` without a warning by the main toolchain and by Debian's rustc
//! 1.63 (`/usr/bin/rustc`; skipped with a message only outside CI when it is not installed),
//! then run on all of the bin's cases. The `--strip` form is compiled and run as well. The
//! library rules that make bundling safe are checked on the sources.

mod common;

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

/// Debian's rustc 1.63, the oldest compiler the bundles must build on.
const OLD_RUSTC: &str = "/usr/bin/rustc";

/// The judge's source-size limit for a bin, in bytes.
fn limit(bin: &str) -> usize {
    match bin {
        "spoj_easudoku" => 5000,
        _ => 64 * 1024,
    }
}

fn judge_bins() -> Vec<String> {
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

fn bundle(bin: &str, strip: bool) -> Result<Vec<u8>, String> {
    let mut cmd = Command::new("bash");
    cmd.arg("scripts/bundle.sh");
    if strip {
        cmd.arg("--strip");
    }
    let out = cmd.arg(bin).output().unwrap();
    if !out.status.success() || !out.stderr.is_empty() {
        return Err(format!(
            "scripts/bundle.sh {}: {}\n{}",
            bin,
            out.status,
            String::from_utf8_lossy(&out.stderr)
        ));
    }
    Ok(out.stdout)
}

/// Compiles `src` as a judge does; the executable, or what went wrong (a warning counts).
fn compile(rustc: &str, src: &Path) -> Result<PathBuf, String> {
    let tag = if rustc == OLD_RUSTC { "old" } else { "new" };
    let exe = src.with_extension(tag);
    let out = Command::new(rustc)
        .args(["--edition", "2021", "-O", "-o"])
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
    Ok(exe)
}

/// Everything wrong with one bin's bundles.
fn check_bin(bin: &str, dir: &Path, rustcs: &[&str]) -> Vec<String> {
    let mut failures = Vec::new();
    for strip in [false, true] {
        let src = match bundle(bin, strip) {
            Ok(src) => src,
            Err(e) => return vec![e],
        };
        if !strip && src.len() > limit(bin) {
            failures.push(format!(
                "{}: bundle is {} bytes, over {}",
                bin,
                src.len(),
                limit(bin)
            ));
        }
        let path = dir.join(format!("{}{}.rs", bin, if strip { "-strip" } else { "" }));
        fs::write(&path, &src).unwrap();
        // The stripped form is only built with the main compiler, to keep the test fast.
        for rustc in if strip { &rustcs[..1] } else { rustcs } {
            let exe = match compile(rustc, &path) {
                Ok(exe) => exe,
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
    let failures: Vec<String> = std::thread::scope(|s| {
        let jobs: Vec<_> = judge_bins()
            .into_iter()
            .map(|bin| {
                let (dir, rustcs) = (&dir, &rustcs);
                s.spawn(move || check_bin(&bin, dir, rustcs))
            })
            .collect();
        jobs.into_iter().flat_map(|j| j.join().unwrap()).collect()
    });
    assert!(failures.is_empty(), "\n{}", failures.join("\n"));
}

/// Library files (every `src/**/*.rs` but `lib.rs` and the bins), each `(path, text)`.
fn library_files(dir: &Path, found: &mut Vec<(PathBuf, String)>) {
    for e in fs::read_dir(dir).unwrap() {
        let path = e.unwrap().path();
        if path.is_dir() {
            if !path.ends_with("bin") {
                library_files(&path, found);
            }
        } else if path.extension().map_or(false, |x| x == "rs") && !path.ends_with("lib.rs") {
            let text = fs::read_to_string(&path).unwrap();
            found.push((path, text));
        }
    }
}

#[test]
fn library_follows_the_bundling_rules() {
    let mut files = Vec::new();
    library_files(Path::new("src"), &mut files);
    let mut failures = Vec::new();
    for (path, text) in &files {
        let code: Vec<&str> = text
            .lines()
            .filter(|l| !l.trim_start().starts_with("//"))
            .collect();
        for (bad, why) in [
            ("crate::", "refer to sibling modules with super:: or self::"),
            ("#[macro_export]", "a bundled module cannot export macros"),
            ("#![", "no crate-level (inner) attributes in modules"),
        ] {
            if code.iter().any(|l| l.contains(bad)) {
                failures.push(format!("{}: `{}`: {}", path.display(), bad, why));
            }
        }
        let tests_at = code.iter().position(|l| l.contains("#[cfg(test)]"));
        let tests_last = tests_at.map_or(true, |i| {
            code.get(i + 1) == Some(&"mod tests {")
                && code.last() == Some(&"}")
                && code[i + 1..].iter().filter(|l| l.starts_with('}')).count() == 1
                && !code[i + 1..].iter().any(|l| l.contains("#[cfg(test)]"))
        });
        if !tests_last {
            failures.push(format!(
                "{}: the only #[cfg(test)] must open `mod tests {{` at the end of the file",
                path.display()
            ));
        }
    }
    assert!(!files.is_empty());
    assert!(failures.is_empty(), "\n{}", failures.join("\n"));
}
