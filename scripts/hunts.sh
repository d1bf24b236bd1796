#!/usr/bin/env bash
# Runs `sudoku hunt` in every mode and size, each seed for M minutes, one after another (one
# core), and prints a Markdown row per mode: the puzzles costed, the finds (`--top 10` a seed),
# the target's mean and worst time over the finds (best of five each, in process), the count
# to 2's time on the worst find (the reference: an any-order search) and the finds without a
# solution. Each seed's finds are kept in target/hunts/ (MODE-SEED.txt) for cases and benches.
# Usage: scripts/hunts.sh [--minutes M] [--seeds "1 2 3"] [--only TEXT]
#   --only keeps the modes whose flags contain TEXT (e.g. `--size 25`).
set -euo pipefail
cd "$(dirname "$0")/.."
minutes=10
seeds="1 2 3"
only=""
while [ $# -gt 0 ]; do
    case $1 in
        --minutes) minutes=$2; shift 2 ;;
        --seeds) seeds=$2; shift 2 ;;
        --only) only=$2; shift 2 ;;
        *) echo "usage: scripts/hunts.sh [--minutes M] [--seeds \"1 2 3\"] [--only TEXT]" >&2; exit 2 ;;
    esac
done
modes=(
    "--size 9 --mode grid"
    "--size 9 --mode grid --givens 0-80"
    "--size 9 --mode free --givens 0-80"
    "--size 9 --mode free --givens 0-80 --none"
    "--size 9 --mode free --givens 0-80 --target counting"
    "--size 9 --mode free --givens 0-80 --target basic"
    "--size 16 --mode grid"
    "--size 16 --mode free"
    "--size 25 --mode grid"
    "--size 25 --mode free"
)
cargo build --release --quiet --bin sudoku
mkdir -p target/hunts
echo "| hunt | puzzles costed | finds | target mean / worst | count to 2 on the worst | without a solution |"
echo "|---|---:|---:|---:|---:|---:|"
for m in "${modes[@]}"; do
    [[ "$m" == *"$only"* ]] || continue
    name=$(echo "$m" | sed 's/--//g; s/ /-/g')
    costed=0
    : > "target/hunts/$name.txt"
    for s in $seeds; do
        # shellcheck disable=SC2086 # the mode's flags are words
        target/release/sudoku hunt $m --seed "$s" --minutes "$minutes" --top 10 \
            > "target/hunts/$name-$s.txt" 2> "target/hunts/$name-$s.err"
        costed=$((costed + $(awk '{ print $1 }' "target/hunts/$name-$s.err")))
        cat "target/hunts/$name-$s.txt" >> "target/hunts/$name.txt"
    done
    # A find's last four words: cost, target us, count-to-2 us, count (0, 1, 2).
    awk -v m="$m" -v c="$costed" '{ t = $(NF - 2); s += t; n++; if (t > w) { w = t; r = $(NF - 1) }
            if ($NF == 0) z++ }
        END { printf "| `%s` | %d | %d | %.0f us / %.0f us | %.0f us | %d |\n", m, c, n, s / n, w, r, z }' \
        "target/hunts/$name.txt"
done
