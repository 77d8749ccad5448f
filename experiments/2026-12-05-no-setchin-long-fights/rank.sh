#!/usr/bin/env bash
# Ranks agents against random, alphabeta:depth=6 and the perfect player (10 games per pairing and
# side, seed 7); the tables give the accuracy columns (long fights: the issue's distance target).
# Each AGENT is ARM (the arm's last checkpoint at 100 simulations) or ARM/SETTINGS, e.g.
# base/ml=4 (settings appended to the mcts spec). Usage: rank.sh OUT AGENT...
set -euo pipefail
cd "$(dirname "$0")/../.."
out=$1; shift
agents=()
for a in "$@"; do
  arm=${a%%/*}; extra=""
  [[ $a == */* ]] && extra=",${a#*/}"
  agents+=("mcts:ckpt=runs/nsl-$arm/checkpoints/LATEST,sims=100$extra")
done
list=$(IFS=,; echo "${agents[*]}")
target/release/musashi rank --preset no-setchin --agents "$list" \
  --baselines random,alphabeta:depth=6,perfect:tables=tables/no-setchin \
  --games 10 --tables tables/no-setchin --seed 7 --out "$out"
