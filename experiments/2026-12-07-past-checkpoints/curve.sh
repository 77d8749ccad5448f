#!/usr/bin/env bash
# The General against wall time on fixed openings, for the past arm and the handicap arm
# (../2026-12-07-handicap-seeds), seeds 2 and 3: the last checkpoint of each run by 10, 20, 30,
# 40, 50 and 60 minutes as the General (MCTS, 100 simulations) against alpha-beta soldiers at
# depths 3-6, 100 games a depth, 2 random opening plies, seed 13, with
# ../2026-12-07-adaptive-handicap/curve.sh (the same 400 openings as its curve). Writes curve.tsv
# (arm, generation, depth, General wins, games) and, through that experiment's curve.py,
# curve.txt.
set -euo pipefail
cd "$(dirname "$0")"
rm -f curve.tsv
ARMS="past-s2:runs/past-s2:22 49 90 154 227 296;past-s3:runs/past-s3:24 59 97 152 220 294;handicap-s2:runs/pure-handicap-s2:45 110 175 228 287 351;handicap-s3:runs/pure-handicap-s3:42 94 167 226 277 344" \
  TSV=$PWD/curve.tsv ../2026-12-07-adaptive-handicap/curve.sh "$@" > /dev/null
cd ../..
HERE=experiments/2026-12-07-past-checkpoints \
  RUNS=past-s2=runs/past-s2,past-s3=runs/past-s3,handicap-s2=runs/pure-handicap-s2,handicap-s3=runs/pure-handicap-s3 \
  python3 experiments/2026-12-07-adaptive-handicap/curve.py | tee experiments/2026-12-07-past-checkpoints/curve.txt
