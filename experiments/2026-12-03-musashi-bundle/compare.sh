#!/usr/bin/env bash
# One network for every version against the four specialists: per version, a round robin of the
# all-variants network (generation 160) and that version's specialist (generation 40), both at
# 100 simulations, with alpha-beta depths 3 and 6 as baselines (anchor depth 1), both sides,
# GAMES games per pairing and side, perfect-play accuracy from the version's tables (up to 8
# soldiers on 33 points, the whole 25-point game). Run from the repository root.
# Usage: [VERSIONS="classic qdan"] experiments/2026-12-03-musashi-bundle/compare.sh [GAMES]
set -euo pipefail
m=target/release/musashi
here=experiments/2026-12-03-musashi-bundle
games=${1:-16}
for v in ${VERSIONS:-classic no-setchin soldiers-first qdan}; do
  [ -e "runs/spec-$v/DONE" ] || { echo "$v: no finished specialist (runs/spec-$v)"; continue; }
  agents="mcts:ckpt=runs/all-variants/checkpoints/gen-0160,sims=100,mcts:ckpt=runs/spec-$v/checkpoints/gen-0040,sims=100"
  $m rank --preset "$v" --agents "$agents" --baselines alphabeta:depth=3,alphabeta:depth=6 \
    --games "$games" --tables "tables/$v" --out "$here/rank-$v"
done
