//! Shrinking a bundle for a tight source limit, with rustc as the judge of what is unused:
//! delete what its dead-code and unused-import warnings name until it names nothing more,
//! then drop each `derive` trait and `pub` the bundle builds as well without. Works on the
//! rustfmt layout of the library (an item ends at the next line of its indentation that
//! ends in `;` or `}`); an edit that breaks the build is undone, so an unusual layout costs
//! bytes, never a broken bundle.

use super::json::Json;
use super::lex::{tokens, Kind};
use std::fs;
use std::path::PathBuf;
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};

/// Checks sources with rustc (`$RUSTC`, default `rustc`) in a private temporary folder.
pub struct Rustc {
    exe: String,
    dir: PathBuf,
    /// `bin`, or `lib` for a LeetCode submission: no `main`, its `pub` method the root.
    crate_type: &'static str,
}

impl Rustc {
    pub fn new(crate_type: &'static str) -> Result<Rustc, String> {
        // A folder per checker: tests run several at once in one process.
        static MADE: AtomicUsize = AtomicUsize::new(0);
        let n = MADE.fetch_add(1, Ordering::Relaxed);
        let dir = std::env::temp_dir().join(format!("bundle-{}-{}", std::process::id(), n));
        fs::create_dir_all(&dir).map_err(|e| format!("cannot create {}: {}", dir.display(), e))?;
        let exe = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".to_string());
        Ok(Rustc {
            exe,
            dir,
            crate_type,
        })
    }

    /// rustc's diagnostics about `src` as a crate of its type (those with a place in the
    /// code, not the "N warnings emitted" summary), and whether it builds.
    pub fn check(&self, src: &str) -> Result<(bool, Vec<Json>), String> {
        let file = self.dir.join("bundle.rs");
        fs::write(&file, src).map_err(|e| e.to_string())?;
        let out = Command::new(&self.exe)
            .args([
                "--edition",
                "2021",
                "--crate-type",
                self.crate_type,
                "--emit=metadata",
            ])
            .arg("--error-format=json")
            .arg("-o")
            .arg(self.dir.join("bundle.rmeta"))
            .arg(&file)
            .output()
            .map_err(|e| format!("cannot run {}: {}", self.exe, e))?;
        let diagnostics = String::from_utf8_lossy(&out.stderr)
            .lines()
            .filter_map(Json::parse)
            .filter(|d| d.get("spans").map_or(false, |s| !s.items().is_empty()))
            .collect();
        Ok((out.status.success(), diagnostics))
    }

    /// rustc's warnings about `src`, or why it does not build.
    fn warnings(&self, src: &str) -> Result<Vec<Json>, String> {
        let (builds, diagnostics) = self.check(src)?;
        if builds {
            return Ok(diagnostics);
        }
        let rendered: String = diagnostics
            .iter()
            .filter_map(|d| d.get("rendered").and_then(Json::str))
            .collect();
        Err(rendered)
    }

    /// How many warnings `src` builds with; `None` if it does not build.
    fn builds(&self, src: &str) -> Option<usize> {
        self.warnings(src).ok().map(|w| w.len())
    }
}

impl Drop for Rustc {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.dir);
    }
}

/// `src` (without comments, in rustfmt's layout) with everything rustc finds unused
/// deleted, and the number of warnings left (fields never read stay: constructors set them).
pub fn prune(rustc: &Rustc, mut src: String) -> Result<(String, usize), String> {
    let mut warnings = rustc
        .warnings(&src)
        .map_err(|e| format!("the bundle does not build:\n{}", e))?;
    loop {
        let edits: Vec<Edit> = warnings.iter().flat_map(|w| edits(w, &src)).collect();
        let shorter = |edits: &[Edit]| {
            let next = apply(&src, edits);
            if next.len() >= src.len() {
                return None;
            }
            let (builds, diagnostics) = rustc.check(&next).ok()?;
            if builds {
                return Some((next, diagnostics));
            }
            // rustc does not call a `use` unused while dead code names it, so deleting the
            // dead code can leave it naming nothing: it goes too, in the same round (one
            // more run of rustc, where trying hundreds of edits alone took a minute or two).
            let imports: Vec<Edit> = (diagnostics.iter())
                .filter_map(|d| unresolved_import(d, &next))
                .collect();
            let next = apply(&next, &imports);
            rustc.warnings(&next).ok().map(|w| (next, w))
        };
        match most_that_build(&shorter, (Vec::new(), None), &edits).1 {
            Some((next, w)) => {
                src = next;
                warnings = w;
            }
            None => return Ok((src, warnings.len())),
        }
    }
}

/// What `try_edits` makes of a source: the shorter source that builds and its warnings.
type Made = Option<(String, Vec<Json>)>;

/// The most of `edits` found to build on top of `kept` (edits of the same source that build,
/// and what they make): all at once, or else each half in turn, down to single edits. A few
/// edits that break the build among many cost a few rustc runs each, where one by one each
/// edit that builds cost a round of two. (A 60 KB bundle of 84 edits, some of which break the
/// build in pairs though each builds alone: over 11 minutes one by one, 4.6 minutes so.)
fn most_that_build(
    try_edits: &dyn Fn(&[Edit]) -> Made,
    kept: (Vec<Edit>, Made),
    edits: &[Edit],
) -> (Vec<Edit>, Made) {
    let all: Vec<Edit> = kept.0.iter().chain(edits).cloned().collect();
    if let Some(made) = try_edits(&all) {
        return (all, Some(made));
    }
    if edits.len() <= 1 {
        return kept;
    }
    let (first, rest) = edits.split_at(edits.len() / 2);
    let kept = most_that_build(try_edits, kept, first);
    most_that_build(try_edits, kept, rest)
}

/// One deletion rustc's warnings call for.
#[derive(Clone, Debug)]
enum Edit {
    /// The item (fn, struct, const, ...) named on this line (0-based), with its
    /// attributes; a type takes its impl blocks along.
    Item(usize),
    /// The enum variant named on this line, and the one-line match arms naming it.
    Variant(usize, String),
    /// rustc's own fix: replace these bytes.
    Replace(usize, usize, String),
}

/// The edits one diagnostic about `src` calls for.
fn edits(d: &Json, src: &str) -> Vec<Edit> {
    let code = code(d);
    let message = d.get("message").and_then(Json::str).unwrap_or("");
    let spans = |d: &Json| d.get("spans").map_or(Vec::new(), |s| s.items().to_vec());
    let primary = spans(d)
        .into_iter()
        .filter(|s| s.get("is_primary") == Some(&Json::Bool(true)));
    let num = |s: &Json, key| s.get(key).and_then(Json::num).unwrap_or(0);
    match code {
        Some("unused_imports") => d
            .get("children")
            .map_or(&[][..], Json::items)
            .iter()
            .flat_map(spans)
            .filter(|s| {
                s.get("suggestion_applicability").and_then(Json::str) == Some("MachineApplicable")
            })
            .filter_map(|s| {
                let with = s.get("suggested_replacement").and_then(Json::str)?;
                Some(Edit::Replace(
                    num(&s, "byte_start"),
                    num(&s, "byte_end"),
                    with.into(),
                ))
            })
            .collect(),
        Some("dead_code") if message.starts_with("field") => Vec::new(),
        Some("dead_code") if message.starts_with("variant") => primary
            .map(|s| {
                let name = src.get(num(&s, "byte_start")..num(&s, "byte_end"));
                Edit::Variant(
                    num(&s, "line_start").saturating_sub(1),
                    name.unwrap_or("").to_string(),
                )
            })
            .collect(),
        Some("dead_code") => primary
            .map(|s| Edit::Item(num(&s, "line_start").saturating_sub(1)))
            .collect(),
        _ => Vec::new(),
    }
}

/// A diagnostic's code: `dead_code`, `E0432`, ...
fn code(d: &Json) -> Option<&str> {
    d.get("code")
        .and_then(|c| c.get("code"))
        .and_then(Json::str)
}

/// The deletion of what an "unresolved import" error points at: its element of a `{...}`
/// list with one comma, or else its whole `use` line.
fn unresolved_import(d: &Json, src: &str) -> Option<Edit> {
    if code(d) != Some("E0432") {
        return None;
    }
    let span = d.get("spans")?.items().first()?.clone();
    let (a, b) = (span.get("byte_start")?.num()?, span.get("byte_end")?.num()?);
    // The element around the span: the path on either side, then the neighbours.
    let path = |c: char| c.is_alphanumeric() || c == '_' || c == ':';
    let start = src.get(..a)?.trim_end_matches(path).len();
    let end = src.len() - src.get(b..)?.trim_start_matches(path).len();
    let (before, after) = (src[..start].trim_end(), src[end..].trim_start());
    let next = src.len() - after.len();
    if after.starts_with(',') {
        Some(Edit::Replace(start, next + 1, String::new()))
    } else if before.ends_with(',') {
        Some(Edit::Replace(before.len() - 1, end, String::new()))
    } else if before.ends_with('{') {
        Some(Edit::Replace(start, end, String::new()))
    } else if before.ends_with("use") && after.starts_with(';') {
        let line = before.rfind('\n').map_or(0, |n| n + 1);
        Some(Edit::Replace(line, next + 1, String::new()))
    } else {
        None
    }
}

fn indent(line: &str) -> usize {
    line.len() - line.trim_start().len()
}

/// The lines of the item whose head is line `l`: from its first attribute to the first line
/// at its indentation that `ends` it.
fn extent(lines: &[String], l: usize, ends: impl Fn(&str) -> bool) -> std::ops::Range<usize> {
    let i = indent(&lines[l]);
    let mut start = l;
    while start > 0 && indent(&lines[start - 1]) == i && lines[start - 1].trim().starts_with("#[") {
        start -= 1;
    }
    let mut end = l;
    while end + 1 < lines.len()
        && !(ends(lines[end].trim_end()) && (end == l || indent(&lines[end]) == i))
    {
        end += 1;
    }
    start..end + 1
}

fn ends_item(line: &str) -> bool {
    line.ends_with(';') || line.ends_with('}')
}

/// The type an `impl` line is for: `impl<'a> fmt::Display for Reader<'a> {` -> `Reader`.
fn impl_type(line: &str) -> Option<&str> {
    let head = line.trim().strip_prefix("impl")?.strip_suffix('{')?;
    let ty = head.rsplit(" for ").next()?;
    // Skip the impl's own generics, then the path up to the last segment.
    let ty = if head.starts_with('<') && !head.contains(" for ") {
        let mut depth = 0;
        let close = ty.find(|c| {
            depth += match c {
                '<' => 1,
                '>' => -1,
                _ => 0,
            };
            depth == 0
        })?;
        &ty[close + 1..]
    } else {
        ty
    };
    let ty = ty.trim().split('<').next()?;
    ty.rsplit("::").next()
}

/// `src` with `edits` made.
fn apply(src: &str, edits: &[Edit]) -> String {
    // rustc's replacements first, last first so the byte offsets before stay right; the
    // line ends a replacement takes are kept, so line numbers stay right too.
    let mut text = src.to_string();
    let mut replaces: Vec<(usize, usize, &str)> = edits
        .iter()
        .filter_map(|e| match e {
            Edit::Replace(a, b, with) => Some((*a, *b, with.as_str())),
            _ => None,
        })
        .collect();
    replaces.sort_by(|x, y| y.cmp(x));
    let mut before = text.len();
    for (a, b, with) in replaces {
        if b <= before && a <= b && text.is_char_boundary(a) && text.is_char_boundary(b) {
            let lines = "\n".repeat(text[a..b].matches('\n').count());
            text.replace_range(a..b, &(with.to_string() + &lines));
            before = a;
        }
    }
    let lines: Vec<String> = text.lines().map(String::from).collect();
    let mut gone = vec![false; lines.len()];
    let mut dead_types = Vec::new();
    let mut dead_variants = Vec::new();
    for e in edits {
        match e {
            Edit::Item(l) if *l < lines.len() => {
                extent(&lines, *l, ends_item).for_each(|k| gone[k] = true);
                let head = lines[*l].trim_start().trim_start_matches("pub ");
                if let Some(rest) = ["struct ", "enum ", "type ", "trait ", "union "]
                    .iter()
                    .find_map(|kw| head.strip_prefix(kw))
                {
                    let name = rest
                        .split(|c: char| !c.is_alphanumeric() && c != '_')
                        .next();
                    dead_types.extend(name);
                }
            }
            Edit::Variant(l, name) if *l < lines.len() => {
                extent(&lines, *l, |s| s.ends_with(',')).for_each(|k| gone[k] = true);
                dead_variants.push(name.as_str());
            }
            _ => {}
        }
    }
    for (l, line) in lines.iter().enumerate() {
        if impl_type(line).map_or(false, |t| dead_types.contains(&t)) {
            extent(&lines, l, ends_item).for_each(|k| gone[k] = true);
        }
        if dead_variants.iter().any(|v| match_arm(line, v)) {
            let ends = |s: &str| s.ends_with(',') || s.ends_with('}');
            extent(&lines, l, ends).for_each(|k| gone[k] = true);
        }
    }
    // An impl block or module left empty goes too, innermost first.
    for l in (0..lines.len()).rev() {
        let opens =
            lines[l].ends_with('{') && (impl_type(&lines[l]).is_some() || is_mod(&lines[l]));
        if gone[l] || !opens {
            continue;
        }
        if let Some(k) = (l + 1..lines.len()).find(|&k| !gone[k]) {
            if lines[k].trim() == "}" && indent(&lines[k]) == indent(&lines[l]) {
                gone[l] = true;
                gone[k] = true;
            }
        }
    }
    let mut out = String::with_capacity(text.len());
    for (line, _) in lines
        .iter()
        .zip(&gone)
        .filter(|(l, g)| !**g && !l.trim().is_empty())
    {
        out.push_str(line);
        out.push('\n');
    }
    out
}

fn is_mod(line: &str) -> bool {
    let t = line.trim_start();
    t.starts_with("mod ") || t.starts_with("pub mod ")
}

/// True when `line` is a match arm for variant `v`: `Kind::NoSolution => 1,`.
fn match_arm(line: &str, v: &str) -> bool {
    let t = line.trim_start();
    let path_end = t.find(|c: char| !c.is_alphanumeric() && c != '_' && c != ':');
    let path = &t[..path_end.unwrap_or(t.len())];
    !v.is_empty() && path.rsplit("::").next() == Some(v) && t.contains("=>")
}

/// The traits of a `#[derive(...)]` line.
fn derive_list(line: &str) -> Option<Vec<&str>> {
    let list = line.trim().strip_prefix("#[derive(")?.strip_suffix(")]")?;
    Some(list.split(',').map(str::trim).collect())
}

/// `src` without trait `t` in the derive on line `only`, or in every derive.
fn without_derive(src: &str, t: &str, only: Option<usize>) -> String {
    let mut out = String::with_capacity(src.len());
    for (l, line) in src.lines().enumerate() {
        match derive_list(line) {
            Some(list) if only.map_or(true, |o| o == l) => {
                let rest: Vec<&str> = list.into_iter().filter(|x| *x != t).collect();
                if !rest.is_empty() {
                    let at = &line[..indent(line)];
                    out.push_str(&format!("{}#[derive({})]\n", at, rest.join(", ")));
                }
            }
            _ => {
                out.push_str(line);
                out.push('\n');
            }
        }
    }
    out
}

/// Drops each trait from the `#[derive(...)]` lines that the bundle builds as well without
/// (no more than `warnings` warnings): a trait from every type at once, else type by type.
/// Traits later in a list go first (`Copy` needs `Clone`, `Eq` needs `PartialEq`).
pub fn trim_derives(rustc: &Rustc, mut src: String, warnings: usize) -> String {
    let mut traits: Vec<(usize, String)> = Vec::new();
    for list in src.lines().filter_map(derive_list) {
        for (k, t) in list.into_iter().enumerate() {
            match traits.iter_mut().find(|(_, name)| name == t) {
                Some(seen) => seen.0 = seen.0.max(k),
                None => traits.push((k, t.to_string())),
            }
        }
    }
    traits.sort_by_key(|t| std::cmp::Reverse(t.0));
    let clean = |src: &str| rustc.builds(src).map_or(false, |w| w <= warnings);
    for (_, t) in traits {
        let everywhere = without_derive(&src, &t, None);
        if clean(&everywhere) {
            src = everywhere;
            continue;
        }
        // Bottom up: an edit that drops a line leaves the numbers of the lines above.
        let holders: Vec<usize> = (src.lines().enumerate())
            .filter(|(_, line)| derive_list(line).map_or(false, |list| list.contains(&&*t)))
            .map(|(l, _)| l)
            .collect();
        if holders.len() < 2 {
            continue;
        }
        for l in holders.into_iter().rev() {
            let one = without_derive(&src, &t, Some(l));
            if clean(&one) {
                src = one;
            }
        }
    }
    src
}

/// Drops `pub` from items and fields of a library module that no code outside the module
/// can be using, by the look of the tokens; types only when that keeps the build as clean
/// (a private type must not show in a public signature). With `thorough`, then tries every other `pub` of an item
/// or field one by one: slow, for when the bundle is still over its limit.
pub fn trim_pubs(rustc: &Rustc, src: String, warnings: usize, thorough: bool) -> String {
    let toks = tokens(&src);
    let code: Vec<usize> = (0..toks.len())
        .filter(|&k| toks[k].kind != Kind::Space)
        .collect();
    let text = |c: usize| code.get(c).map_or("", |&k| toks[k].text);
    // Each library module: the range of code tokens inside `pub mod name { ... }` within
    // `mod sudoku_kit { ... }`.
    let mut modules = Vec::new();
    let (mut depth, mut wrapper, mut open) = (0, None, 0);
    for c in 0..code.len() {
        match text(c) {
            "{" => {
                depth += 1;
                if wrapper.is_none() && text(c.wrapping_sub(1)) == "sudoku_kit" {
                    wrapper = Some(depth);
                } else if Some(depth - 1) == wrapper && text(c.wrapping_sub(2)) == "mod" {
                    open = c;
                }
            }
            "}" => {
                if Some(depth - 1) == wrapper {
                    modules.push(open..c);
                }
                depth -= 1;
            }
            _ => {}
        }
    }
    // Whether code outside module `m` may use an item: a free one by its name anywhere; an
    // associated one (in an `impl`) as `::name` or `.name(`; a field as `.name` or through
    // a literal or pattern of its struct (`Name {`, but not `-> Name {`).
    let outside = |m: &std::ops::Range<usize>, used: &dyn Fn(usize) -> bool| {
        (0..code.len()).any(|c| !m.contains(&c) && used(c))
    };
    let member = |c: usize, name: &str| {
        text(c) == name
            && (text(c.wrapping_sub(1)) == "::"
                || (text(c.wrapping_sub(1)) == "." && ["(", "::"].contains(&text(c + 1))))
    };
    let field = |c: usize, name: &str, of: &str| {
        (text(c) == name && text(c.wrapping_sub(1)) == "." && text(c + 1) != "(")
            || (text(c) == of
                && text(c + 1) == "{"
                && !["->", "for", "impl"].contains(&text(c.wrapping_sub(1))))
    };
    // Each `pub` of an item or field in a module: its token, whether code outside the
    // module may use it, and whether it is a type's.
    let mut pubs = Vec::new();
    for m in &modules {
        let (mut depth, mut of) = (0, "");
        for c in m.clone() {
            match text(c) {
                "{" => depth += 1,
                "}" => depth -= 1,
                "struct" => of = text(c + 1),
                _ => {}
            }
            if text(c) != "pub" {
                continue;
            }
            let (next, name) = (text(c + 1), text(c + 2));
            let (used, is_type) = match next {
                // The module's own brace is depth 1: deeper is an `impl` (or a struct's fields).
                "fn" | "const" if depth > 1 => (outside(m, &|k| member(k, name)), false),
                "fn" | "const" | "static" => (outside(m, &|k| text(k) == name), false),
                "struct" | "enum" | "type" | "trait" => (outside(m, &|k| text(k) == name), true),
                _ if name == ":" && next.chars().all(|ch| ch.is_alphanumeric() || ch == '_') => {
                    (outside(m, &|k| field(k, next, of)), false)
                }
                _ => continue,
            };
            pubs.push((code[c], used, is_type));
        }
    }
    let without = |drop: &[usize]| -> String {
        let mut out = String::with_capacity(src.len());
        let mut skip_space = false;
        for (k, t) in toks.iter().enumerate() {
            if drop.contains(&k) {
                skip_space = true;
            } else if !(skip_space && t.kind == Kind::Space) {
                out.push_str(t.text);
                skip_space = false;
            }
        }
        out
    };
    let clean = |drop: &[usize]| {
        rustc
            .builds(&without(drop))
            .map_or(false, |w| w <= warnings)
    };
    let unseen = |types: bool| -> Vec<usize> {
        (pubs.iter())
            .filter(|&&(_, seen, is_type)| !seen && (types || !is_type))
            .map(|&(k, _, _)| k)
            .collect()
    };
    let mut dropped = [unseen(true), unseen(false)]
        .into_iter()
        .find(|drop| clean(drop))
        .unwrap_or_default();

    if thorough {
        for &(k, _, _) in &pubs {
            if !dropped.contains(&k) {
                dropped.push(k);
                if !clean(&dropped) {
                    dropped.pop();
                }
            }
        }
    }
    without(&dropped)
}

#[cfg(test)]
mod tests {
    use super::*;

    const SRC: &str = "\
use sudoku_kit::m::{Kind, S};

fn main() {
    println!(\"{}\", S::new().code(Kind::A));
}

mod sudoku_kit {
pub mod m {
use std::fmt;
use std::io::Write;
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Kind {
    A,
    B {
        x: u8,
    },
}
#[derive(Debug)]
pub struct S {
    pub n: u8,
}
impl S {
    pub fn new() -> S {
        S { n: 1 }
    }
    pub fn code(&self, k: Kind) -> u8 {
        match k {
            Kind::A => self.n,
            Kind::B { .. } => 2,
        }
    }
    pub fn unused(&self) -> u8 {
        self.n
    }
}
pub struct Dead;
impl fmt::Display for Dead {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, \"dead\")
    }
}
}
}
";

    #[test]
    fn impl_types() {
        assert_eq!(
            impl_type("impl<'a> fmt::Display for Reader<'a> {"),
            Some("Reader")
        );
        assert_eq!(impl_type("    impl<'a> Reader<'a> {"), Some("Reader"));
        assert_eq!(impl_type("impl Grid {"), Some("Grid"));
        assert_eq!(impl_type("fn f() {"), None);
    }

    #[test]
    fn imports_of_deleted_items_go() {
        let rustc = Rustc::new("bin").unwrap();
        let src = "\
mod a {
    pub fn f() {}
}
mod b {
    use super::a::g;
    use super::a::{f, h};
    use super::a::{
        f as ff,
        k,
    };
    use super::gone::x;
    pub fn y() {
        super::a::f();
        f();
        ff();
    }
}
fn main() {
    b::y();
}
";
        let (builds, diagnostics) = rustc.check(src).unwrap();
        assert!(!builds);
        let edits: Vec<Edit> = (diagnostics.iter())
            .filter_map(|d| unresolved_import(d, src))
            .collect();
        assert_eq!(
            apply(src, &edits),
            "mod a {\n    pub fn f() {}\n}\nmod b {\n    use super::a::{f};\n    \
             use super::a::{\n        f as ff,\n    };\n    pub fn y() {\n        \
             super::a::f();\n        f();\n        ff();\n    }\n}\nfn main() {\n    \
             b::y();\n}\n"
        );
    }

    #[test]
    fn rustc_decides_what_goes() {
        let rustc = Rustc::new("bin").unwrap();
        let (code, warnings) = prune(&rustc, SRC.to_string()).unwrap();
        assert_eq!(warnings, 0);
        let code = trim_derives(&rustc, code, warnings);
        let code = trim_pubs(&rustc, code, warnings, false);
        assert_eq!(
            super::super::lex::minify(&code),
            "use sudoku_kit::m::{Kind,S};fn main(){println!(\"{}\",S::new().code(Kind::A));}\
             mod sudoku_kit{pub mod m{pub enum Kind{A}pub struct S{n:u8}impl S{pub fn new()->S{S{n:1}}\
             pub fn code(&self,k:Kind)->u8{match k{Kind::A=>self.n}}}}}\n"
        );
    }
}
