#!/usr/bin/env bash
# The gauntlet of each seed of run.sh: ../2026-12-07-handicap-seeds/rank.sh on runs/roles-sS
# (every 5th checkpoint and the last against alphabeta:depth=1..6 and the table-trained network,
# MCTS at 100 simulations, 8 games per pairing and side, seed 7).
set -euo pipefail
cd "$(dirname "$0")"
PREFIX=runs/roles-s exec ../2026-12-07-handicap-seeds/rank.sh "$@"
