#!/usr/bin/env bash
# summary.py's picks of the adaptive arm as the General against alpha-beta soldiers at depths
# 3-6, 250 games each, seed 13: ../2026-12-07-handicap-seeds/general-games.sh's games, so game i
# of a depth opens as it did for that experiment's picks and the table-trained network, and
# general_games.py compares the arms game by game.
set -euo pipefail
cd "$(dirname "$0")"
here=$PWD
PICKS=$here/picks.txt GAMES_DIR=runs/adaptive-general-games TSV=$here/general-games.tsv.gz \
  exec ../2026-12-07-handicap-seeds/general-games.sh "$@"
