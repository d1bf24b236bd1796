#!/usr/bin/env bash
# Times the witness route over a fast third-party oracle, the `sudoku` crate (a
# JCZSolve port), on puzzle files: the reference the kit's worst-case work is measured
# against. With --beside, times the kit beside the crate's own first solution instead
# (scripts/beside_crate.rs). Builds both as their own crate under target/ (the kit stays
# std-only; this needs crates.io), with the kit's release profile. Each puzzle's best of
# RUNS (default 20; 3 with --beside).
# Usage: scripts/jcz_route.sh [--beside] FILE...
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
sudoku-kit = { path = "../.." }

[profile.release]
lto = "fat"
codegen-units = 1
panic = "abort"

[workspace]
TOML
mkdir -p "$dir/src/bin"
cp scripts/jcz_route.rs "$dir/src/bin/route.rs"
cp scripts/beside_crate.rs "$dir/src/bin/beside.rs"
cargo build --quiet --release --manifest-path "$dir/Cargo.toml"
if [ "${1:-}" = --beside ]; then
    shift
    "$dir/target/release/beside" "$@"
else
    "$dir/target/release/route" "$@"
fi
