#!/usr/bin/env bash
# The gauntlet of each run of run.sh: ../2026-12-07-handicap-seeds/rank.sh (every 5th checkpoint
# and the last, MCTS at 100 simulations, against alphabeta:depth=1..6 and the table-trained
# network, 8 games per pairing and side, seed 7) for both arms.
set -euo pipefail
cd "$(dirname "$0")"
for arm in base anneal; do PREFIX=runs/lr-$arm-s ../2026-12-07-handicap-seeds/rank.sh "$@"; done
