#!/usr/bin/env bash
# Issue 14 item 5 / issue 16: can play-time settings let the shipped network's General gain from
# search? A bundle's Hard General at several simulation counts and settings overrides, against
# fixed soldiers, 40 games per line (or GAMES), 2 random opening plies, seed 7.
# Usage: general.sh BUNDLE SOLDIERS PRESET "SIMS..." "OVERRIDES..." [GAMES]
#   OVERRIDES: bundle-spec keys per line, e.g. "fallible=0.5 heur=0.25,fallible=0.5"
set -euo pipefail
cd "$(dirname "$0")/../.."
bundle=$1 soldiers=$2 preset=$3 games=${6:-40}
for o in $5; do
  for sims in $4; do
    start=$SECONDS
    w=$(target/release/musashi match --preset "$preset" --general "bundle:dir=$bundle,level=hard,sims=$sims,$o" \
      --soldiers "$soldiers" --games "$games" --opening-plies 2 --seed 7 --out "/tmp/fallible-$sims-$o.tsv" \
      | sed -n 's/^general wins: \([0-9]*\).*/\1/p')
    echo "$bundle $preset General sims=$sims $o vs $soldiers: $w/$games ($((SECONDS - start)) s)"
  done
done
