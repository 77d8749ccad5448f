#!/usr/bin/env bash
# In-loop evaluation's share of configs/classic.toml (as committed apart from eval.every), one
# run per cadence, one at a time: runs/cc-every-N, metrics-N.jsonl and the share in shares.txt.
# Needs the whole game's tables (configs/classic.toml's header):
#   musashi solve --preset classic --levels even --max-soldiers 16 --out tables/classic
# Usage: runs.sh N...
set -euo pipefail
cd "$(dirname "$0")/../.."
here=experiments/2026-12-05-classic-eval-cadence
for n in "$@"; do
  dir=runs/cc-every-$n
  # A run folder is kept, not replaced: remove it to run the cadence again.
  [ -e "$dir" ] && { echo "$dir exists" >&2; exit 2; }
  mkdir -p runs
  start=$SECONDS
  target/release/musashi train --config configs/classic.toml --out "$dir" --set eval.every=$n 2> "$dir.log"
  echo "every $n: $((SECONDS - start)) s wall, last checkpoint $(cat "$dir/checkpoints/LATEST")" >> "$here/shares.txt"
  cp "$dir/metrics.jsonl" "$here/metrics-$n.jsonl"
  python3 experiments/2026-12-05-eval-cadence/eval_share.py "$here/metrics-$n.jsonl" | tee -a "$here/shares.txt"
  sha256sum "$dir/checkpoints/gen-0040/weights.safetensors" | tee -a "$here/shares.txt"
done
