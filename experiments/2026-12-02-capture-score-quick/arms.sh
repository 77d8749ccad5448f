#!/usr/bin/env bash
# The README's main job (embedded configs/quick.toml) with and without the capture score, three
# seeds each, judged by experiments/2026-12-01-moves-left/judge.sh (40 games per line against
# random and alphabeta:depth=1, each side, 32 simulations). Usage: arms.sh ARM... (SEEDS="1 2 3")
set -euo pipefail
cd "$(dirname "$0")/../.."
for arm in "$@"; do
  case $arm in
    base) sets=() ;;
    score45) sets=(--set train.score_weight=0.45) ;;
    *) echo "unknown arm $arm" >&2; exit 2 ;;
  esac
  for seed in ${SEEDS:-1 2 3}; do
    dir="runs/quick-$arm-seed$seed"
    rm -rf "$dir"; mkdir -p runs
    start=$SECONDS
    target/release/musashi train --out "$dir" --set run.seed="$seed" "${sets[@]}" 2> "$dir.log"
    echo "$arm seed $seed: $((SECONDS - start)) s"
    experiments/2026-12-01-moves-left/judge.sh "$dir"
  done
done
