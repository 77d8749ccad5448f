#!/usr/bin/env bash
# A 20-minute probe: handicap soldiers at 32 simulations instead of 8, seeds 2 and 3, otherwise run.sh.
set -euo pipefail
cd "$(dirname "$0")/../.."
musashi=${MUSASHI:-target/release/musashi}
for seed in 2 3; do
  "$musashi" train --config configs/classic.toml --set 'bootstrap.tablebase=""' \
    --set bootstrap.tablebase_policy=false --set run.max_minutes=20 --set run.generations=1000 \
    --set run.threads=1 --set run.seed=$seed \
    --set 'selfplay.handicap={ share = 0.3, side = "soldiers", sims = 32 }' \
    --out runs/handicap32-s$seed "$@" > runs/handicap32-s$seed.log 2>&1 &
done
wait
