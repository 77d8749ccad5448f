#!/usr/bin/env bash
# The General's wins against alpha-beta soldiers on no-setchin, one line per simulation count.
# Usage: [GAMES=48] [SEED=1] scaling.sh CHECKPOINT SOLDIERS "SIMS..." OUT (CHECKPOINT may carry
# settings for the spec, e.g. "DIR,ml=0")
set -euo pipefail
cd "$(dirname "$0")/../.."
M=target/release/musashi
ckpt=$1; soldiers=$2; sims=$3; out=$4
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
for s in $sims; do
  $M match --preset no-setchin --general "mcts:ckpt=$ckpt,sims=$s,temp=0" --soldiers "$soldiers" \
    --games ${GAMES:-48} --seed ${SEED:-1} --opening-plies 2 --out "$tmp/games.tsv" > "$tmp/match.txt" 2>&1
  wins=$(awk -F'\t' '$3=="general"' "$tmp/games.tsv" | wc -l)
  echo -e "$ckpt\t$soldiers\t$s\t$wins/${GAMES:-48} (seed ${SEED:-1})" | tee -a "$out"
done
