#!/usr/bin/env bash
# Judges a run's BEST checkpoint: 40 games per line against random and alphabeta:depth=1, with
# each side, 2 random opening plies, seed 7; the network searches with 32 simulations.
# Usage: judge.sh RUN_DIR [SIMS]
# (It reads the match's last line, `result: general W, soldiers L`, which `musashi match` has
# printed since 2026-12-06; it first read the older `general wins:` lines.)
set -euo pipefail
run=$1
sims=${2:-32}
m=target/release/musashi
net="mcts:ckpt=$run/checkpoints/BEST,sims=$sims"
for opp in random alphabeta:depth=1; do
  g=$($m match --general "$net" --soldiers "$opp" --games 40 --opening-plies 2 --seed 7 --out /tmp/judge-g.tsv | sed -n 's/^result: general \([0-9]*\), soldiers [0-9]*$/\1/p')
  s=$($m match --general "$opp" --soldiers "$net" --games 40 --opening-plies 2 --seed 7 --out /tmp/judge-s.tsv | sed -n 's/^result: general [0-9]*, soldiers \([0-9]*\)$/\1/p')
  echo "$run $opp: General $g/40, soldiers $s/40"
done
