#!/usr/bin/env bash
# A bundle's General levels, as calibrated, against fixed soldiers: 40 games per level, 2 random
# opening plies, seed 7. Usage: levels.sh BUNDLE SOLDIERS "PRESETS..."
set -euo pipefail
cd "$(dirname "$0")/../.."
for p in $3; do
  for lvl in easy normal hard; do
    w=$(target/release/musashi match --preset "$p" --general "bundle:dir=$1,level=$lvl" --soldiers "$2" --games 40 \
      --opening-plies 2 --seed 7 | sed -n 's/^general wins: \([0-9]*\).*/\1/p')
    echo "$1 $p General $lvl vs $2: $w/40"
  done
done
