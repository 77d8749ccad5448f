#!/usr/bin/env bash
# The specialist at 100, 800 and 1600 simulations in one tournament with depth-4 alpha-beta
# (and rank's anchor, depth 1), the tables giving the long-fight accuracy; lfscan breaks the
# General's long fights down by opponent. Usage: rank.sh GAMES OUT
set -euo pipefail
cd "$(dirname "$0")/../.."
E=experiments/2026-12-05-no-setchin-specialist
games=$1; out=$2
c=runs/ns-every8/checkpoints/gen-0040
target/release/musashi rank --preset no-setchin \
  --agents "mcts:ckpt=$c,sims=100,mcts:ckpt=$c,sims=800,mcts:ckpt=$c,sims=1600" \
  --baselines alphabeta:depth=4 --games "$games" --tables tables/no-setchin --seed 7 --out "$out"
for s in 100 800 1600; do
  echo "== sims=$s"
  target/release/musashi-lab lfscan --tables tables/no-setchin --general "mcts:ckpt=$c,sims=$s" "$out/games.tsv"
done > "$E/lfscan-scaling.txt"
