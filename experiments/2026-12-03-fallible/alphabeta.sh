#!/usr/bin/env bash
# The same question asked of alpha-beta: does its General gain from depth against fixed soldiers?
# 40 games per line, classic, 2 random opening plies, seed 7.
# Usage: alphabeta.sh SOLDIERS "DEPTHS..."
set -euo pipefail
cd "$(dirname "$0")/../.."
for d in $2; do
  w=$(target/release/musashi match --preset classic --general "alphabeta:depth=$d" --soldiers "$1" --games 40 \
    --opening-plies 2 --seed 7 | sed -n 's/^general wins: \([0-9]*\).*/\1/p')
  echo "alphabeta:depth=$d General vs $1: $w/40"
done
