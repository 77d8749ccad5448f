#!/usr/bin/env bash
# Elo against wall time for the baseline arm (../2026-12-06-graph-pure-selfplay's MLP) and both
# arms here (each relative to alphabeta:depth=6 of its own gauntlet), with
# ../2026-12-03-sparring/plot.py; the copies of the rankings and metrics (summary.py makes them).
set -euo pipefail
cd "$(dirname "$0")/../.."
here=experiments/2026-12-06-pure-selfplay-fallible-soldiers
base=experiments/2026-12-06-graph-pure-selfplay
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/baseline" "$tmp/sparring" "$tmp/handicap"
gunzip -c "$base/metrics-mlp.jsonl.gz" > "$tmp/baseline/metrics.jsonl"
for arm in sparring handicap; do gunzip -c "$here/metrics-$arm.jsonl.gz" > "$tmp/$arm/metrics.jsonl"; done
for c in elo elo_as_general elo_as_soldiers; do
  COLUMN=$c RELATIVE_TO=alphabeta:depth=6 python3 experiments/2026-12-03-sparring/plot.py "$here/$c-against-wall-time.svg" \
    baseline "$tmp/baseline" "$base/ranking-mlp.csv" sparring "$tmp/sparring" "$here/ranking-sparring.csv" \
    handicap "$tmp/handicap" "$here/ranking-handicap.csv"
done
