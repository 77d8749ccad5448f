#!/usr/bin/env bash
# Elo against wall time for both arms (each relative to alphabeta:depth=6 of its own gauntlet),
# with ../2026-12-03-sparring/plot.py; the copies of the rankings and metrics in this folder.
set -euo pipefail
cd "$(dirname "$0")/../.."
here=experiments/2026-12-06-graph-pure-selfplay
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/mlp" "$tmp/graph"
gunzip -c "$here/metrics-mlp.jsonl.gz" > "$tmp/mlp/metrics.jsonl"
cp "$here/metrics-graph.jsonl" "$tmp/graph/metrics.jsonl"
for c in elo elo_as_general elo_as_soldiers; do
  COLUMN=$c RELATIVE_TO=alphabeta:depth=6 python3 experiments/2026-12-03-sparring/plot.py "$here/$c-against-wall-time.svg" \
    mlp "$tmp/mlp" "$here/ranking-mlp.csv" graph "$tmp/graph" "$here/ranking-graph.csv"
done
