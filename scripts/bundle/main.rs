//! `bundle`: a judge bin as one self-contained source file, the way an online judge takes it.
//!
//!     cargo run -q --bin bundle -- BIN > submit.rs          # e.g. boj2239
//!     cargo run -q --bin bundle -- --strip BIN > submit.rs  # smallest: for tight limits
//!     cargo run -q --bin bundle -- --check                  # the library keeps the rules
//!     cargo run -q --bin bundle -- --modules BIN            # the library modules BIN reaches
//!
//! A bundle is the bin's source as it is, then
//! `#[allow(dead_code, unused_imports)] mod sudoku_kit { pub mod grid { ... } ... }` holding
//! each library module the bin reaches (its `sudoku_kit::X` paths and, in turn, each
//! module's `super::Y` paths) whole, in `lib.rs` order, without its unit tests. The bin's
//! `use sudoku_kit::...` lines resolve to that module as they resolve to the library, so
//! the bundle builds with plain `rustc --edition 2021 -O` without a warning (tested with
//! today's rustc and 1.63; the library keeps to 1.56). Only when that is over the judge's
//! source limit (see [`LIMITS`]) is it shrunk: comments out; if still over (or with
//! `--strip`), everything rustc finds unused deleted, then every space no token needs (see
//! `prune.rs`); if still over, shorter names too (`rename.rs`). That needs `rustc` (or
//! `$RUSTC`) on the PATH.
//!
//! A std-only Rust program rather than a shell script: it runs wherever cargo does, reads
//! Rust with a Rust lexer and rustc's JSON diagnostics with a JSON parser instead of sed,
//! and its rules and limits sit here, once.

mod closure;
mod items;
mod json;
mod lex;
mod prune;
mod rename;

use std::fs;
use std::process::exit;

/// Source-size limits in bytes of the judges that allow less than [`LIMIT`], by bin: a new
/// judge bin with a tighter limit adds one line.
const LIMITS: &[(&str, usize)] = &[("spoj_easudoku", 5000), ("spoj_novice42", 50_000)];

/// Every other judge's limit: Codeforces' 64 KiB, the smallest common one (JUDGES.md).
const LIMIT: usize = 64 * 1024;

/// Bins in `src/bin` that are not for judges: never bundled.
const TOOLS: &[&str] = &["sudoku"];

/// The line that ends a LeetCode bin's local driver. LeetCode takes a method, not a program:
/// it declares `Solution` and calls the method itself, so the submission is only what
/// follows this line (the `use` lines and the `impl Solution` block), library closure after.
const LEETCODE: &str = "pub struct Solution;";

/// The attribute on the wrapper module: the library's items a bin does not use are fine.
const ALLOW: &str = "#[allow(dead_code, unused_imports)]";

/// What a library module must not hold, because it is pasted into `pub mod name { ... }`
/// of another crate: the code pattern, and why.
const RULES: [(&[&str], &str); 3] = [
    (
        &["crate", "::"],
        "refer to sibling modules with super:: or self::",
    ),
    (
        &["#", "[", "macro_export"],
        "a bundled module cannot export macros",
    ),
    (
        &["#", "!", "["],
        "no crate-level (inner) attributes in modules",
    ),
];

const USAGE: &str =
    "usage: bundle [--strip] BIN > submit.rs   |   bundle --check   |   bundle --modules BIN";

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let result = match args[..] {
        ["--check"] => check_library(),
        ["--strip", bin] => bundle(bin, true),
        ["--modules", bin] => modules(bin),
        [bin] if !bin.starts_with('-') => bundle(bin, false),
        _ => Err(USAGE.to_string()),
    };
    match result {
        Ok(text) => print!("{}", text),
        Err(e) => {
            eprintln!("bundle: {}", e);
            exit(2);
        }
    }
}

/// The judge's source-size limit for `bin`, in bytes.
fn limit(bin: &str) -> usize {
    LIMITS
        .iter()
        .find(|(b, _)| *b == bin)
        .map_or(LIMIT, |&(_, n)| n)
}

fn read(path: &str) -> Result<String, String> {
    let full = format!("{}/{}", env!("CARGO_MANIFEST_DIR"), path);
    fs::read_to_string(&full).map_err(|e| format!("cannot read {}: {}", path, e))
}

/// The source of judge bin `bin`.
fn source(bin: &str) -> Result<String, String> {
    if TOOLS.contains(&bin) {
        return Err(format!(
            "{} is a tool, not a judge bin: there is nothing to submit",
            bin
        ));
    }
    read(&format!("src/bin/{}.rs", bin))
}

/// The library modules `bin`'s bundle holds, a path a line (`solver::sat`), in `lib.rs`
/// order: what a test of shrinking must cover.
fn modules(bin: &str) -> Result<String, String> {
    let source = source(bin)?;
    let library = closure::library()?;
    let needed = closure::reached(submission(&source), &library);
    let paths = library.iter().zip(needed).filter(|&(_, n)| n);
    Ok(paths.map(|(m, _)| m.path.join("::") + "\n").collect())
}

/// The bundle for `bin`, shrunk if `strip` or if it is over the judge's limit.
fn bundle(bin: &str, strip: bool) -> Result<String, String> {
    let source = source(bin)?;
    let main = submission(&source);
    let leetcode = main.len() < source.len();
    let lib = reachable(main)?;
    let mut text = assemble(main, &lib, true);
    if !strip && text.len() > limit(bin) {
        // Lexer passes first, comments then spaces, where pruning runs rustc again and again.
        text = lex::without_comments(&text);
        if text.len() > limit(bin) {
            text = lex::minify(&text);
        }
    }
    if strip || text.len() > limit(bin) {
        text = shrink(main, &lib, leetcode, false)?;
    }
    if text.len() > limit(bin) {
        text = shrink(main, &lib, leetcode, true)?;
    }
    if text.len() > limit(bin) {
        let (size, max) = (text.len(), limit(bin));
        return Err(format!(
            "{}: {} bytes, over the judge's limit of {}",
            bin, size, max
        ));
    }
    Ok(text)
}

/// What a judge takes of a bin's source: all of it, or for a LeetCode bin what follows its
/// [`LEETCODE`] line.
fn submission(source: &str) -> &str {
    let line = format!("\n{}\n", LEETCODE);
    source
        .find(&line)
        .map_or(source, |at| source[at + line.len()..].trim_start())
}

/// The library as `main` reaches it: the modules it reaches ([`closure`]), each in
/// `pub mod name { ... }`, less the items it cannot reach ([`items`]).
fn reachable(main: &str) -> Result<String, String> {
    let library = closure::library()?;
    let needed = closure::reached(main, &library);
    let mut lib = String::new();
    for (i, m) in library.iter().enumerate() {
        if m.path.len() == 1 && needed[i] {
            let body = closure::emit(&library, i);
            lib.push_str(&format!(
                "{}mod {} {{\n{}\n}}\n",
                m.vis,
                m.path[0],
                body.trim_end()
            ));
        }
    }
    Ok(items::prune(main, &lib))
}

/// The library's modules as `lib.rs` declares them, in its order: `(pub , name)`.
fn library() -> Result<Vec<(String, String)>, String> {
    let lib = lex::without_comments(&read("src/lib.rs")?);
    let modules: Vec<(String, String)> = lib
        .lines()
        .filter_map(|line| mod_declaration(line.trim()))
        .map(|(vis, name)| (vis.to_string(), name.to_string()))
        .collect();
    if modules.is_empty() {
        return Err("src/lib.rs declares no module".into());
    }
    Ok(modules)
}

/// `pub mod name;` -> `("pub ", "name")`, `mod name;` -> `("", "name")`.
fn mod_declaration(line: &str) -> Option<(&str, &str)> {
    let (vis, rest) = match line.find("mod ") {
        Some(at) if line[..at].is_empty() || line[..at].starts_with("pub") => line.split_at(at),
        _ => return None,
    };
    let name = rest.strip_prefix("mod ")?.strip_suffix(';')?;
    let ident = !name.is_empty() && name.chars().all(|c| c.is_alphanumeric() || c == '_');
    if ident {
        Some((vis, name))
    } else {
        None
    }
}

/// A module's source up to its unit tests, or the bundling rule it breaks. Its unit tests
/// must be one `#[cfg(test)] mod tests { ... }` at the end of the file.
fn bundled_part(src: &str) -> Result<&str, String> {
    // The code tokens and where each starts.
    let mut offset = 0;
    let (starts, text): (Vec<usize>, Vec<&str>) = lex::tokens(src)
        .into_iter()
        .filter_map(|t| {
            offset += t.text.len();
            let code = t.kind != lex::Kind::Space && t.kind != lex::Kind::Comment;
            code.then(|| (offset - t.text.len(), t.text))
        })
        .unzip();
    for (pattern, why) in RULES.iter() {
        if text.windows(pattern.len()).any(|w| w == *pattern) {
            return Err(format!("`{}`: {}", pattern.concat(), why));
        }
    }
    let cfg_test = ["#", "[", "cfg", "(", "test", ")", "]"];
    let at = match text.windows(7).position(|w| w == cfg_test) {
        Some(at) => at,
        None => return Ok(src),
    };
    let mut depth = 0;
    let close = (at + 9..text.len()).find(|&k| {
        depth += match text[k] {
            "{" => 1,
            "}" => -1,
            _ => 0,
        };
        depth == 0
    });
    if !text[at + 7..].starts_with(&["mod", "tests", "{"]) || close != Some(text.len() - 1) {
        return Err(
            "#[cfg(test)] must only open `mod tests { ... }` at the end of the file".into(),
        );
    }
    Ok(src[..starts[at]].trim_end())
}

/// The bundle text: `main`, then `lib` inside the wrapper module, with [`ALLOW`] on it if
/// `allow`.
fn assemble(main: &str, lib: &str, allow: bool) -> String {
    let mut out = format!("{}\n\n", main.trim_end());
    if allow {
        out.push_str(ALLOW);
        out.push('\n');
    }
    out.push_str("mod sudoku_kit {\n");
    out.push_str(lib);
    out.push_str("}\n");
    out
}

/// The bundle shrunk: one line, no comments, nothing rustc finds unused, no `pub` it builds
/// as well without. With `thorough`, for a bundle still over its limit, also no `derive`
/// trait it builds as well without (a rustc check per trait and type), each `pub` tried
/// alone, and shorter names (not for LeetCode, which calls its methods by name).
fn shrink(main: &str, lib: &str, leetcode: bool, thorough: bool) -> Result<String, String> {
    // rustc counts what a `pub` item of the crate root reaches as used: no `pub` there.
    let main: String = main
        .lines()
        .map(|line| line.strip_prefix("pub ").unwrap_or(line).to_string() + "\n")
        .collect();
    // A LeetCode submission builds as a lib behind the judge's `Solution`, cut off after.
    let head = if leetcode {
        LEETCODE.to_string() + "\n"
    } else {
        String::new()
    };
    let rustc = prune::Rustc::new(if leetcode { "lib" } else { "bin" })?;
    let full = lex::without_comments(&(head + &assemble(&main, lib, false)));
    let (code, warnings) = prune::prune(&rustc, full)?;
    let code = match thorough {
        true => prune::trim_derives(&rustc, code, warnings),
        false => code,
    };
    let mut code = prune::trim_pubs(&rustc, code, warnings, thorough);
    if warnings > 0 {
        // Left over, say a field only written: allowed, as in the full bundle.
        let wrapper = "\nmod sudoku_kit {\n";
        code = code.replacen(wrapper, &format!("\n{}{}", ALLOW, wrapper), 1);
    }
    if thorough && !leetcode {
        code = rename::rename(&rustc, code);
    }
    if leetcode {
        // The head is the first line, `pub` or not after pruning.
        let at = code
            .find("struct Solution;")
            .map_or(0, |at| at + "struct Solution;".len());
        code = code[at..].to_string();
    }
    Ok(lex::minify(&code))
}

/// Checks every library module against the bundling rules.
fn check_library() -> Result<String, String> {
    let library = closure::library()?;
    Ok(format!(
        "{} modules keep the bundling rules\n",
        library.len()
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn limits_default_to_64_kib() {
        assert_eq!(limit("spoj_easudoku"), 5000);
        assert_eq!(limit("boj2239"), 65536);
    }

    #[test]
    fn a_leetcode_submission_is_what_follows_its_solution_line() {
        let bin = "use a::run;\nfn main() {}\npub struct Solution;\nuse b::C;\nimpl Solution {}\n";
        assert_eq!(submission(bin), "use b::C;\nimpl Solution {}\n");
        assert_eq!(submission("fn main() {}\n"), "fn main() {}\n");
        let text = bundle("leetcode36", false).unwrap();
        assert!(text.starts_with("use sudoku_kit::") && text.contains("impl Solution {"));
        assert!(!text.contains("fn main") && !text.contains("struct Solution"));
    }

    #[test]
    fn the_tool_and_unknown_bins_are_refused() {
        assert!(bundle("sudoku", false)
            .unwrap_err()
            .contains("not a judge bin"));
        assert!(bundle("nope", false)
            .unwrap_err()
            .contains("src/bin/nope.rs"));
        assert!(modules("sudoku").unwrap_err().contains("not a judge bin"));
    }

    #[test]
    fn modules_are_those_the_submission_reaches() {
        // leetcode36 submits only its `impl Solution`, which names `sudoku_kit::grid::Grid`;
        // its driver above (reader, judge) stays home.
        assert_eq!(modules("leetcode36").unwrap(), "grid\n");
        let jigsaw = modules("hdu4069").unwrap();
        assert!(jigsaw.lines().any(|m| m == "jigsaw::solver"), "{}", jigsaw);
        assert!(!jigsaw.contains("square"), "{}", jigsaw);
    }

    #[test]
    fn modules_breaking_a_rule_are_refused() {
        let tests = "fn f() {}\n\n#[cfg(test)]\nmod tests {\n    fn g() {}\n}\n";
        assert_eq!(bundled_part(tests), Ok("fn f() {}"));
        assert_eq!(
            bundled_part("// crate::x\nfn f() {}\n"),
            Ok("// crate::x\nfn f() {}\n")
        );
        for bad in [
            "use crate::grid::Grid;\n",
            "#[macro_export]\nmacro_rules! m { () => {} }\n",
            "#![allow(dead_code)]\n",
            "#[cfg(test)]\nmod tests {}\nfn f() {}\n",
            "#[cfg(test)]\nfn f() {}\n",
        ] {
            assert!(bundled_part(bad).is_err(), "{}", bad);
        }
    }

    #[test]
    fn mod_declarations() {
        assert_eq!(mod_declaration("pub mod grid;"), Some(("pub ", "grid")));
        assert_eq!(mod_declaration("mod x;"), Some(("", "x")));
        assert_eq!(
            mod_declaration("pub(super) mod y;"),
            Some(("pub(super) ", "y"))
        );
        assert_eq!(mod_declaration("mod tests {"), None);
        assert_eq!(mod_declaration("// mod x;"), None);
        let lib = lex::without_comments("pub mod grid; // the grid\n// mod y;\n");
        assert_eq!(lib.lines().filter_map(mod_declaration).count(), 1);
    }
}
