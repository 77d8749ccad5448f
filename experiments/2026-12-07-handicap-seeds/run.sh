#!/usr/bin/env bash
# Two more seeds of the handicap arm of ../2026-12-06-pure-selfplay-fallible-soldiers (seed 1):
# configs/classic.toml without tables, the network's own soldiers at 8 simulations in 30% of the
# self-play games, 60 minutes of wall time each, one thread each, both started together on the
# 2-core machine (that experiment's protocol, with run.seed = 2 and 3), into
# runs/pure-handicap-s2 and -s3. MINUTES, SIMS, OUT (the runs' prefix) and HANDICAP (the whole
# selfplay.handicap value) change the protocol (probe-32.sh, ../2026-12-07-adaptive-handicap);
# KEY sets another key than selfplay.handicap to HANDICAP (../2026-12-07-past-checkpoints).
# Resumable: run again with --resume.
set -euo pipefail
cd "$(dirname "$0")/../.."
musashi=${MUSASHI:-target/release/musashi}
minutes=${MINUTES:-60} sims=${SIMS:-8} out=${OUT:-runs/pure-handicap-s}
mkdir -p "$(dirname "$out")"
handicap=${HANDICAP:-"{ share = 0.3, side = \"soldiers\", sims = $sims }"}
for seed in 2 3; do
  "$musashi" train --config configs/classic.toml --set 'bootstrap.tablebase=""' \
    --set bootstrap.tablebase_policy=false --set run.max_minutes=$minutes --set run.generations=1000 \
    --set run.threads=1 --set run.seed=$seed \
    --set "${KEY:-selfplay.handicap}=$handicap" \
    --out $out$seed "$@" > $out$seed.log 2>&1 &
done
wait
