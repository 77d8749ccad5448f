#!/usr/bin/env bash
# Issue 14, item 1 with the whole 33-point game solved: configs/classic.toml (40 generations,
# at most 15 minutes) with the classic tables of every even level up to 16 soldiers as exact value
# and policy targets for every position they cover (bootstrap.tablebase, tablebase_policy),
# judged like the earlier classic arms (experiments/2026-12-01-classic-moves-left/judge.sh).
# Usage: arm.sh TABLE_DIR
set -euo pipefail
cd "$(dirname "$0")/../.."
here=experiments/2026-12-04-classic-full-tables
dir=runs/classic-full-tables
rm -rf "$dir"; mkdir -p runs
start=$SECONDS
target/release/musashi train --config configs/classic.toml --out "$dir" --set run.max_minutes=15 \
  --set "bootstrap.tablebase=\"$1\"" --set bootstrap.tablebase_policy=true 2> "$dir.log"
latest=$(cat "$dir/checkpoints/LATEST")
echo "== full tables: $latest after $((SECONDS - start)) s" | tee "$here/arm-output.txt"
cp "$dir/metrics.jsonl" "$here/metrics.jsonl"
experiments/2026-12-01-classic-moves-left/judge.sh "$dir/checkpoints/$latest" | tee "$here/judge.txt"
