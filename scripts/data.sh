#!/usr/bin/env bash
# Unpacks the benchmark sets the repository carries, benches/data/NAME.gz, into
# target/data/NAME (once; again only when the .gz is newer). Prints nothing.
# Usage: scripts/data.sh
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p target/data
for gz in benches/data/*.gz; do
    out=target/data/$(basename "$gz" .gz)
    if [ ! "$out" -nt "$gz" ]; then
        gzip -dc "$gz" > "$out.part"
        mv "$out.part" "$out"
    fi
done
