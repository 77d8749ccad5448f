#!/usr/bin/env bash
# The past-checkpoint arm: configs/classic.toml without tables, an earlier checkpoint of the run
# (drawn uniformly from every earlier generation, once per generation) playing the soldiers in 30%
# of the self-play games, 60 minutes of wall time each, one thread each, seeds 2 and 3 started
# together on the 2-core machine: the protocol of ../2026-12-07-handicap-seeds (whose seeds 2
# and 3 are the comparison), into runs/past-s2 and -s3. PAST (the whole selfplay.past value),
# MINUTES and OUT change it. Resumable: run again with --resume.
set -euo pipefail
cd "$(dirname "$0")/../.."
musashi=${MUSASHI:-target/release/musashi}
minutes=${MINUTES:-60} out=${OUT:-runs/past-s}
past=${PAST:-"{ share = 0.3, side = \"soldiers\", window = 0 }"}
for seed in 2 3; do
  "$musashi" train --config configs/classic.toml --set 'bootstrap.tablebase=""' \
    --set bootstrap.tablebase_policy=false --set run.max_minutes=$minutes --set run.generations=1000 \
    --set run.threads=1 --set run.seed=$seed \
    --set "selfplay.past=$past" \
    --out $out$seed "$@" > $out$seed.log 2>&1 &
done
wait
