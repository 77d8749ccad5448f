#!/usr/bin/env bash
# The General on fixed openings at equal generations: the role-heads runs' checkpoints of the
# generations the handicap arm's curve played (its last checkpoint by every 10 minutes on the
# machine it ran on: ../2026-12-07-past-checkpoints/curve.tsv) and each run's last, as the
# General (MCTS, 100 simulations) against alpha-beta soldiers at depths 3-6, 100 games a depth,
# 2 random opening plies, seed 13 (the same 400 openings), with
# ../2026-12-07-adaptive-handicap/curve.sh. Writes curve.tsv (arm, generation, depth, General
# wins, games).
set -euo pipefail
cd "$(dirname "$0")"
rm -f curve.tsv
ARMS="roles-s2:runs/roles-s2:45 110 175 228 287 351 625;roles-s3:runs/roles-s3:42 94 167 226 277 344 613" \
  TSV=$PWD/curve.tsv ../2026-12-07-adaptive-handicap/curve.sh "$@" > /dev/null
