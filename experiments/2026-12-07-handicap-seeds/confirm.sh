#!/usr/bin/env bash
# The picks of summary.py (each seed's best checkpoint of its first and of its last 20 minutes,
# chosen on the gauntlet's seed-7 games) played again on fresh games: a round robin with the
# table-trained network and alphabeta:depth=3..6, MCTS at 100 simulations, 40 games per pairing
# and side, 2 random opening plies, seed 11, anchored at alphabeta:depth=6. The best of many
# noisy ratings is biased upwards; new games are not, so this is the comparison the target needs.
set -euo pipefail
cd "$(dirname "$0")/../.."
musashi=${MUSASHI:-target/release/musashi}
here=experiments/2026-12-07-handicap-seeds
agents=""
while read -r seed window dir; do agents+="mcts:ckpt=$dir,sims=100,"; done < "$here/picks.txt"
agents+="mcts:ckpt=runs/classic-tables-net,sims=100,alphabeta:depth=3,alphabeta:depth=4,alphabeta:depth=5,alphabeta:depth=6"
"$musashi" rank --agents "$agents" --anchor alphabeta:depth=6 --games 40 --seed 11 --threads 2 \
  --out runs/handicap-confirm
cp runs/handicap-confirm/ranking.csv "$here/confirm-ranking.csv"
cp runs/handicap-confirm/ranking.md "$here/confirm-ranking.md"
cut -f1-7 runs/handicap-confirm/games.tsv | gzip > "$here/confirm-games.tsv.gz"   # without the moves
python3 "$here/confirm.py"
