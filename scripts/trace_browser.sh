#!/usr/bin/env bash
# The `sudoku trace --html` page in a real browser (headless Chromium; .ci/run installs
# Debian's `chromium`). For a 4x4, a 9x9, a 16x16 (numbers, letters) and a 25x25 puzzle, a
# puzzle with no solution and a cut trace, the page's `#selftest` steps to the end one step
# at a time, back to the start, jumps with the slider and the keyboard, plays, and writes
# what its DOM showed; this script checks that against `sudoku solve --plain` and
# `sudoku trace --lines`, and that the page fetched nothing. Screenshots:
# target/trace-browser/*.png.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v chromium >/dev/null || { echo "trace_browser: chromium is not installed" >&2; exit 1; }
cargo build -q --release --bin sudoku
sudoku=target/release/sudoku
dir=target/trace-browser
rm -rf "$dir"
mkdir -p "$dir"
profile=$(mktemp -d)
trap 'rm -rf "$profile"' EXIT
chrome() {
    chromium --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
        --disable-background-networking --disable-component-update --disable-sync \
        --hide-scrollbars --user-data-dir="$profile" "$@" 2>/dev/null
}
# An answer as one cell a line: numbers if its rows are spaced, else one character a cell.
cells() {
    if grep -q ' '; then tr -s ' \n' '\n\n'; else tr -d '\n' | fold -w1; fi | grep -v '^$' || true
}
failed=0
fail() {
    echo "FAIL $name: $*"
    failed=1
    bad=1
}

# check NAME PUZZLE-FILE [trace --html options]
check() {
    name=$1
    bad=0
    local puzzle=$2 page="$dir/$1.html"
    shift 2
    "$sudoku" trace --html "$@" <"$puzzle" >"$page"
    local steps answer dom
    steps=$("$sudoku" trace --lines <"$puzzle" | grep -cE '^(place|back) ' || true)
    answer=$("$sudoku" solve --plain <"$puzzle")
    dom=$(chrome --virtual-time-budget=30000 --dump-dom "file://$PWD/$page#selftest" |
        sed -n '/<pre id="selftest">/,/<\/pre>/p' | sed 's/<[^>]*>//g')
    [ -n "$dom" ] || { fail "no self-test output"; return; }
    line() { printf '%s\n' "$dom" | sed -n "s/^$1 //p" | tr -d ,; }
    local kept=$steps verdict="smallest solution" shown
    [ "$answer" = none ] && verdict="no solution"
    if [ "$#" -gt 0 ]; then # --max-steps N: a cut trace
        kept=$2
        [ "$(line cut)" != no ] || fail "no word of the cut"
        line cut | grep -q " $steps the search took in all" || fail "cut: $(line cut)"
        verdict="trace cut here; the search ends in: $verdict"
        shown=$(line answer | cells)
    else
        [ "$(line cut)" = no ] || fail "cut: $(line cut)"
        shown=$(line end | cells)
    fi
    [ "$(line counter)" = "$kept of $kept" ] || fail "counter '$(line counter)', trace --lines: $kept"
    [ "$(line result)" = "$verdict" ] || fail "result '$(line result)'"
    if [ "$answer" != none ]; then
        [ "$shown" = "$(printf '%s\n' "$answer" | cells)" ] || fail "the page's answer is not solve --plain's"
    fi
    [ "$(line back)" = ok ] || fail "step back: $(line back)"
    [ "$(line jump)" = ok ] || fail "slider and keys: $(line jump)"
    [ "$(line play)" = ok ] || fail "play: $(line play)"
    [ "$(line resources)" = 0 ] || fail "$(line resources) network requests"
    chrome --window-size=540,820 --virtual-time-budget=5000 \
        --screenshot="$PWD/$dir/$name.png" "file://$PWD/$page#$((kept / 3))" >/dev/null
    [ -s "$dir/$name.png" ] || fail "no screenshot"
    [ "$bad" = 1 ] || echo "$name: $kept of $steps steps, $(wc -c <"$page") bytes, $(line result); play, step back, slider, keys ok; 0 requests"
}

"$sudoku" gen --size 4 --unique --seed 7 >"$dir/4x4.in"
"$sudoku" gen --size 16 --clues 160 --seed 7 >"$dir/16x16.in"
"$sudoku" gen --size 16 --clues 160 --seed 7 --letters >"$dir/16x16-letters.in"
"$sudoku" gen --size 25 --clues 480 --seed 7 >"$dir/25x25.in"
# Row 1 is 1 2 _ _ and column 3 holds 3 and 4 below: its first blank takes nothing.
printf '1 2 0 0\n0 0 3 0\n0 0 4 0\n0 0 0 0\n' >"$dir/none.in"
check 4x4 "$dir/4x4.in"
check 9x9 cases/boj2239/sample-1.in
check 16x16 "$dir/16x16.in"
check 16x16-letters "$dir/16x16-letters.in"
check 25x25 "$dir/25x25.in"
check none "$dir/none.in"
check cut cases/boj2239/sample-1.in --max-steps 100
[ "$failed" = 0 ] || exit 1
echo "trace_browser: all pages pass in $(chromium --version 2>/dev/null)"
