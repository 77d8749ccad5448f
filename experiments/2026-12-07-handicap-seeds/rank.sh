#!/usr/bin/env bash
# The gauntlet of each seed of run.sh, the protocol of
# ../2026-12-06-pure-selfplay-fallible-soldiers/rank.sh: every 5th checkpoint and the last, MCTS
# at 100 simulations, against alphabeta:depth=1..6 and the table-trained classic network that the
# `musashi` bundle ships (unbundled into runs/classic-tables-net), 8 games per pairing and side,
# 2 random opening plies, seed 7. PREFIX (runs/pure-handicap-s) and SEEDS (2 3) name the runs.
set -euo pipefail
cd "$(dirname "$0")/../.."
musashi=${MUSASHI:-target/release/musashi}
[ -d runs/classic-tables-net ] ||
  "$musashi" unbundle export/musashi --out runs/classic-tables-net --weights net-7cab9e056a78.safetensors
prefix=${PREFIX:-runs/pure-handicap-s}
for seed in ${SEEDS:-2 3}; do
  "$musashi" rank --run "$prefix$seed" --every 5 --sims 100 \
    --baselines alphabeta:1..6,mcts:ckpt=runs/classic-tables-net,sims=100 --games 8 --seed 7 \
    --threads 2 --out "$prefix$seed/ranking"
done
