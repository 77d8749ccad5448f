#!/usr/bin/env bash
# The gauntlet of both runs of run.sh: every 5th checkpoint and the last, MCTS at 100
# simulations, against alphabeta:depth=1..6, 8 games per pairing and side, 2 random opening
# plies, seed 7 (the protocol of ../2026-12-05-strength-per-cpu-hour, depth 6 added). Then the
# plots (plot.sh).
set -euo pipefail
cd "$(dirname "$0")/../.."
musashi=${MUSASHI:-target/release/musashi}
for arm in mlp graph; do
  "$musashi" rank --run "runs/pure-$arm" --every 5 --sims 100 --baselines alphabeta:1..6 --games 8 --seed 7 \
    --threads 2 --out "runs/pure-$arm/ranking"
done
