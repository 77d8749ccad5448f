#!/usr/bin/env bash
# Issue 14, item 5: does the same network's General get stronger with more simulations, with and
# without the moves-left utility? 40 games per line against fixed soldiers, 2 random opening
# plies, seed 7.
# Usage: general.sh CHECKPOINT SOLDIERS PRESET "SIMS..." "ML..."
set -euo pipefail
cd "$(dirname "$0")/../.."
ckpt=$1 soldiers=$2 preset=$3
for ml in $5; do
  for sims in $4; do
    w=$(target/release/musashi match --preset "$preset" --general "mcts:ckpt=$ckpt,sims=$sims,ml=$ml" --soldiers "$soldiers" \
      --games 40 --opening-plies 2 --seed 7 --out "/tmp/scaling-$sims-$ml.tsv" | sed -n 's/^general wins: \([0-9]*\).*/\1/p')
    echo "$ckpt $preset General sims=$sims ml=$ml vs $soldiers: $w/40"
  done
done
