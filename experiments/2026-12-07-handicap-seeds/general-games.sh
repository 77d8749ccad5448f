#!/usr/bin/env bash
# The side where the picks differ, measured closely: each pick of summary.py (and the
# table-trained network) as the General, MCTS at 100 simulations, against alpha-beta soldiers at
# depths 3, 4, 5 and 6, 250 games each (1,000 per checkpoint), 2 random opening plies, seed 13
# (game i of each match has the same opening for every checkpoint, so the picks can be compared
# game by game). Keeps each game's checkpoint, depth, index, winner, ending and length (without
# the moves: the script plays them again) in general-games.tsv.gz; general_games.py reads it.
# PICKS (a file of picks in picks.txt's form, instead of picks.txt and the table-trained network),
# GAMES_DIR (runs/handicap-general-games) and TSV (the .tsv.gz) play other checkpoints the same way.
set -euo pipefail
cd "$(dirname "$0")/../.."
musashi=${MUSASHI:-target/release/musashi}
here=experiments/2026-12-07-handicap-seeds
games=${GAMES_DIR:-runs/handicap-general-games} tsv=${TSV:-$here/general-games.tsv.gz}
mkdir -p "$games"
if [ -n "${PICKS:-}" ]; then cat "$PICKS"; else cat "$here/picks.txt"; echo "0 tables runs/classic-tables-net"; fi |
while read -r seed window dir; do
  for d in 3 4 5 6; do
    "$musashi" match --general "mcts:ckpt=$dir,sims=100" --soldiers alphabeta:depth=$d --games 250 \
      --opening-plies 2 --seed 13 --threads 2 --out "$games/s$seed-$window-depth-$d.tsv" < /dev/null |
      sed -n "s|^result: |s$seed $window depth $d: |p"
  done
done
for f in "$games"/*.tsv; do
  name=$(basename "$f" .tsv)
  awk -F'\t' -v OFS='\t' -v pick="${name%-depth-*}" -v depth="${name##*-}" '!/^#/ {print pick, depth, $1, $3, $4, $5}' "$f"
done | gzip > "$tsv"
