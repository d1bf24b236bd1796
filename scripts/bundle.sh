#!/usr/bin/env bash
# Prints one self-contained .rs file for src/bin/BIN.rs: the bin's source, then
# `mod sudoku_kit { pub mod grid { ... } ... }` holding the library modules it needs (the
# bin's `sudoku_kit::X` paths and, transitively, each module's `super::Y` paths), without
# their `#[cfg(test)] mod tests`. Items the bin never reaches are then deleted, as rustc's
# dead-code and unused-import warnings point them out, until the bundle compiles clean.
#
#   scripts/bundle.sh [--strip] BIN > submit.rs
#
# --strip drops comments and every space no token needs; it is applied on its own when the
# plain bundle is over the judge's source limit (see `limit`). Needs bash, sed, awk, grep
# and a recent rustc (`$RUSTC`, default `rustc`; 1.63 does not flag unused `pub use`, so it
# cannot prune; bundles pruned by the main rustc are tested to build on 1.63).
set -euo pipefail
cd "$(dirname "$0")/.."
RUSTC=${RUSTC:-rustc}

die() { echo "bundle.sh: $*" >&2; exit 2; }

# The judge's source-size limit in bytes for a bin.
limit() {
    case $1 in
    spoj_easudoku) echo 5000 ;;
    *) echo 65536 ;;
    esac
}

strip=0
if [ "${1:-}" = --strip ]; then strip=1; shift; fi
[ $# -eq 1 ] || die "usage: scripts/bundle.sh [--strip] BIN"
bin=$1
[ -f "src/bin/$bin.rs" ] || die "no src/bin/$bin.rs"

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# Source without comments (also trailing `// ...` after code, unless inside a string).
no_comments() {
    sed -e '/^[[:space:]]*\/\//d' -e '/^[^"]*\("[^"]*"[^"]*\)*[[:space:]]\/\/.*$/s/[[:space:]]*\/\/[^"]*$//' "$@"
}

# Names that follow `PREFIX` in a file, also inside `PREFIX{a, b::c}` groups (first segments).
names_after() {
    no_comments "$2" | tr '\n' ' ' |
        { grep -oE "$1(\\{[^;]*|[a-z_][a-z0-9_]*)" || true; } |
        sed -E "s/^$1//; s/[{}]/,/g" | tr ',' '\n' |
        sed -nE 's/^[[:space:]]*([a-z_][a-z0-9_]*).*/\1/p'
}

# The visibility lib.rs gives module `m` ("pub " or ""); fails on anything lib.rs holds but
# module declarations and comments.
declare -A vis
while IFS= read -r line; do
    if [[ $line =~ ^(pub\ )?mod\ ([a-z_][a-z0-9_]*)\;$ ]]; then
        vis[${BASH_REMATCH[2]}]=${BASH_REMATCH[1]}
    elif [[ -n $line && ! $line =~ ^// ]]; then
        die "src/lib.rs: only \`pub mod x;\` lines and comments can be bundled, found: $line"
    fi
done < src/lib.rs

# The module closure, in lib.rs order (what unit tests use does not count).
declare -A need
todo=$(names_after 'sudoku_kit::' "src/bin/$bin.rs")
while [ -n "$todo" ]; do
    next=
    for m in $todo; do
        [ -n "${vis[$m]+x}" ] && [ -z "${need[$m]+x}" ] || continue
        need[$m]=1
        next="$next $(names_after 'super::(super::)*' <(awk '/^#\[cfg\(test\)\]/ { exit } { print }' "src/$m.rs"))"
    done
    todo=$next
done

# A module file without its test module, checked against the bundling rules; nested
# `mod x;` declarations are inlined from src/<module>/x.rs.
module_body() {
    local file=$1 dir=${1%.rs}
    no_comments "$file" | grep 'crate::\|#\[macro_export\]\|^[[:space:]]*#!\[' | sed "s|^|$file: |" | grep . >&2 &&
        die "$file: breaks a bundling rule (no crate::, #[macro_export], #![...])"
    local cut
    cut=$(awk '/#\[cfg\(test\)\]/ { print NR; exit }' "$file")
    if [ -n "$cut" ]; then
        sed -n "$((cut + 1))p" "$file" | grep -q '^mod tests {$' && [ "$(tail -n 1 "$file")" = "}" ] ||
            die "$file: #[cfg(test)] must only open \`mod tests {\` at the end of the file"
        [ "$(grep -c '#\[cfg(test)\]' "$file")" = 1 ] || die "$file: more than one #[cfg(test)]"
    fi
    head -n "$((${cut:-0} ? cut - 1 : $(wc -l < "$file")))" "$file" | while IFS= read -r line; do
        if [[ $line =~ ^(pub(\(super\))?\ )?mod\ ([a-z_][a-z0-9_]*)\;$ ]]; then
            echo "${line%;} {"
            module_body "$dir/${BASH_REMATCH[3]}.rs"
            echo "}"
        else
            printf '%s\n' "$line"
        fi
    done
}

{
    # Crate-root items need no `pub` in a submission; without it rustc sees what is unused.
    sed -E 's/^pub (fn|struct|enum|const|static|type|use|mod) /\1 /' "src/bin/$bin.rs"
    echo
    echo "mod sudoku_kit {"
    for m in $(sed -nE 's/^(pub )?mod ([a-z_0-9]+);$/\2/p' src/lib.rs); do
        [ -n "${need[$m]+x}" ] || continue
        echo "${vis[$m]}mod $m {"
        module_body "src/$m.rs"
        echo "}"
    done
    echo "}"
} > "$tmp/full.rs"

# Joins `use` statements rustfmt split over lines, so an unused name is a one-line edit.
awk '/^ *(pub )?use .*\{$/ { u = $0; while ($0 !~ /;$/ && (getline) > 0) { sub(/^ */, ""); u = u $0 }
     gsub(/,}/, "}", u); gsub(/,/, ", ", u); gsub(/,  /, ", ", u); print u; next } { print }' \
    "$tmp/full.rs" > "$tmp/b.rs"

# Deletes what rustc reports as unused, round after round, until nothing is left to delete.
prune() {
    local round
    for round in $(seq 1 60); do
        "$RUSTC" --edition 2021 --crate-type bin --emit=metadata -o "$tmp/b.rmeta" \
            --error-format=json "$tmp/b.rs" 2> "$tmp/diag" || {
            sed -n 's/.*"rendered":"\(.*\)"}$/\1/p' "$tmp/diag" | sed 's/\\n/\n/g; s/\\"/"/g' >&2
            cp "$tmp/b.rs" "${TMPDIR:-/tmp}/bundle-$bin-failed.rs"
            die "the bundle does not compile: ${TMPDIR:-/tmp}/bundle-$bin-failed.rs"
        }
        # One line per place to edit: KIND BYTE_START BYTE_END LINE.
        sed -n '/"level":"warning"/{/"code":"\(dead_code\|unused_imports\)"/p}' "$tmp/diag" |
            while IFS= read -r d; do
                msg=$(sed 's/^{\("\$message_type":"diagnostic",\)\{0,1\}"message":"\([^"]*\)".*/\2/' <<< "$d")
                case $msg in
                unused\ import*) kind=import ;;
                variant*) kind=variant ;;
                field*) continue ;;
                *) kind=item ;;
                esac
                sed 's/"children":.*//' <<< "$d" |
                    grep -oE '"byte_start":[0-9]+,"byte_end":[0-9]+,"line_start":[0-9]+,"line_end":[0-9]+,"column_start":[0-9]+,"column_end":[0-9]+,"is_primary":true' |
                    sed -E "s/\"byte_start\":([0-9]+),\"byte_end\":([0-9]+),\"line_start\":([0-9]+).*/$kind \\1 \\2 \\3/"
            done > "$tmp/edits"
        [ -s "$tmp/edits" ] || return 0
        LC_ALL=C awk -f scripts/prune.awk "$tmp/edits" "$tmp/b.rs" > "$tmp/next.rs"
        cmp -s "$tmp/b.rs" "$tmp/next.rs" && return 0
        mv "$tmp/next.rs" "$tmp/b.rs"
    done
}

# Drops the derives nothing uses, one trait at a time, keeping each removal that still compiles.
# Last derive and last trait first: `Copy` needs `Clone`, `Eq` needs `PartialEq`, and a type's
# derive needs those of its fields, which come earlier.
trim_derives() {
    local l t traits rest
    for l in $(grep -n '^ *#\[derive(' "$tmp/b.rs" | cut -d: -f1 | tac); do
        traits=$(sed -n "${l}s/.*#\[derive(\(.*\))\].*/\1/p" "$tmp/b.rs" | tr -d ' ')
        for t in $(tr ',' '\n' <<< "$traits" | tac); do
            rest=$({ tr "," "\n" <<< "$traits" | grep -vx "$t" || true; } | paste -sd, | sed "s/,/, /g")
            if [ -n "$rest" ]; then
                sed "${l}s/#\[derive(.*)\]/#[derive($rest)]/" "$tmp/b.rs" > "$tmp/t.rs"
            else
                sed "${l}s/#\[derive(.*)\]//" "$tmp/b.rs" > "$tmp/t.rs"
            fi
            if builds_clean "$tmp/t.rs"; then
                mv "$tmp/t.rs" "$tmp/b.rs"
                traits=$(tr -d ' ' <<< "$rest")
            fi
        done
    done
}

# True when the file compiles without a word from rustc.
builds_clean() {
    "$RUSTC" --edition 2021 --crate-type bin --emit=metadata -o "$tmp/t.rmeta" "$1" > "$tmp/t.out" 2>&1 &&
        [ ! -s "$tmp/t.out" ]
}

# Drops each `pub` (of an item or a field, on its own line) that only its module uses.
trim_pubs() {
    local l
    for l in $(grep -nE '^ *pub (fn|const|static|type|struct|enum|[a-z_]+:) ' "$tmp/b.rs" | cut -d: -f1); do
        sed -E "${l}s/^( *)pub /\1/" "$tmp/b.rs" > "$tmp/t.rs"
        if builds_clean "$tmp/t.rs"; then mv "$tmp/t.rs" "$tmp/b.rs"; fi
    done
}

# --strip: comments out before pruning; after it, one line with only the spaces tokens need.
squeeze() { LC_ALL=C awk -f scripts/minify.awk "$@"; }

if [ $strip = 1 ]; then
    no_comments "$tmp/b.rs" > "$tmp/c.rs" && mv "$tmp/c.rs" "$tmp/b.rs"
fi
prune
[ $strip = 0 ] || { trim_derives; trim_pubs; }
cp "$tmp/b.rs" "$tmp/pruned.rs"
if [ $strip = 1 ]; then
    squeeze "$tmp/pruned.rs" > "$tmp/out.rs"
else
    cat -s "$tmp/pruned.rs" > "$tmp/out.rs"
    if [ "$(wc -c < "$tmp/out.rs")" -gt "$(limit "$bin")" ]; then
        no_comments "$tmp/out.rs" > "$tmp/b.rs"
        prune
        trim_derives
        trim_pubs
        squeeze "$tmp/b.rs" > "$tmp/out.rs"
    fi
fi
cat "$tmp/out.rs"
size=$(wc -c < "$tmp/out.rs")
[ "$size" -le "$(limit "$bin")" ] || die "$bin: $size bytes, over the judge's limit of $(limit "$bin")"
