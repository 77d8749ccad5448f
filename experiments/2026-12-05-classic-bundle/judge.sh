#!/usr/bin/env bash
# Issue 14's classic targets judged on what a user plays after cloning: the classic Hard levels of
# a bundle (default export/musashi) against the issue's fixed opponents, 40 games per line,
# 2 random opening plies, seed 7. export/classic is the bundle shipped when issue 14 was filed
# (unchanged since 55debb3). The last lines play the bundle's network at 100 and 1600
# simulations against the depth-6 soldiers (search scaling against an opponent it can lose to).
# Usage: judge.sh [BUNDLE [CHECKPOINT]]
set -euo pipefail
cd "$(dirname "$0")/../.."
new=${1:-export/musashi}
ckpt=${2:-}
m=target/release/musashi
old=export/classic
line() { # GENERAL SOLDIERS
  local out start=$SECONDS
  out=$($m match --general "$1" --soldiers "$2" --games 40 --opening-plies 2 --seed 7 --out /tmp/judge-bundle.tsv)
  printf '%s | %s | %s | %s | %s s\n' "$1" "$2" "$(sed -n 's/^general wins: \([0-9]*\).*/\1/p' <<<"$out")" \
    "$(sed -n 's/^soldiers wins: \([0-9]*\).*/\1/p' <<<"$out")" "$((SECONDS - start))"
}
hard="bundle:dir=$new,level=hard"
echo "General | soldiers | General wins | soldiers wins | wall"
line "$hard" alphabeta:depth=6
line alphabeta:depth=6 alphabeta:depth=6
line "$hard" "bundle:dir=$old,level=normal"
line "$hard" "bundle:dir=$old,level=hard"
line alphabeta:depth=6 "$hard"
line "bundle:dir=$old,level=hard" "$hard"
if [ -n "$ckpt" ]; then
  line "mcts:ckpt=$ckpt,sims=100" alphabeta:depth=6
  line "mcts:ckpt=$ckpt,sims=1600" alphabeta:depth=6
fi
