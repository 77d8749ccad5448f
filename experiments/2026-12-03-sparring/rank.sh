#!/usr/bin/env bash
# Strength against wall time: every 5th checkpoint of each arm (100 simulations) in a gauntlet
# against alpha-beta depths 1-5 (depth 1 the anchor), 8 games per pairing and side, seed 7; then
# the plot of Elo against the wall time at which each generation ended.
# Usage: rank.sh ARM...
set -euo pipefail
cd "$(dirname "$0")/../.."
here=experiments/2026-12-03-sparring
args=()
for arm in "$@"; do
  target/release/musashi rank --run "runs/classic-$arm" --every 5 --sims 100 --baselines alphabeta:1..5 \
    --games 8 --seed 7 --out "runs/classic-$arm/ranking" > /dev/null
  cp "runs/classic-$arm/ranking/ranking.csv" "$here/ranking-$arm.csv"
  cp "runs/classic-$arm/ranking/ranking.md" "$here/ranking-$arm.md"
  args+=("$arm" "runs/classic-$arm" "$here/ranking-$arm.csv")
done
for c in elo elo_as_general elo_as_soldiers; do
  COLUMN=$c python3 "$here/plot.py" "$here/$c-against-wall-time.svg" "${args[@]}"
done
