#!/usr/bin/env bash
# Issue 14, "ship it": the classic network the bundle's classic levels come from. configs/classic.toml
# as committed (40 generations, the whole game's tables as value, distance and policy targets),
# seed 1, with tables/classic solved by the command in its header.
set -euo pipefail
cd "$(dirname "$0")/../.."
here=experiments/2026-12-05-classic-bundle
dir=runs/classic-tables
rm -rf "$dir"; mkdir -p runs
/usr/bin/time -f "train: %e s, %M KiB" target/release/musashi train --config configs/classic.toml --out "$dir" \
  2> "$dir.log"
tail -1 "$dir.log" > "$here/train-time.txt"
cp "$dir/metrics.jsonl" "$here/metrics.jsonl"
cp "$dir/config.resolved.toml" "$here/config.resolved.toml"
