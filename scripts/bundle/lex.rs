//! Just enough of Rust's lexer for bundling: tokens that concatenate back to the source, so
//! comments can be dropped and spaces squeezed without touching string or char literals.

/// What a token is, as far as joining tokens goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Spaces, tabs and line ends.
    Space,
    Comment,
    /// An identifier, keyword or number.
    Word,
    /// A string, byte string, raw string, char or byte literal.
    Literal,
    Lifetime,
    /// An operator or delimiter, multi-character ones (`::`, `->`, `..=`) whole.
    Punct,
}

/// One token: its kind and its text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Token<'a> {
    pub kind: Kind,
    pub text: &'a str,
}

/// Operators of more than one character, longest first (`<-` is no operator, but old
/// parsers stumble on it).
const OPERATORS: [&str; 27] = [
    "<<=", ">>=", "...", "..=", "::", "->", "=>", "==", "!=", "<=", ">=", "&&", "||", "+=", "-=",
    "*=", "/=", "%=", "^=", "&=", "|=", "<<", ">>", "..", "//", "/*", "<-",
];

fn word_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_' || b >= 0x80
}

/// The tokens of `src`, in order; their texts concatenate back to `src`.
pub fn tokens(src: &str) -> Vec<Token<'_>> {
    let mut out = Vec::new();
    let mut rest = src;
    while !rest.is_empty() {
        let (kind, len) = next_token(rest.as_bytes());
        out.push(Token {
            kind,
            text: &rest[..len],
        });
        rest = &rest[len..];
    }
    out
}

/// The kind and byte length of the token `s` starts with.
fn next_token(s: &[u8]) -> (Kind, usize) {
    let at = |i: usize| s.get(i).copied().unwrap_or(0);
    let run =
        |from: usize, f: fn(u8) -> bool| from + s[from..].iter().take_while(|&&b| f(b)).count();
    match s[0] {
        b' ' | b'\t' | b'\n' | b'\r' => (Kind::Space, run(0, |b| b" \t\n\r".contains(&b))),
        b'/' if at(1) == b'/' => (Kind::Comment, run(0, |b| b != b'\n')),
        b'/' if at(1) == b'*' => (Kind::Comment, block_comment(s)),
        b'"' => (Kind::Literal, quoted(s, 0, b'"')),
        b'\'' if at(1) == b'\\' || (at(1) != 0 && char_end(s, 1) == Some(b'\'')) => {
            (Kind::Literal, quoted(s, 0, b'\''))
        }
        b'\'' => (Kind::Lifetime, run(1, word_byte)),
        b'b' if at(1) == b'"' || at(1) == b'\'' => (Kind::Literal, quoted(s, 1, at(1))),
        b'r' | b'b' if raw_string(s).is_some() => (Kind::Literal, raw_string(s).unwrap_or(1)),
        b'0'..=b'9' => {
            let mut end = run(0, word_byte);
            // A fraction, but not a range (`1..9`) or a method call (`1.max(2)`).
            if at(end) == b'.' && at(end + 1).is_ascii_digit() {
                end = run(end + 1, word_byte);
            }
            (Kind::Word, end)
        }
        b if word_byte(b) => (Kind::Word, run(0, word_byte)),
        _ => {
            let op = OPERATORS.iter().find(|op| s.starts_with(op.as_bytes()));
            (Kind::Punct, op.map_or(1, |op| op.len()))
        }
    }
}

/// The byte after the UTF-8 character at `i`.
fn char_end(s: &[u8], i: usize) -> Option<u8> {
    let len = match s[i] {
        b if b < 0x80 => 1,
        b if b >= 0xf0 => 4,
        b if b >= 0xe0 => 3,
        _ => 2,
    };
    s.get(i + len).copied()
}

/// The length of a literal whose opening `quote` is at `open`, up to its closing quote.
fn quoted(s: &[u8], open: usize, quote: u8) -> usize {
    let mut i = open + 1;
    while i < s.len() && s[i] != quote {
        i += if s[i] == b'\\' { 2 } else { 1 };
    }
    (i + 1).min(s.len())
}

/// The length of a raw string `r"..."`, `r#"..."#`, `br"..."`, if `s` starts with one.
fn raw_string(s: &[u8]) -> Option<usize> {
    let start = if s.starts_with(b"br") { 2 } else { 1 };
    let hashes = s[start..].iter().take_while(|&&b| b == b'#').count();
    if s.get(start + hashes) != Some(&b'"') {
        return None;
    }
    let mut close = vec![b'"'];
    close.resize(1 + hashes, b'#');
    let body = start + hashes + 1;
    let end = s[body..].windows(close.len()).position(|w| w == &close[..]);
    Some(end.map_or(s.len(), |e| body + e + close.len()))
}

/// The length of a block comment, nested ones included.
fn block_comment(s: &[u8]) -> usize {
    let (mut depth, mut i) = (0, 0);
    while i + 1 < s.len() {
        match &s[i..i + 2] {
            b"/*" => depth += 1,
            b"*/" => depth -= 1,
            _ => {
                i += 1;
                continue;
            }
        }
        i += 2;
        if depth == 0 {
            return i;
        }
    }
    s.len()
}

/// `src` without its comments, keeping the layout but not the lines a comment leaves blank,
/// nor spaces at line ends (string literals are left as they are).
pub fn without_comments(src: &str) -> String {
    let mut out = String::with_capacity(src.len());
    let mut space = String::new();
    for t in tokens(src) {
        match t.kind {
            Kind::Comment => {}
            Kind::Space => space.push_str(t.text),
            _ => {
                match space.rfind('\n') {
                    Some(i) if !out.is_empty() => out.push_str(&space[i..]),
                    Some(i) => out.push_str(&space[i + 1..]),
                    None => out.push_str(&space),
                }
                space.clear();
                out.push_str(t.text);
            }
        }
    }
    out.push('\n');
    out
}

/// `src` as one line without comments and without the spaces no token needs, nor the
/// optional commas before `}` and `]`.
pub fn minify(src: &str) -> String {
    let all = tokens(src);
    let mut out = String::with_capacity(src.len() / 2);
    let (mut prev, mut gap): (Option<&str>, bool) = (None, false);
    for (k, t) in all.iter().enumerate() {
        if t.kind == Kind::Space || t.kind == Kind::Comment {
            gap = true;
            continue;
        }
        let code = |n: &&Token| n.kind != Kind::Space && n.kind != Kind::Comment;
        let next = all[k + 1..].iter().find(code).map(|n| n.text);
        if t.text == "," && (next == Some("}") || next == Some("]")) {
            continue;
        }
        if gap && prev.map_or(false, |p| needs_space(p, t)) {
            out.push(' ');
        }
        out.push_str(t.text);
        prev = Some(t.text);
        gap = false;
    }
    out.push('\n');
    out
}

/// True when token `prev` and token `t`, apart in the source, would read differently
/// joined.
fn needs_space(prev: &str, t: &Token) -> bool {
    let (a, b) = (prev.as_bytes()[prev.len() - 1], t.text.as_bytes()[0]);
    if word_byte(a) {
        // `as u8`, `b "x"`, `r #`; and `x as T < y` would read `T<` as generics.
        return word_byte(b) || b"\"'#<".contains(&b);
    }
    // Two operators that would lex as another one joined: `- >`, `& &`, `/ /`, `. ..`.
    t.kind == Kind::Punct && next_token(format!("{}{}", prev, t.text).as_bytes()).1 != prev.len()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_concatenate_back_and_keep_literals_whole() {
        let src = "let s = r#\"a \"// b\"#; // c\nlet c = '\\''; f::<'a>(b'x', \"/* \\\" */\", 1..=9, 1.5);";
        let toks = tokens(src);
        assert_eq!(toks.iter().map(|t| t.text).collect::<String>(), src);
        let texts = |k| {
            toks.iter()
                .filter(|t| t.kind == k)
                .map(|t| t.text)
                .collect::<Vec<_>>()
        };
        assert_eq!(
            texts(Kind::Literal),
            ["r#\"a \"// b\"#", "'\\''", "b'x'", "\"/* \\\" */\""]
        );
        assert_eq!(texts(Kind::Comment), ["// c"]);
        assert_eq!(texts(Kind::Lifetime), ["'a"]);
        assert!(texts(Kind::Punct).contains(&"..="));
        assert!(texts(Kind::Word).contains(&"1.5"));
    }

    #[test]
    fn minify_keeps_only_the_spaces_tokens_need() {
        let src = "/// doc\npub fn f<'a>(x: &'a [u8], n: usize) -> bool {\n    // note\n    \
                   let v = [1, 2,];\n    x.len() as usize < n && - -1 < 0 && !& &true || v == [1, 2]\n}\n";
        assert_eq!(
            minify(src),
            "pub fn f<'a>(x:&'a[u8],n:usize)->bool{let v=[1,2];x.len()as usize <n&&--1 <0&&!& &true||v==[1,2]}\n"
        );
        assert_eq!(
            without_comments("a(); // x\n// y\n\"// z\";\n"),
            "a();\n\"// z\";\n"
        );
    }
}
