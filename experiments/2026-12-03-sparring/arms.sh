#!/usr/bin/env bash
# Issue 14, item 2: sparring games. Classic-run arms (configs/classic.toml, 40 generations,
# run.max_minutes = 12 as in the earlier classic experiments), each into runs/classic-ARM, judged
# by experiments/2026-12-01-classic-moves-left/judge.sh on its last checkpoint.
# Usage: arms.sh ARM...
set -euo pipefail
cd "$(dirname "$0")/../.."
here=experiments/2026-12-03-sparring
for arm in "$@"; do
  case $arm in
    base) sets=() ;;   # today's defaults
    sparring) sets=(--set 'selfplay.sparring={ share = 0.3, depths = [2, 3, 4] }') ;;
    # the defaults before issue 14's changes: no moves-left head, no capture score, evaluation
    # every generation (for the strength-against-wall-time plot)
    old) sets=(--set model.moves_left_hidden=0 --set train.score_weight=0 --set eval.every=1) ;;
    *) echo "unknown arm $arm" >&2; exit 2 ;;
  esac
  dir="runs/classic-$arm"
  rm -rf "$dir"; mkdir -p runs
  start=$SECONDS
  target/release/musashi train --config configs/classic.toml --out "$dir" --set run.max_minutes="${MAX_MINUTES:-12}" "${sets[@]}" 2> "$dir.log"
  latest=$(cat "$dir/checkpoints/LATEST")
  echo "== $arm: $latest after $((SECONDS - start)) s"
  cp "$dir/metrics.jsonl" "$here/metrics-$arm.jsonl"
  experiments/2026-12-01-classic-moves-left/judge.sh "$dir/checkpoints/$latest" | tee "$here/judge-$arm.txt"
done
