#!/bin/bash
# Every fifth generation of runs/classic against alpha-beta at depths 1-4, 20 games with each
# side (MCTS 64 simulations, 2 random opening plies, seed 7). Prints a TSV:
# generation depth general_wins_as_general(of 20) soldiers_wins_as_soldiers(of 20)
set -euo pipefail
M=${1:-target/release/musashi}
RUN=${2:-runs/classic}
echo -e "generation\tdepth\twins_as_general\twins_as_soldiers\tgames_per_side"
for gen in 0 5 10 15 20 25 30 35 40; do
  ck=$RUN/checkpoints/gen-$(printf %04d $gen)
  for d in 1 2 3 4; do
    g=$("$M" match --general mcts:ckpt=$ck,sims=64 --soldiers alphabeta:depth=$d --games 20 --opening-plies 2 --seed 7 --out /tmp/classic-eval.tsv 2>/dev/null | tail -1)
    s=$("$M" match --general alphabeta:depth=$d --soldiers mcts:ckpt=$ck,sims=64 --games 20 --opening-plies 2 --seed 7 --out /tmp/classic-eval.tsv 2>/dev/null | tail -1)
    gw=$(echo "$g" | sed -E 's/result: general ([0-9]+), soldiers ([0-9]+)/\1/')
    sw=$(echo "$s" | sed -E 's/result: general ([0-9]+), soldiers ([0-9]+)/\2/')
    echo -e "$gen\t$d\t$gw\t$sw\t20"
  done
done
