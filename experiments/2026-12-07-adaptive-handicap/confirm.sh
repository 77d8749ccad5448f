#!/usr/bin/env bash
# Both arms' picks on fresh games: ../2026-12-07-handicap-seeds/confirm.sh's round robin (MCTS at
# 100 simulations, 40 games per pairing and side, seed 11, anchored at alphabeta:depth=6) of the
# adaptive arm's four picks, the handicap arm's seeds 2 and 3 picks, the table-trained network and
# alphabeta:depth=3..6.
set -euo pipefail
cd "$(dirname "$0")"
here=$PWD
grep -E '^[23] ' ../2026-12-07-handicap-seeds/picks.txt > "$here/handicap-picks.txt"
PICKS="$here/picks.txt $here/handicap-picks.txt" OUT=runs/adaptive-confirm DEST=$here \
  exec ../2026-12-07-handicap-seeds/confirm.sh "$@"
