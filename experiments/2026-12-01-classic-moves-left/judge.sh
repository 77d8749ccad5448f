#!/usr/bin/env bash
# The issue's judgement of a classic checkpoint: 40 games per line, 2 random opening plies,
# seed 7, the network at 100 simulations (and 1600 for the search-scaling line); the fixed
# opponents are alpha-beta depth 6 and the classic bundle shipped before this run
# (export/classic, commit 55debb3). Usage: judge.sh CHECKPOINT_DIR
set -euo pipefail
ckpt=$1
m=target/release/musashi
bundle=export/classic
line() { # GENERAL SOLDIERS
  local out
  out=$($m match --general "$1" --soldiers "$2" --games 40 --opening-plies 2 --seed 7 --out /tmp/judge-classic.tsv)
  printf '%s | %s | %s | %s\n' "$1" "$2" "$(sed -n 's/^general wins: \([0-9]*\).*/\1/p' <<<"$out")" "$(sed -n 's/^soldiers wins: \([0-9]*\).*/\1/p' <<<"$out")"
}
net="mcts:ckpt=$ckpt,sims=100"
echo "General | soldiers | General wins | soldiers wins"
line "$net" alphabeta:depth=6
line alphabeta:depth=6 alphabeta:depth=6
line "$net" "bundle:dir=$bundle,level=normal"
line "$net" "bundle:dir=$bundle,level=hard"
line alphabeta:depth=6 "$net"
line "bundle:dir=$bundle,level=hard" "$net"
line "$net" alphabeta:depth=2
line "mcts:ckpt=$ckpt,sims=1600" alphabeta:depth=2
