//! Shorter names for a bundle still over its limit: each name the bundle spells out, most
//! bytes saved first, becomes the shortest one no token of the bundle uses (lower case for
//! lower case, upper for upper, so no naming lint fires). A lexer cannot tell the bundle's
//! own names from std's (`len`, `Vec`, `fmt`), so rustc judges: the names it blames for an
//! error or a new warning keep their spelling, and the rest are tried again.

use super::json::Json;
use super::lex::{tokens, Kind, Token};
use super::prune::Rustc;
use std::collections::{HashMap, HashSet};

/// Words that are no names of the bundle's own, or that must keep their spelling: keywords,
/// primitive types, the lint names of the wrapper's `allow`, the entry point.
const KEEP: &str = "as async await break const continue crate dyn else enum extern false fn \
    for if impl in let loop match mod move mut pub ref return self Self static struct super \
    trait true type unsafe use where while abstract become box do final macro override priv \
    try typeof unsized virtual yield union bool char str u8 u16 u32 u64 u128 usize i8 i16 \
    i32 i64 i128 isize f32 f64 allow dead_code unused_imports main";

/// `src` with names shortened as far as rustc builds it with no more warnings than before;
/// `src` itself if rustc cannot be run or blames every name.
pub fn rename(rustc: &Rustc, src: String) -> String {
    let warnings = match rustc.check(&src) {
        Ok((true, diagnostics)) => diagnostics.len(),
        _ => return src,
    };
    let toks = tokens(&src);
    let taken: HashSet<&str> = toks
        .iter()
        .filter(|t| t.kind == Kind::Word)
        .map(|t| t.text)
        .collect();
    // Per token, whether it may be respelled: a name, and no macro's (a word before `!`
    // names a macro: std's, since the library exports none).
    let renamable: Vec<bool> = (0..toks.len())
        .map(|k| {
            let macro_name = toks.get(k + 1).map_or(false, |n| n.text == "!");
            toks[k].kind == Kind::Word && is_name(toks[k].text) && !macro_name
        })
        .collect();
    let mut uses: HashMap<&str, usize> = HashMap::new();
    for (t, _) in toks.iter().zip(&renamable).filter(|(_, &r)| r) {
        *uses.entry(t.text).or_insert(0) += 1;
    }
    let mut names: Vec<&str> = uses.keys().copied().collect();
    // Most bytes first, ties by name, so that a bundle comes out the same every time.
    names.sort_by_key(|n| (std::cmp::Reverse(uses[n] * n.len()), *n));
    loop {
        let short = shortest(&names, &taken);
        let (text, renamed) = respell(&toks, &renamable, &short);
        let (builds, diagnostics) = match rustc.check(&text) {
            Ok(found) => found,
            Err(_) => return src,
        };
        if builds && diagnostics.len() <= warnings {
            return text;
        }
        // What to blame: the errors, or when it builds, the warnings.
        let level = if builds { "warning" } else { "error" };
        let blamed: HashSet<&str> = diagnostics
            .iter()
            .filter(|d| d.get("level").and_then(Json::str) == Some(level))
            .flat_map(|d| d.get("spans").map_or(&[][..], Json::items))
            .flat_map(|s| {
                let at = |key| s.get(key).and_then(Json::num).unwrap_or(0);
                let (start, end) = (at("byte_start"), at("byte_end"));
                (renamed.iter())
                    .filter(move |(a, b, _)| *a < end && start < *b)
                    .map(|(_, _, name)| *name)
            })
            .collect();
        if blamed.is_empty() {
            // A failure rustc places on no renamed word: give up the cheaper half.
            names.truncate(names.len() / 2);
        } else {
            names.retain(|n| !blamed.contains(n));
        }
        if names.is_empty() {
            return src;
        }
    }
}

/// A word that may be one of the bundle's own names: not a keyword or primitive, not a
/// number, not `_`-led (a new name would lose the leading `_` that silences a lint).
fn is_name(word: &str) -> bool {
    word.starts_with(|c: char| c.is_ascii_alphabetic()) && !kept(word)
}

fn kept(word: &str) -> bool {
    KEEP.split_whitespace().any(|k| k == word)
}

/// The new name of each of `names` (in order) that gets a shorter one: the shortest of its
/// case that is no word of the bundle and no keyword.
fn shortest<'a>(names: &[&'a str], taken: &HashSet<&str>) -> HashMap<&'a str, String> {
    let mut next = [0, 0];
    let mut short = HashMap::new();
    for &name in names {
        let upper = name.starts_with(|c: char| c.is_ascii_uppercase());
        let first = if upper { b'A' } else { b'a' };
        let new = loop {
            let n = &mut next[upper as usize];
            *n += 1;
            // 1, 2, ... as a, b, ..., z, aa, ab, ... (bijective base 26).
            let (mut k, mut word) = (*n, Vec::new());
            while k > 0 {
                word.insert(0, first + ((k - 1) % 26) as u8);
                k = (k - 1) / 26;
            }
            let word = String::from_utf8(word).unwrap_or_default();
            if !taken.contains(word.as_str()) && !kept(&word) {
                break word;
            }
        };
        if new.len() < name.len() {
            short.insert(name, new);
        }
    }
    short
}

/// The tokens joined with the `renamable` ones in `short` respelled, and where each
/// respelled word now sits: (start byte, end byte, old name).
fn respell<'a>(
    toks: &[Token<'a>],
    renamable: &[bool],
    short: &HashMap<&'a str, String>,
) -> (String, Vec<(usize, usize, &'a str)>) {
    let mut text = String::new();
    let mut renamed = Vec::new();
    for (t, &r) in toks.iter().zip(renamable) {
        match short.get(t.text) {
            Some(new) if r => {
                renamed.push((text.len(), text.len() + new.len(), t.text));
                text.push_str(new);
            }
            _ => text.push_str(t.text),
        }
    }
    (text, renamed)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_shortened_where_rustc_agrees() {
        let src = "use kit::grid::Grid;\n\
                   fn main() {\n    let cells = Grid::new().cells;\n    println!(\"{}\", cells.len());\n}\n\
                   mod kit {\n    pub mod grid {\n        pub struct Grid {\n            pub cells: Vec<u8>,\n        }\n\
                   impl Grid {\n            pub fn new() -> Grid {\n                Grid { cells: vec![1, 2] }\n            }\n        }\n    }\n}\n";
        let rustc = Rustc::new("bin").unwrap();
        let out = rename(&rustc, src.to_string());
        // `len` and `Vec` are std's, `println` and `vec` macros, `main` the entry point.
        for kept in ["len()", "Vec<u8>", "println!", "vec!", "fn main"] {
            assert!(out.contains(kept), "{} lost in {}", kept, out);
        }
        for gone in ["Grid", "cells", "grid", "kit", "new"] {
            assert!(!out.contains(gone), "{} kept in {}", gone, out);
        }
        assert!(out.len() < src.len() - 40, "{}", out);
        assert_eq!(rustc.check(&out).map(|(builds, _)| builds), Ok(true));
    }
}
