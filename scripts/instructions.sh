#!/usr/bin/env bash
# Counts the instructions the solver spends on each puzzle of each FILE (valgrind's callgrind,
# one solve a puzzle through benches/timing.rs --once): a measure that, unlike time, does not
# drift with the machine's load. Prints per file the mean and the worst, in millions, and the
# worst puzzle's number. --witness or --basic count those searches, as in timing.rs.
# Needs valgrind (apt-get install -y valgrind). Usage: scripts/instructions.sh [--witness|--basic] FILE...
set -euo pipefail
cd "$(dirname "$0")/.."
bin=$(cargo bench --bench timing --no-run 2>&1 | grep -o 'target/release/deps/timing-[0-9a-f]*' | head -1)
flags=()
files=()
for a in "$@"; do
    case $a in
        --*) flags+=("$a") ;;
        *) files+=("$a") ;;
    esac
done
for f in "${files[@]}"; do
    dir=$(mktemp -d)
    valgrind --tool=callgrind --dump-after='*solve_one*' --callgrind-out-file="$dir/out" \
        "$bin" --once "${flags[@]}" "$f" > /dev/null 2>&1
    n=$(find "$dir" -name 'out.*' | wc -l)
    for i in $(seq 1 "$n"); do awk '/^totals/ { print $2 }' "$dir/out.$i"; done |
        awk -v f="$f" '{ s += $1; if ($1 > m) { m = $1; k = NR } }
            END { printf "%s: %d puzzles, mean %.2f, worst %.2f million instructions (puzzle %d)\n", f, NR, s / NR / 1e6, m / 1e6, k }'
    rm -rf "$dir"
done
