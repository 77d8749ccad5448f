#!/usr/bin/env bash
# summary.py's picks (each run's best of the second hour's first and last 20 minutes and its
# final checkpoint) as the General against alpha-beta soldiers at depths 3-6, 250 games each, seed 13:
# ../2026-12-07-handicap-seeds/general-games.sh's games, so game i of a depth opens as it did for
# the first hour's picks (../2026-12-07-lr-anneal) and the table-trained network; then
# general_games.py compares them game by game.
set -euo pipefail
cd "$(dirname "$0")"
here=$PWD
PICKS=$here/picks.txt GAMES_DIR=runs/long-general-games TSV=$here/general-games.tsv.gz \
  ../2026-12-07-handicap-seeds/general-games.sh "$@"
cd ../..
python3 $here/general_games.py | tee $here/general-games.txt
