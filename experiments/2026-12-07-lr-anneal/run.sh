#!/usr/bin/env bash
# Does the learning rate's cosine reaching its end within the hour make pure self-play's General
# stronger? The handicap protocol of ../2026-12-07-handicap-seeds (configs/classic.toml without
# tables, the network's own soldiers at 8 simulations in 30% of the games, 60 minutes, one
# thread each), seeds 2 and 3, in two arms started together (four runs on the 2-core machine, so
# each gets about half a core, as many generations as the recorded handicap runs had):
#   base:   run.generations = 1000 (the recorded protocol: the cosine planned over 1000
#           generations is still at 0.66-0.76 of the base rate when the hour ends);
#   anneal: run.generations = GENS (300: about what half a core trains in the hour), so the
#           cosine falls to 0.1 of the base rate by the run's end.
# Into runs/lr-ARM-sSEED. Resumable: run again with --resume.
set -euo pipefail
cd "$(dirname "$0")/../.."
musashi=${MUSASHI:-target/release/musashi}
minutes=${MINUTES:-60} gens=${GENS:-300}
mkdir -p runs
for arm in base anneal; do
  g=1000; [ $arm = anneal ] && g=$gens
  for seed in 2 3; do
    "$musashi" train --config configs/classic.toml --set 'bootstrap.tablebase=""' \
      --set bootstrap.tablebase_policy=false --set run.max_minutes=$minutes --set run.generations=$g \
      --set run.threads=1 --set run.seed=$seed \
      --set 'selfplay.handicap={ share = 0.3, side = "soldiers", sims = 8 }' \
      --out runs/lr-$arm-s$seed "$@" > runs/lr-$arm-s$seed.log 2>&1 &
  done
done
wait
