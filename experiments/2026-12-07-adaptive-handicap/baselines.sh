#!/usr/bin/env bash
# The other arms on the same openings: the gauntlet picks of plain pure self-play
# (../2026-12-06-graph-pure-selfplay's MLP arm, runs/pure-mlp: gen 75 and 175) and of the sparring
# arm (../2026-12-06-pure-selfplay-fallible-soldiers, runs/pure-sparring: gen 35 and 265), both
# seed 1, as the General against alpha-beta soldiers at depths 3-6, 250 games each, seed 13
# (general-games.sh's protocol); baselines.py compares them with the handicap arm's seed-1 picks.
set -euo pipefail
cd "$(dirname "$0")"
here=$PWD
PICKS=$here/baseline-picks.txt GAMES_DIR=runs/baseline-general-games TSV=$here/baseline-general-games.tsv.gz \
  exec ../2026-12-07-handicap-seeds/general-games.sh "$@"
