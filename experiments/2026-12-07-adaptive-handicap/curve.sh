#!/usr/bin/env bash
# The General against wall time on fixed openings, for seed 1 of plain pure self-play
# (runs/pure-mlp) and of the handicap arm (runs/pure-handicap): generations 25, 50, 100, 150, 200,
# 250 and 295 of each (and 340 and 377 of the handicap run, which played 377 generations in the hour
# where the plain one played 298) as the General (MCTS, 100 simulations) against alpha-beta soldiers at
# depths 3-6, 100 games a depth, 2 random opening plies, seed 13 (the first 100 openings of
# general-games.sh). Writes curve.tsv (arm, generation, depth, General wins, games); ARMS
# ("arm:run:gen gen ...;...") plays other checkpoints and appends them (to TSV when set).
set -euo pipefail
cd "$(dirname "$0")/../.."
musashi=${MUSASHI:-target/release/musashi}
here=experiments/2026-12-07-adaptive-handicap
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
arms=${ARMS:-"plain:runs/pure-mlp:25 50 100 150 200 250 295;handicap:runs/pure-handicap:25 50 100 150 200 250 295 340 377"}
[ -n "${ARMS:-}" ] && append=-a || append=
IFS=';' read -ra list <<< "$arms"
for entry in "${list[@]}"; do
  IFS=':' read -r arm run gens <<< "$entry"
  for g in $gens; do
    for d in 3 4 5 6; do
      ckpt=$(printf '%s/checkpoints/gen-%04d' "$run" "$g")
      "$musashi" match --general "mcts:ckpt=$ckpt,sims=100" --soldiers alphabeta:depth=$d --games 100 \
        --opening-plies 2 --seed 13 --threads 2 --out "$tmp/m.tsv" < /dev/null |
        sed -n "s|^result: general \([0-9]*\), soldiers \([0-9]*\).*|$arm\t$g\t$d\t\1\t100|p"
    done
  done
done | tee $append "${TSV:-$here/curve.tsv}"
