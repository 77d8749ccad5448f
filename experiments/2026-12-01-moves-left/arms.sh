#!/usr/bin/env bash
# The quick-job ablation: each arm is `musashi train` (the embedded configs/quick.toml) with a
# few keys overridden, into runs/ml-ARM (runs/ml-ARM-seedN with SEED=N), then judged by
# judge.sh. Usage: [SEED=N] arms.sh ARM...
set -euo pipefail
cd "$(dirname "$0")/../.."
for arm in "$@"; do
  case $arm in
    old) sets=(--set model.moves_left_hidden=0 --set eval.every=1) ;;           # the previous defaults
    head-only) sets=(--set selfplay.mcts.moves_left.max_effect=0) ;;            # the head, no utility
    new) sets=() ;;                                                              # the new defaults
    handicap) sets=(--set selfplay.handicap.share=0.25) ;;                       # + handicap games
    *) echo "unknown arm $arm" >&2; exit 2 ;;
  esac
  dir="runs/ml-$arm${SEED:+-seed$SEED}"
  rm -rf "$dir"; mkdir -p runs
  start=$SECONDS
  target/release/musashi train --out "$dir" "${sets[@]}" ${SEED:+--set run.seed=$SEED} 2> "$dir.log"
  echo "$arm: $((SECONDS - start)) s"
  experiments/2026-12-01-moves-left/judge.sh "$dir"
done
