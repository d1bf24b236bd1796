# Used by bundle.sh --strip: joins a comment-free Rust file into one line and drops the
# spaces no token needs (outside string and char literals): a space goes when it touches
# punctuation, unless it sits between two characters that would merge into another token
# (`- >`, `& &`, ...) or before a `<` that follows a word (`x as T<y` would read as generics).
function minify(s,   out) {
    out = ""
    while (match(s, /"(\\.|[^"\\])*"|'(\\.|[^'\\])'/)) {
        out = out squeeze(substr(s, 1, RSTART - 1)) substr(s, RSTART, RLENGTH)
        s = substr(s, RSTART + RLENGTH)
    }
    return out squeeze(s)
}
function squeeze(s,   r, i, c, a, b) {
    r = ""
    for (i = 1; i <= length(s); i++) {
        c = substr(s, i, 1)
        if (c == " ") {
            a = substr(r, length(r), 1); b = substr(s, i + 1, 1)
            if (b == " ") continue
            if ((is_p(a) || is_p(b) || index("<>", a) || index("<>", b)) && !(b == "<" && a ~ /[A-Za-z0-9_]/) &&
                !index(" :: -> => == != <= >= && || += -= *= /= %= ^= &= |= .. // /* */ ", " " a b " "))
                continue
        }
        # A trailing comma before `}` or `]` is optional (not before `)`: a 1-tuple needs it).
        if (index("}]", c) && substr(r, length(r), 1) == ",") r = substr(r, 1, length(r) - 1)
        r = r c
    }
    return r
}
function is_p(c) { return c != "" && index("{}()[],;:=+*/%^&|!?.-@", c) }
{ sub(/^[ \t]+/, ""); line = line (NR > 1 ? " " : "") $0 }
END { print minify(line) }
