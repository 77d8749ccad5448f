#!/usr/bin/env bash
# qdan: the committed config's network (runs/ec-qdan-8), the same config trained on the 8-soldier
# endgame tables (runs/qdan-tb) and the bundle's all-variants network (runs/musashi-net), at 100
# simulations, with alpha-beta at depths 3 and 6 (anchor depth 1); accuracy from the tables.
# Usage: compare.sh GAMES OUT
set -euo pipefail
cd "$(dirname "$0")/../.."
games=$1; out=$2
a="mcts:ckpt=runs/ec-qdan-8/checkpoints/gen-0040,sims=100"
b="mcts:ckpt=runs/qdan-tb/checkpoints/gen-0040,sims=100"
c="mcts:ckpt=runs/musashi-net,sims=100"
target/release/musashi rank --preset qdan --agents "$a,$b,$c" \
  --baselines alphabeta:depth=3,alphabeta:depth=6 --games "$games" --tables tables/qdan-8 \
  --seed 7 --out "$out"
