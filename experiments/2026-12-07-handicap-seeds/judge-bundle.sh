#!/usr/bin/env bash
# The shipped bundle's Hard levels against alpha-beta at depth 6, the issue's user-facing lines:
# for every version, Hard General against depth-6 soldiers and Hard soldiers against the depth-6
# General, 40 games a line, 2 random opening plies, seed 7 (the protocol of
# ../2026-12-05-classic-bundle/judge.sh). Prints one line per match (wins of 40).
set -euo pipefail
cd "$(dirname "$0")/../.."
musashi=${MUSASHI:-target/release/musashi}
hard="bundle:dir=export/musashi,level=hard"
for preset in classic no-setchin soldiers-first qdan; do
  for side in general soldiers; do
    if [ $side = general ]; then g=$hard; s=alphabeta:depth=6; else g=alphabeta:depth=6; s=$hard; fi
    result=$("$musashi" match --preset $preset --general "$g" --soldiers "$s" --games 40 --opening-plies 2 \
      --seed 7 --out /tmp/judge-bundle.tsv | sed -n 's/^result: //p')
    echo "$preset | Hard $side against depth 6 | $result"
  done
done
