#!/usr/bin/env bash
# summary.py's picks of the role-heads arm as the General against alpha-beta soldiers at depths
# 3-6, 250 games each, seed 13: ../2026-12-07-handicap-seeds/general-games.sh's games, so game i
# of a depth opens as it did for the handicap arm's picks and the table-trained network; then
# ../2026-12-07-adaptive-handicap/general_games.py compares them game by game.
set -euo pipefail
cd "$(dirname "$0")"
here=$PWD
PICKS=$here/picks.txt GAMES_DIR=runs/roles-general-games TSV=$here/general-games.tsv.gz \
  ../2026-12-07-handicap-seeds/general-games.sh "$@"
cd ../..
HERE=experiments/2026-12-07-role-heads ARM=roles python3 experiments/2026-12-07-adaptive-handicap/general_games.py |
  tee experiments/2026-12-07-role-heads/general-games.txt
