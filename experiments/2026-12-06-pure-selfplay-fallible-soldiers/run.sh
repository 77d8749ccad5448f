#!/usr/bin/env bash
# Pure self-play on classic without tables (bootstrap.tablebase = ""), the MLP of
# configs/classic.toml, with fallible soldiers in 30% of the self-play games: alpha-beta
# soldiers at depth 2-4 (sparring) or the network's soldiers at 8 simulations (handicap), side by
# side on the 2-core machine: one thread each, 60 minutes of wall time each, started together
# (the protocol of ../2026-12-06-graph-pure-selfplay, whose MLP arm is the baseline).
# Resumable: run again with --resume.
set -euo pipefail
cd "$(dirname "$0")/../.."
musashi=${MUSASHI:-target/release/musashi}
common=(--config configs/classic.toml --set 'bootstrap.tablebase=""' --set bootstrap.tablebase_policy=false --set run.max_minutes=60
        --set run.generations=1000 --set run.threads=1)
"$musashi" train "${common[@]}" --set 'selfplay.sparring={ share = 0.3, side = "soldiers", depths = [2, 3, 4] }' \
  --out runs/pure-sparring "$@" > runs/pure-sparring.log 2>&1 &
"$musashi" train "${common[@]}" --set 'selfplay.handicap={ share = 0.3, side = "soldiers", sims = 8 }' \
  --out runs/pure-handicap "$@" > runs/pure-handicap.log 2>&1 &
wait
