#!/usr/bin/env bash
# Ranks the arms' last checkpoints (100 simulations) with random, alphabeta:depth=6 and the
# perfect player; the tables give the accuracy columns (long fights: the issue's distance
# target). Usage: rank.sh OUT ARM...
set -euo pipefail
cd "$(dirname "$0")/../.."
out=$1; shift
agents=()
for arm in "$@"; do agents+=("mcts:ckpt=runs/nss-$arm/checkpoints/LATEST,sims=100"); done
list=$(IFS=,; echo "${agents[*]}")
target/release/musashi rank --preset no-setchin --agents "$list" \
  --baselines random,alphabeta:depth=6,perfect:tables=tables/no-setchin \
  --games 10 --tables tables/no-setchin --seed 7 --out "$out"
