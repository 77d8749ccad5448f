#!/usr/bin/env bash
# Elo against wall time for both arms' seeds 2 and 3, each relative to alphabeta:depth=6 of its
# own gauntlet, with ../2026-12-03-sparring/plot.py, from the copies the summaries make. HERE
# and ARM (the label) plot another arm against the handicap arm (../2026-12-07-past-checkpoints).
set -euo pipefail
cd "$(dirname "$0")/../.."
here=${HERE:-experiments/2026-12-07-adaptive-handicap} arm=${ARM:-adaptive}
old=experiments/2026-12-07-handicap-seeds
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
for s in 2 3; do
  mkdir "$tmp/a$s" "$tmp/h$s"
  gunzip -c "$here/metrics-s$s.jsonl.gz" > "$tmp/a$s/metrics.jsonl"
  gunzip -c "$old/metrics-s$s.jsonl.gz" > "$tmp/h$s/metrics.jsonl"
done
for c in elo elo_as_general; do
  COLUMN=$c RELATIVE_TO=alphabeta:depth=6 python3 experiments/2026-12-03-sparring/plot.py "$here/$c-against-wall-time.svg" \
    "$arm, seed 2" "$tmp/a2" "$here/ranking-s2.csv" "$arm, seed 3" "$tmp/a3" "$here/ranking-s3.csv" \
    "handicap, seed 2" "$tmp/h2" "$old/ranking-s2.csv" "handicap, seed 3" "$tmp/h3" "$old/ranking-s3.csv"
done
