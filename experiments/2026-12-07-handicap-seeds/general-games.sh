#!/usr/bin/env bash
# The side where the picks differ, measured closely: each pick of summary.py (and the
# table-trained network) as the General, MCTS at 100 simulations, against alpha-beta soldiers at
# depths 3, 4, 5 and 6, 250 games each (1,000 per checkpoint), 2 random opening plies, seed 13
# (game i of each match has the same opening for every checkpoint, so the picks can be compared
# game by game). Keeps each game's checkpoint, depth, index, winner, ending and length (without
# the moves: the script plays them again) in general-games.tsv.gz; general_games.py reads it.
set -euo pipefail
cd "$(dirname "$0")/../.."
musashi=${MUSASHI:-target/release/musashi}
here=experiments/2026-12-07-handicap-seeds
mkdir -p runs/handicap-general-games
{ cat "$here/picks.txt"; echo "0 tables runs/classic-tables-net"; } | while read -r seed window dir; do
  for d in 3 4 5 6; do
    "$musashi" match --general "mcts:ckpt=$dir,sims=100" --soldiers alphabeta:depth=$d --games 250 \
      --opening-plies 2 --seed 13 --threads 2 --out "runs/handicap-general-games/s$seed-$window-depth-$d.tsv" < /dev/null |
      sed -n "s|^result: |s$seed $window depth $d: |p"
  done
done
for f in runs/handicap-general-games/*.tsv; do
  name=$(basename "$f" .tsv)
  awk -F'\t' -v OFS='\t' -v pick="${name%-depth-*}" -v depth="${name##*-}" '!/^#/ {print pick, depth, $1, $3, $4, $5}' "$f"
done | gzip > "$here/general-games.tsv.gz"
