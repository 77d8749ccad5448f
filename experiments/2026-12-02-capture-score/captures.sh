#!/usr/bin/env bash
# Soldiers the General captures against alpha-beta depth-6 soldiers (the judge's first line,
# the same 40 games), per arm's last checkpoint. Usage: captures.sh ARM...
set -euo pipefail
cd "$(dirname "$0")/../.."
for arm in "$@"; do
  dir="runs/classic-$arm"
  ckpt="$dir/checkpoints/$(cat "$dir/checkpoints/LATEST")"
  target/release/musashi match --general "mcts:ckpt=$ckpt,sims=100" --soldiers alphabeta:depth=6 \
    --games 40 --opening-plies 2 --seed 7 --out "/tmp/captures-$arm.tsv" >/dev/null
  printf '%s: ' "$arm"
  python3 experiments/2026-12-02-capture-score/captures.py "/tmp/captures-$arm.tsv"
done
