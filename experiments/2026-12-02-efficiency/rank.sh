#!/usr/bin/env bash
# Ranks the arms' final networks (every arm in ARMS, every seed in SEEDS) against each other and
# alpha-beta baselines: a round robin, both sides of every pairing, GAMES games per side (default
# 10), 2 random opening plies, each network at 32 simulations; Elo anchored at alphabeta:depth=1.
# Usage: [GAMES=N] [SEEDS='1 2 3'] [ARMS='default gumbel ...'] rank.sh OUT_DIR
set -euo pipefail
cd "$(dirname "$0")/../.."
agents=()
for seed in ${SEEDS:-1 2 3}; do
  for arm in ${ARMS:-default gumbel playout-cap forced gumbel-general}; do
    agents+=("mcts:ckpt=runs/eff-$arm-seed$seed/checkpoints/BEST,sims=32")
  done
done
list=$(IFS=,; echo "${agents[*]}")
target/release/musashi rank --agents "$list" --baselines alphabeta:depth=1,alphabeta:depth=3 \
  --anchor alphabeta:depth=1 --games "${GAMES:-10}" --seed 11 --out "$1"
