//! Just enough JSON to read rustc's `--error-format=json` diagnostics, one value a line.

/// A JSON value; numbers are the non-negative integers rustc writes.
#[derive(Clone, Debug, PartialEq)]
pub enum Json {
    Null,
    Bool(bool),
    Num(usize),
    Str(String),
    Arr(Vec<Json>),
    Obj(Vec<(String, Json)>),
}

impl Json {
    /// The value `text` holds, or `None` if it is not one JSON value.
    pub fn parse(text: &str) -> Option<Json> {
        let mut p = Parser {
            s: text.as_bytes(),
            i: 0,
        };
        let v = p.value()?;
        p.space();
        if p.i == p.s.len() {
            Some(v)
        } else {
            None
        }
    }

    /// An object's member.
    pub fn get(&self, key: &str) -> Option<&Json> {
        match self {
            Json::Obj(members) => members.iter().find(|(k, _)| k == key).map(|(_, v)| v),
            _ => None,
        }
    }

    pub fn str(&self) -> Option<&str> {
        match self {
            Json::Str(s) => Some(s),
            _ => None,
        }
    }

    pub fn num(&self) -> Option<usize> {
        match self {
            Json::Num(n) => Some(*n),
            _ => None,
        }
    }

    /// An array's items; nothing for any other value.
    pub fn items(&self) -> &[Json] {
        match self {
            Json::Arr(items) => items,
            _ => &[],
        }
    }
}

struct Parser<'a> {
    s: &'a [u8],
    i: usize,
}

impl Parser<'_> {
    fn space(&mut self) {
        while self.i < self.s.len() && self.s[self.i].is_ascii_whitespace() {
            self.i += 1;
        }
    }

    /// Skips spaces, then `b` if it comes next.
    fn eat(&mut self, b: u8) -> bool {
        self.space();
        let found = self.s.get(self.i) == Some(&b);
        self.i += found as usize;
        found
    }

    fn value(&mut self) -> Option<Json> {
        self.space();
        let rest = &self.s[self.i..];
        for (word, v) in [
            ("null", Json::Null),
            ("true", Json::Bool(true)),
            ("false", Json::Bool(false)),
        ] {
            if rest.starts_with(word.as_bytes()) {
                self.i += word.len();
                return Some(v);
            }
        }
        match *rest.first()? {
            b'"' => self.string().map(Json::Str),
            b'[' => {
                self.i += 1;
                let mut items = Vec::new();
                if !self.eat(b']') {
                    loop {
                        items.push(self.value()?);
                        if self.eat(b']') {
                            break;
                        }
                        if !self.eat(b',') {
                            return None;
                        }
                    }
                }
                Some(Json::Arr(items))
            }
            b'{' => {
                self.i += 1;
                let mut members = Vec::new();
                if !self.eat(b'}') {
                    loop {
                        self.space();
                        let key = self.string()?;
                        if !self.eat(b':') {
                            return None;
                        }
                        members.push((key, self.value()?));
                        if self.eat(b'}') {
                            break;
                        }
                        if !self.eat(b',') {
                            return None;
                        }
                    }
                }
                Some(Json::Obj(members))
            }
            b'0'..=b'9' => {
                let digits = rest.iter().take_while(|b| b.is_ascii_digit()).count();
                self.i += digits;
                std::str::from_utf8(&rest[..digits])
                    .ok()?
                    .parse()
                    .ok()
                    .map(Json::Num)
            }
            _ => None,
        }
    }

    fn string(&mut self) -> Option<String> {
        if self.s.get(self.i) != Some(&b'"') {
            return None;
        }
        self.i += 1;
        let mut out = Vec::new();
        loop {
            let b = *self.s.get(self.i)?;
            self.i += 1;
            match b {
                b'"' => return String::from_utf8(out).ok(),
                b'\\' => {
                    let e = *self.s.get(self.i)?;
                    self.i += 1;
                    let c = match e {
                        b'n' => '\n',
                        b't' => '\t',
                        b'r' => '\r',
                        b'b' => '\u{8}',
                        b'f' => '\u{c}',
                        b'u' => {
                            let hex = std::str::from_utf8(self.s.get(self.i..self.i + 4)?).ok()?;
                            self.i += 4;
                            // A surrogate half (never in rustc's ASCII spans) reads as U+FFFD.
                            char::from_u32(u32::from_str_radix(hex, 16).ok()?).unwrap_or('\u{fffd}')
                        }
                        other => other as char,
                    };
                    out.extend_from_slice(c.encode_utf8(&mut [0; 4]).as_bytes());
                }
                _ => out.push(b),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_a_diagnostic() {
        let d = Json::parse(
            r#"{"message":"unused import: `a\"b`","code":{"code":"unused_imports"},"spans":[{"byte_start":3,"is_primary":true,"x":null,"y":[]}],"u":"\u00e9"}"#,
        )
        .unwrap();
        assert_eq!(
            d.get("message").and_then(Json::str),
            Some("unused import: `a\"b`")
        );
        let code = d.get("code").and_then(|c| c.get("code"));
        assert_eq!(code.and_then(Json::str), Some("unused_imports"));
        let span = &d.get("spans").unwrap().items()[0];
        assert_eq!(span.get("byte_start").and_then(Json::num), Some(3));
        assert_eq!(span.get("is_primary"), Some(&Json::Bool(true)));
        assert_eq!(d.get("u").and_then(Json::str), Some("é"));
        assert_eq!(Json::parse("{\"a\":1"), None);
        assert_eq!(Json::parse("[1, 2] x"), None);
    }
}
