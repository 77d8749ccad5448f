#!/bin/bash
# The bootstrap ablation: four quick runs that differ in one bootstrap switch each, then the
# final network of each judged in the same matches. Usage: run.sh MUSASHI_BINARY
set -euo pipefail
M=${1:-target/release/musashi}
T=tables/classic   # musashi solve --preset classic --out tables/classic (endgames up to 8 soldiers)
run() { # name, extra --set arguments
  local name=$1; shift
  "$M" train --out runs/abl-$name "$@" > runs/abl-$name.log 2>&1
}
run base
run no-alphabeta --set bootstrap.alphabeta_games=0
run heuristic --set bootstrap.alphabeta_games=0 --set selfplay.heuristic_weight=0.5 --set selfplay.heuristic_generations=8
run tablebase --set bootstrap.tablebase=$T
for name in base no-alphabeta heuristic tablebase; do
  ck=runs/abl-$name/checkpoints/gen-0014
  for opp in random alphabeta:depth=1 alphabeta:depth=2; do
    g=$("$M" match --general mcts:ckpt=$ck,sims=32 --soldiers $opp --games 40 --opening-plies 2 --seed 7 --out runs/abl-$name-g-$opp.tsv | tail -1)
    s=$("$M" match --general $opp --soldiers mcts:ckpt=$ck,sims=32 --games 40 --opening-plies 2 --seed 7 --out runs/abl-$name-s-$opp.tsv | tail -1)
    echo -e "$name\t$opp\tas General: $g\tas soldiers: $s"
  done
done
