#!/usr/bin/env bash
# Issue 14's quick-job target: the README's main job under 5 minutes, ending with both sides
# winning >= 95% against random and >= 60% against alphabeta:depth=1 (40 games per line, 2 random
# opening plies, seed 7: experiments/2026-12-01-moves-left/judge.sh on the BEST checkpoint).
# Each arm is the embedded quick job with `run.generations` set; `run.seed` from SEED.
# Usage: [SEED=N] arms.sh GENERATIONS...   (runs into runs/quick-gGENERATIONS-seedN)
set -euo pipefail
cd "$(dirname "$0")/../.."
seed=${SEED:-1}
for gens in "$@"; do
  dir="runs/quick-g$gens-seed$seed"
  rm -rf "$dir"; mkdir -p runs
  start=$SECONDS
  target/release/musashi train --out "$dir" --set "run.generations=$gens" --set "run.seed=$seed" \
    ${EVERY:+--set "eval.every=$EVERY"} 2> "$dir.log"
  echo "generations $gens seed $seed: $((SECONDS - start)) s"
  experiments/2026-12-01-moves-left/judge.sh "$dir"
done
