#!/usr/bin/env bash
# Times the solver on puzzle files (one 81-character puzzle a line, `.` or `0` blank).
# Per file: puzzles, total time, us/puzzle, the slowest puzzle, both in-process (per-puzzle
# timings; every answer checked: a valid completion keeping the givens, and equal to NAME.lex
# when that sits beside NAME.txt) and through the boj7681 bin as a whole process (I/O
# included). Without FILE: every set in benches/data, unpacked into target/data.
# Usage: scripts/bench.sh [FILE...]
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/data.sh
[ $# -gt 0 ] || set -- target/data/*.txt
cargo build --release --quiet --bin boj7681
cargo bench --quiet --bench timing --no-run 2>/dev/null
for f in "$@"; do
    [ -f "$f" ] || { echo "$f: no such file" >&2; exit 2; }
done
cargo bench --quiet --bench timing -- "$@"
for f in "$@"; do
    n=$(grep -c . "$f" || true)
    start=$(date +%s%N)
    target/release/boj7681 < "$f" > /dev/null
    end=$(date +%s%N)
    awk -v f="$f" -v n="$n" -v ns="$((end - start))" \
        'BEGIN { printf "%s: boj7681 whole process, %d puzzles, %.3f s, %.2f us/puzzle\n", f, n, ns / 1e9, ns / 1e3 / (n ? n : 1) }'
done
