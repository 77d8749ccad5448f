#!/usr/bin/env bash
# The picks of summary.py (each seed's best checkpoint of its first and of its last 20 minutes,
# chosen on the gauntlet's seed-7 games) played again on fresh games: a round robin with the
# table-trained network and alphabeta:depth=3..6, MCTS at 100 simulations, 40 games per pairing
# and side, 2 random opening plies, seed 11, anchored at alphabeta:depth=6. The best of many
# noisy ratings is biased upwards; new games are not, so this is the comparison the target needs.
# PICKS (picks files, space-separated), OUT (the rank directory) and DEST (where the ranking and
# games are copied) rank other picks the same way (../2026-12-07-adaptive-handicap/confirm.sh).
set -euo pipefail
cd "$(dirname "$0")/../.."
musashi=${MUSASHI:-target/release/musashi}
here=experiments/2026-12-07-handicap-seeds
out=${OUT:-runs/handicap-confirm} dest=${DEST:-$here}
agents=""
while read -r seed window dir; do agents+="mcts:ckpt=$dir,sims=100,"; done < <(cat ${PICKS:-$here/picks.txt})
agents+="mcts:ckpt=runs/classic-tables-net,sims=100,alphabeta:depth=3,alphabeta:depth=4,alphabeta:depth=5,alphabeta:depth=6"
"$musashi" rank --agents "$agents" --anchor alphabeta:depth=6 --games 40 --seed 11 --threads 2 \
  --out "$out"
cp "$out/ranking.csv" "$dest/confirm-ranking.csv"
cp "$out/ranking.md" "$dest/confirm-ranking.md"
cut -f1-7 "$out/games.tsv" | gzip > "$dest/confirm-games.tsv.gz"   # without the moves
[ -n "${PICKS:-}" ] || python3 "$here/confirm.py"
