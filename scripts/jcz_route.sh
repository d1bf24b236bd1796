#!/usr/bin/env bash
# Times the witness route over a fast third-party oracle, the `sudoku` crate (a
# JCZSolve port), on puzzle files: the reference the kit's worst-case work is measured
# against. Builds scripts/jcz_route.rs as its own crate under target/ (the kit stays
# std-only; this needs crates.io). Each puzzle's best of RUNS (default 20).
# Usage: scripts/jcz_route.sh FILE...
set -euo pipefail
cd "$(dirname "$0")/.."
dir=target/jcz-route
mkdir -p "$dir/src"
cat > "$dir/Cargo.toml" <<'TOML'
[package]
name = "jcz-route"
version = "0.1.0"
edition = "2021"

[dependencies]
sudoku = "=0.8.0"

[workspace]
TOML
cp scripts/jcz_route.rs "$dir/src/main.rs"
cargo build --quiet --release --manifest-path "$dir/Cargo.toml"
"$dir/target/release/jcz-route" "$@"
