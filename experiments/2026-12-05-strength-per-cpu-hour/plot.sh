#!/usr/bin/env bash
# Strength per CPU-hour of the classic defaults: the old defaults (before issue 14), the
# pre-tables defaults (experiments/2026-12-03-sparring, arms old and base) and today's
# configs/classic.toml trained on the whole game's tables (experiments/2026-12-05-classic-bundle,
# runs/classic-tables), each ranked the same way (every 5th checkpoint at 100 simulations against
# alpha-beta depths 1-5, 8 games per pairing and side, seed 7). Elo is relative to depth 5 of the
# same gauntlet; "tables+solve" shifts the tables run by the 1,652 s the solve took.
# Ranking the tables run (4 minutes):
#   musashi rank --run runs/classic-tables --every 5 --sims 100 --baselines alphabeta:1..5 \
#     --games 8 --seed 7 --out runs/classic-tables/ranking
set -euo pipefail
cd "$(dirname "$0")/../.."
here=experiments/2026-12-05-strength-per-cpu-hour
spar=experiments/2026-12-03-sparring
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
for arm in old base; do mkdir "$tmp/$arm"; cp "$spar/metrics-$arm.jsonl" "$tmp/$arm/metrics.jsonl"; done
mkdir "$tmp/tables"; cp experiments/2026-12-05-classic-bundle/metrics.jsonl "$tmp/tables/metrics.jsonl"
for c in elo elo_as_general elo_as_soldiers; do
  COLUMN=$c RELATIVE_TO=alphabeta:depth=5 python3 "$spar/plot.py" "$here/$c-against-wall-time.svg" \
    old "$tmp/old" "$spar/ranking-old.csv" base "$tmp/base" "$spar/ranking-base.csv" \
    tables "$tmp/tables" "$here/ranking-tables.csv" tables+solve@1652 "$tmp/tables" "$here/ranking-tables.csv"
done
