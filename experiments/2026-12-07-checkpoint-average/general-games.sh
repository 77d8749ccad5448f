#!/usr/bin/env bash
# average.sh's checkpoints as the General against alpha-beta soldiers at depths 3-6, 250 games
# each, seed 13: ../2026-12-07-handicap-seeds/general-games.sh's games, so game i of a depth
# opens as it did for every earlier pick (../2026-12-07-lr-anneal's base picks and the
# table-trained network among them); then general_games.py compares them game by game.
set -euo pipefail
cd "$(dirname "$0")"
here=$PWD
PICKS=$here/picks.txt GAMES_DIR=runs/avg-general-games TSV=$here/general-games.tsv.gz \
  ../2026-12-07-handicap-seeds/general-games.sh "$@"
cd ../..
python3 $here/general_games.py | tee $here/general-games.txt
