//! Drops the library items a bin cannot reach, by the bundler's own reading and by name: an
//! item stays when its name is a word of the bin or of an item that stays; a method when its
//! name is, and its type stays; a trait impl whole when its type stays. Names that mean two
//! things keep both, so the result may hold more than it needs (the bundle allows dead code),
//! never less; `use` lines lose the names of items that went. No compiler runs: this is what
//! makes a default bundle take milliseconds.

use super::lex::{tokens, Kind, Token};
use std::collections::HashSet;

/// A part of a module's body: an item, or the space and comments after the last one.
enum Part {
    /// An item that stays or goes by `rule`: the tokens `span` (from the space before it).
    Leaf { span: (usize, usize), rule: Rule },
    /// A `mod` or `impl` with a body: its name (a module's), the tokens before the body, the
    /// body's parts, and the closing brace. A module with nothing left but `use` lines goes.
    Block {
        name: String,
        head: (usize, usize),
        body: Vec<Part>,
        close: usize,
        impl_of: Option<Impl>,
    },
}

/// When a leaf stays.
#[derive(Clone, PartialEq)]
enum Rule {
    Always,
    /// While its name is a word of what stays.
    Named(String),
    /// A `use` line: it stays, less the names of items that went.
    Use,
}

/// What an `impl` is for: the type's name, and whether it implements a trait.
struct Impl {
    ty: String,
    of_trait: bool,
}

/// `lib`, the items inside `mod sudoku_kit { ... }`, less those `main` cannot reach.
pub fn prune(main: &str, lib: &str) -> String {
    let toks = tokens(lib);
    let code: Vec<usize> = (0..toks.len()).filter(|&i| is_code(&toks[i])).collect();
    let parts = parse(&toks, &code, 0, code.len(), toks.len());
    let mut defined = HashSet::new();
    names(&parts, &mut defined);
    let mut live: HashSet<&str> = words(&tokens(main), 0, usize::MAX);
    let mut kept = HashSet::new();
    loop {
        let before = kept.len();
        grow(&parts, &toks, &defined, None, &mut live, &mut kept);
        if kept.len() == before {
            break;
        }
    }
    let mut gone: HashSet<&str> = defined
        .iter()
        .map(String::as_str)
        .filter(|name| !live.contains(name))
        .collect();
    empty_modules(&parts, &toks, &kept, &mut gone);
    let mut out = String::with_capacity(lib.len());
    render(&parts, &toks, &kept, &gone, &mut out);
    out
}

fn is_code(t: &Token) -> bool {
    t.kind != Kind::Space && t.kind != Kind::Comment
}

/// The words among `toks[from..to]`.
fn words<'a>(toks: &[Token<'a>], from: usize, to: usize) -> HashSet<&'a str> {
    toks.iter()
        .take(to)
        .skip(from)
        .filter(|t| t.kind == Kind::Word)
        .map(|t| t.text)
        .collect()
}

/// The parts of the body between code tokens `code[a..b]`; `end` is the token after it.
fn parse(toks: &[Token], code: &[usize], a: usize, b: usize, end: usize) -> Vec<Part> {
    let mut parts = Vec::new();
    let (mut k, mut from) = (a, if a > 0 { code[a - 1] + 1 } else { 0 });
    while k < b {
        let text = |j: usize| code.get(j).filter(|_| j < b).map(|&i| toks[i].text);
        // Attributes, visibility and qualifiers, then the keyword.
        let mut j = k;
        loop {
            match text(j) {
                Some("#") => j = closing(toks, code, j + 1) + 1,
                Some("pub") if text(j + 1) == Some("(") => j = closing(toks, code, j + 1) + 1,
                Some("pub" | "unsafe" | "async") => j += 1,
                Some("const") if matches!(text(j + 1), Some("fn" | "unsafe")) => j += 1,
                Some("extern") if text(j + 1).map_or(false, |t| t.starts_with('"')) => j += 2,
                _ => break,
            }
        }
        let keyword = text(j).unwrap_or("");
        let name = match keyword {
            "macro_rules" => text(j + 2),
            "static" if text(j + 1) == Some("mut") => text(j + 2),
            _ => text(j + 1),
        }
        .unwrap_or("")
        .to_string();
        // The end: a `;` outside brackets, or the brace closing the first body.
        let ends_at_semicolon = matches!(keyword, "const" | "static" | "use" | "type" | "let");
        let (mut e, mut open) = (j, None);
        while e < b {
            match toks[code[e]].text {
                ";" => break,
                "(" | "[" => e = closing(toks, code, e),
                "{" if ends_at_semicolon => e = closing(toks, code, e),
                "{" => {
                    open = Some(e);
                    e = closing(toks, code, e);
                    break;
                }
                _ => {}
            }
            e += 1;
        }
        let e = e.min(b - 1);
        let span = (from, code[e] + 1);
        parts.push(match (keyword, open) {
            ("mod" | "impl", Some(o)) => Part::Block {
                name,
                head: (from, code[o] + 1),
                body: parse(toks, code, o + 1, e, code[e]),
                close: code[e],
                impl_of: (keyword == "impl").then(|| impl_of(toks, code, j + 1, o)),
            },
            ("use", _) => Part::Leaf {
                span,
                rule: Rule::Use,
            },
            (
                "fn" | "struct" | "enum" | "union" | "trait" | "const" | "static" | "type"
                | "macro_rules",
                _,
            ) => Part::Leaf {
                span,
                rule: Rule::Named(name),
            },
            _ => Part::Leaf {
                span,
                rule: Rule::Always,
            },
        });
        from = span.1;
        k = e + 1;
    }
    if from < end {
        parts.push(Part::Leaf {
            span: (from, end),
            rule: Rule::Always,
        });
    }
    parts
}

/// The code index of the bracket closing the one at `code[open]`.
fn closing(toks: &[Token], code: &[usize], open: usize) -> usize {
    let mut depth = 0;
    for (k, &i) in code.iter().enumerate().skip(open) {
        match toks[i].text {
            "(" | "[" | "{" => depth += 1,
            ")" | "]" | "}" => depth -= 1,
            _ => {}
        }
        if depth == 0 {
            return k;
        }
    }
    code.len() - 1
}

/// The type and trait of the `impl` whose header is `code[a..b]`: the last word before any
/// `<` of the part after `for` (or of all of it, past the impl's own generics).
fn impl_of(toks: &[Token], code: &[usize], mut a: usize, b: usize) -> Impl {
    let text = |j: usize| toks[code[j]].text;
    if a < b && text(a) == "<" {
        let mut depth = 0;
        while a < b {
            depth += (text(a) == "<") as i32 - (text(a) == ">") as i32;
            a += 1;
            if depth == 0 {
                break;
            }
        }
    }
    let of_trait = (a..b).any(|j| text(j) == "for");
    let from = (a..b).find(|&j| text(j) == "for").map_or(a, |j| j + 1);
    let ty = (from..b)
        .take_while(|&j| !matches!(text(j), "<" | "where"))
        .filter(|&j| toks[code[j]].kind == Kind::Word)
        .last()
        .map_or(String::new(), |j| text(j).to_string());
    Impl { ty, of_trait }
}

/// The names of the named items in `parts` (methods included).
fn names(parts: &[Part], out: &mut HashSet<String>) {
    for part in parts {
        match part {
            Part::Leaf {
                rule: Rule::Named(name),
                ..
            } => {
                out.insert(name.clone());
            }
            Part::Block { body, .. } => names(body, out),
            Part::Leaf { .. } => {}
        }
    }
}

/// One round: keeps each leaf of `parts` whose rule now holds (`of` is the impl around
/// them), adding its words to `live`.
fn grow<'a>(
    parts: &[Part],
    toks: &[Token<'a>],
    defined: &HashSet<String>,
    of: Option<&Impl>,
    live: &mut HashSet<&'a str>,
    kept: &mut HashSet<(usize, usize)>,
) {
    for part in parts {
        match part {
            Part::Leaf { span, rule } => {
                let stays = match rule {
                    Rule::Always => true,
                    Rule::Use => false,
                    Rule::Named(_) if of.map_or(false, |i| i.of_trait) => true,
                    Rule::Named(name) => live.contains(name.as_str()),
                };
                if stays && kept.insert(*span) {
                    live.extend(words(toks, span.0, span.1));
                }
            }
            Part::Block {
                head,
                body,
                impl_of,
                ..
            } => {
                let open = impl_of.as_ref().map_or(true, |i| {
                    !defined.contains(&i.ty) || live.contains(i.ty.as_str())
                });
                if open {
                    if kept.insert(*head) {
                        live.extend(words(toks, head.0, head.1));
                    }
                    grow(body, toks, defined, impl_of.as_ref(), live, kept);
                }
            }
        }
    }
}

/// Whether any of `parts` stays, `use` lines and space aside.
fn holds_code(parts: &[Part], toks: &[Token], kept: &HashSet<(usize, usize)>) -> bool {
    parts.iter().any(|part| match part {
        Part::Leaf {
            rule: Rule::Use, ..
        } => false,
        Part::Leaf {
            span,
            rule: Rule::Always,
        } => toks[span.0..span.1].iter().any(is_code),
        Part::Leaf { span, .. } => kept.contains(span),
        Part::Block {
            head,
            impl_of: Some(_),
            ..
        } => kept.contains(head),
        Part::Block { body, .. } => holds_code(body, toks, kept),
    })
}

/// Adds the names of the modules in `parts` that hold nothing that stays to `gone`.
fn empty_modules<'a>(
    parts: &'a [Part],
    toks: &[Token],
    kept: &HashSet<(usize, usize)>,
    gone: &mut HashSet<&'a str>,
) {
    for part in parts {
        if let Part::Block {
            name,
            body,
            impl_of: None,
            ..
        } = part
        {
            if !holds_code(body, toks, kept) {
                gone.insert(name);
            }
            empty_modules(body, toks, kept, gone);
        }
    }
}

/// Writes what stays of `parts`; `use` lines without the names in `gone`.
fn render(
    parts: &[Part],
    toks: &[Token],
    kept: &HashSet<(usize, usize)>,
    gone: &HashSet<&str>,
    out: &mut String,
) {
    let text = |(a, b): (usize, usize)| toks[a..b].iter().map(|t| t.text).collect::<String>();
    for part in parts {
        match part {
            Part::Leaf {
                span,
                rule: Rule::Use,
            } => out.push_str(&without_gone(&toks[span.0..span.1], gone)),
            Part::Leaf { span, .. } if kept.contains(span) => out.push_str(&text(*span)),
            Part::Block {
                head,
                body,
                close,
                impl_of,
                ..
            } if kept.contains(head) && (impl_of.is_some() || holds_code(body, toks, kept)) => {
                out.push_str(&text(*head));
                render(body, toks, kept, gone, out);
                out.push_str(toks[*close].text);
            }
            _ => {}
        }
    }
}

/// A `use` item of the library's own (`super::`, `self::`) without the names in `gone`
/// (nothing, if none is left). Only a last group is thinned: nested groups stay whole.
fn without_gone(item: &[Token], gone: &HashSet<&str>) -> String {
    let whole = || item.iter().map(|t| t.text).collect::<String>();
    let code: Vec<usize> = (0..item.len()).filter(|&i| is_code(&item[i])).collect();
    let text: Vec<&str> = code.iter().map(|&i| item[i].text).collect();
    let root = text
        .iter()
        .position(|&t| t == "use")
        .and_then(|u| text.get(u + 1));
    if !matches!(root, Some(&"super" | &"self")) {
        return whole();
    }
    let open = text.iter().position(|&t| t == "{");
    let leaves: Vec<&[&str]> = match open {
        Some(o) if !text[o + 1..].contains(&"{") => text[o + 1..text.len() - 2]
            .split(|&t| t == ",")
            .filter(|l| !l.is_empty())
            .collect(),
        Some(_) => return whole(),
        None => vec![&text[text.len() - 2..text.len() - 1]],
    };
    let left: Vec<String> = leaves
        .iter()
        .filter(|l| !gone.contains(l[l.len() - 1]) || l.contains(&"as"))
        .map(|l| l.join(" ").replace(" :: ", "::"))
        .collect();
    match open {
        _ if left.len() == leaves.len() => whole(),
        _ if left.is_empty() => String::new(),
        Some(o) => {
            let head: String = item[..code[o]].iter().map(|t| t.text).collect();
            format!("{}{{{}}};", head, left.join(", "))
        }
        None => whole(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_what_the_bin_reaches_stays() {
        let lib = "pub mod a {\n    use super::b::{Kept, Gone};\n\n    /// Doc.\n    pub fn used() -> Kept { Kept::new() }\n\n    pub fn unused() {}\n}\npub mod b {\n    pub struct Kept;\n    pub struct Gone;\n\n    impl Kept {\n        pub fn new() -> Kept { Kept }\n        pub fn other(&self) {}\n    }\n\n    impl Default for Gone {\n        fn default() -> Gone { Gone }\n    }\n\n    impl std::fmt::Debug for Kept {\n        fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result { Ok(()) }\n    }\n}\n";
        let out = prune("fn main() { sudoku_kit::a::used(); }", lib);
        assert!(out.contains("pub fn used() -> Kept"), "{}", out);
        assert!(out.contains("/// Doc."), "{}", out);
        assert!(out.contains("use super::b::{Kept};"), "{}", out);
        assert!(out.contains("pub struct Kept;"), "{}", out);
        assert!(out.contains("pub fn new()"), "{}", out);
        assert!(out.contains("fn fmt("), "{}", out);
        for gone in ["unused", "Gone", "other", "default"] {
            assert!(!out.contains(gone), "{} stayed:\n{}", gone, out);
        }
    }

    #[test]
    fn items_end_where_rust_ends_them() {
        let lib = "const A: [u8; 2] = [1, 2];\nconst B: S = S { x: 1 };\nstruct T(u8);\nfn f() -> [u8; 1] { [0] }\nfn g() {}\n";
        let out = prune("A B T f", lib);
        assert_eq!(
            out,
            "const A: [u8; 2] = [1, 2];\nconst B: S = S { x: 1 };\nstruct T(u8);\nfn f() -> [u8; 1] { [0] }\n"
        );
    }
}
