#!/usr/bin/env bash
# Perfect play on the 33-point board from the start, with the classic tables of every even level
# up to 16 soldiers (run.sh classic): matches of 40 games (2 random opening plies, seed 7, the
# classic rules) between `perfect:tables` and alpha-beta depth 6 or the classic bundle shipped
# before issue 14 (export/classic), and a ranking whose perfect-play accuracy covers every phase.
# Usage: perfect.sh TABLE_DIR
set -euo pipefail
cd "$(dirname "$0")/../.."
here=experiments/2026-12-04-solver-33-full
t=$1
m=target/release/musashi
perfect="perfect:tables=$t"
line() { # GENERAL SOLDIERS
  local out
  out=$($m match --general "$1" --soldiers "$2" --games 40 --opening-plies 2 --seed 7 --out /tmp/perfect-match.tsv)
  printf '%s | %s | %s | %s\n' "$1" "$2" "$(sed -n 's/^general wins: \([0-9]*\).*/\1/p' <<<"$out")" \
    "$(sed -n 's/^soldiers wins: \([0-9]*\).*/\1/p' <<<"$out")"
}
{
  echo "General | soldiers | General wins | soldiers wins"
  line "$perfect" alphabeta:depth=6
  line alphabeta:depth=6 "$perfect"
  line alphabeta:depth=6 alphabeta:depth=6
  line "$perfect" "bundle:dir=export/classic,level=hard"
  line "$perfect" "$perfect"
} | tee "$here/perfect-matches.txt"
$m rank --agents "alphabeta:depth=2,alphabeta:depth=4,alphabeta:depth=6,$perfect" --games 10 --tables "$t" \
  --out /tmp/perfect-rank
cp /tmp/perfect-rank/ranking.md "$here/perfect-ranking.md"
