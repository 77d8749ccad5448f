#!/usr/bin/env bash
# The gauntlet of the second hour (../2026-12-07-handicap-seeds/rank.sh: every 5th checkpoint and
# the last, MCTS at 100 simulations, against alphabeta:depth=1..6 and the table-trained network, 8
# games per pairing and side, seed 7) for each run of run.sh. The first hour's checkpoints were
# ranked so in ../2026-12-07-lr-anneal (ranking-sSEED-base.csv); runs/long-h2-sSEED holds links
# to the checkpoints after them, so that `rank --run` sees the second hour only.
set -euo pipefail
cd "$(dirname "$0")/../.."
for seed in 2 3; do
  first=$(ls runs/lr-base-s$seed/checkpoints | grep -c '^gen-')   # generations 0..N: N + 1 folders
  dst=runs/long-h2-s$seed
  mkdir -p $dst/checkpoints
  for d in runs/long-s$seed/checkpoints/gen-*; do
    g=$((10#${d##*gen-}))
    [ $g -ge $first ] && ln -sfn "$PWD/$d" $dst/checkpoints/
  done
done
PREFIX=runs/long-h2-s experiments/2026-12-07-handicap-seeds/rank.sh "$@"
