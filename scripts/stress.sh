#!/usr/bin/env bash
# Stress test: N puzzles from `sudoku gen --mix` (unique, several-solution and unsolvable,
# half relabelled against the search order), each solved and counted (up to 10) by the fast
# solver and by the plain reference search. Stops at the first disagreement, printing the
# puzzle (exit 1); else prints a one-line summary (exit 0).
# usage: scripts/stress.sh [N] [SEED]   (default: 1000 puzzles, seed from the clock)
set -euo pipefail
n=${1:-1000}
seed=${2:-$(date +%s)}
if ! [[ $n =~ ^[0-9]+$ && $seed =~ ^[0-9]+$ ]]; then
    echo "usage: scripts/stress.sh [N] [SEED]" >&2
    exit 2
fi
cd "$(dirname "$0")/.."
cargo build --release --quiet --bin sudoku
bin=target/release/sudoku
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
puzzles=$tmp/puzzles
"$bin" gen --mix --count "$n" --seed "$seed" >"$puzzles"

# One line per puzzle: puzzle, fast and plain answers, fast and plain counts. The solvers
# stream, so awk stopping at a disagreement stops them too.
paste -d' ' "$puzzles" \
    <("$bin" solve <"$puzzles") <("$bin" solve --plain <"$puzzles") \
    <("$bin" solve --count --limit 10 <"$puzzles") \
    <("$bin" solve --count --limit 10 --plain <"$puzzles") |
    awk -v seed="$seed" '
        $2 != $3 || $4 != $5 {
            printf "disagreement on puzzle %d (seed %s):\n%s\n", NR, seed, $1
            printf "  fast:  %s, %s solutions\n  plain: %s, %s solutions\n", $2, $4, $3, $5
            bad = 1
            exit 1
        }
        { kind[$5 == "0" ? "none" : $5 == "1" ? "unique" : "several"]++ }
        END {
            if (bad) exit 1
            printf "stress: %d puzzles, seed %s (%d unique, %d several, %d none): fast and plain agree\n",
                NR, seed, kind["unique"], kind["several"], kind["none"]
        }'
