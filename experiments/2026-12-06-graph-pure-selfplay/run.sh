#!/usr/bin/env bash
# Pure self-play on classic without tables (bootstrap.tablebase = ""), the MLP of
# configs/classic.toml against the graph network, side by side on the 2-core machine: one thread
# each, 60 minutes of wall time each, started together. Resumable: run again with --resume.
set -euo pipefail
cd "$(dirname "$0")/../.."
musashi=${MUSASHI:-target/release/musashi}
common=(--config configs/classic.toml --set 'bootstrap.tablebase=""' --set bootstrap.tablebase_policy=false --set run.max_minutes=60
        --set run.generations=1000 --set run.threads=1)
"$musashi" train "${common[@]}" --out runs/pure-mlp "$@" > runs/pure-mlp.log 2>&1 &
"$musashi" train "${common[@]}" --set model.kind=graph --set model.hidden=32 --set model.blocks=4 \
  --set model.reach=2 --out runs/pure-graph "$@" > runs/pure-graph.log 2>&1 &
wait
