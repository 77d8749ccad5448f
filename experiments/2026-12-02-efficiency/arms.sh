#!/usr/bin/env bash
# Issue 14, item 3: the efficiency methods against the default on equal wall time. Each arm is the
# embedded quick job (configs/quick.toml) with a few keys overridden, given the same budget:
# `run.max_minutes` (default 2) with `run.generations = 200`, so that the budget, not the
# generation count, ends it and every arm follows the same learning-rate schedule per step. No
# in-loop evaluation (`eval.every = 1000`): the moves-left experiment's judge.sh measures every
# arm the same way afterwards.
# Usage: [SEED=N] [MINUTES=M] arms.sh ARM...   (runs into runs/eff-ARM-seedN)
set -euo pipefail
cd "$(dirname "$0")/../.."
minutes=${MINUTES:-2}
seed=${SEED:-1}
for arm in "$@"; do
  case $arm in
    default) sets=() ;;
    gumbel) sets=(--set 'selfplay.mcts.gumbel={ considered = 16, c_visit = 50.0, c_scale = 1.0 }') ;;
    playout-cap) sets=(--set 'selfplay.mcts.playout_cap={ cheap_sims = 16, full_probability = 0.25 }') ;;
    forced) sets=(--set 'selfplay.mcts.forced_playouts={ k = 2.0 }') ;;
    gumbel-general) sets=(--set 'selfplay.mcts.gumbel={ considered = 16, c_visit = 50.0, c_scale = 1.0, side = "general" }') ;;
    *) echo "unknown arm $arm" >&2; exit 2 ;;
  esac
  dir="runs/eff-$arm-seed$seed"
  rm -rf "$dir"; mkdir -p runs
  start=$SECONDS
  target/release/musashi train --out "$dir" --set run.generations=200 --set "run.max_minutes=$minutes" \
    --set eval.every=1000 --set "run.seed=$seed" "${sets[@]}" 2> "$dir.log"
  gens=$(cat "$dir/checkpoints/LATEST")
  echo "$arm seed $seed: $((SECONDS - start)) s, $gens generations"
  experiments/2026-12-01-moves-left/judge.sh "$dir"   # BEST: without a gate, the newest generation
done
