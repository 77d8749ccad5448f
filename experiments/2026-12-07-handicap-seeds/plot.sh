#!/usr/bin/env bash
# Elo against wall time for the three seeds of the handicap arm (seed 1 from
# ../2026-12-06-pure-selfplay-fallible-soldiers), each relative to alphabeta:depth=6 of its own
# gauntlet, with ../2026-12-03-sparring/plot.py; from the copies summary.py makes.
set -euo pipefail
cd "$(dirname "$0")/../.."
here=experiments/2026-12-07-handicap-seeds
seed1=experiments/2026-12-06-pure-selfplay-fallible-soldiers
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/s1" "$tmp/s2" "$tmp/s3"
gunzip -c "$seed1/metrics-handicap.jsonl.gz" > "$tmp/s1/metrics.jsonl"
for s in 2 3; do gunzip -c "$here/metrics-s$s.jsonl.gz" > "$tmp/s$s/metrics.jsonl"; done
for c in elo elo_as_general; do
  COLUMN=$c RELATIVE_TO=alphabeta:depth=6 python3 experiments/2026-12-03-sparring/plot.py "$here/$c-against-wall-time.svg" \
    "seed 1" "$tmp/s1" "$seed1/ranking-handicap.csv" "seed 2" "$tmp/s2" "$here/ranking-s2.csv" \
    "seed 3" "$tmp/s3" "$here/ranking-s3.csv"
done
