#!/usr/bin/env bash
# arm.sh with another training seed (run.seed), to see whether arm.sh's result holds beyond one
# run. Usage: arm-seed.sh TABLE_DIR SEED
set -euo pipefail
cd "$(dirname "$0")/../.."
here=experiments/2026-12-04-classic-full-tables
dir=runs/classic-full-tables-seed$2
rm -rf "$dir"; mkdir -p runs
start=$SECONDS
target/release/musashi train --config configs/classic.toml --out "$dir" --set run.max_minutes=15 \
  --set run.seed="$2" --set "bootstrap.tablebase=\"$1\"" --set bootstrap.tablebase_policy=true 2> "$dir.log"
latest=$(cat "$dir/checkpoints/LATEST")
echo "== full tables, seed $2: $latest after $((SECONDS - start)) s" | tee "$here/arm-output-seed$2.txt"
cp "$dir/metrics.jsonl" "$here/metrics-seed$2.jsonl"
experiments/2026-12-01-classic-moves-left/judge.sh "$dir/checkpoints/$latest" | tee "$here/judge-seed$2.txt"
