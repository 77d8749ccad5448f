#!/usr/bin/env bash
# Classic-run arms (configs/classic.toml, 40 generations; run.max_minutes = 12 as in
# 2026-12-01-classic-moves-left, which every arm finished well inside), each into
# runs/classic-ARM and judged by that experiment's judge.sh on its last checkpoint.
# Usage: arms.sh ARM...
set -euo pipefail
cd "$(dirname "$0")/../.."
for arm in "$@"; do
  case $arm in
    base) sets=() ;;                                        # today's defaults
    score) sets=(--set train.score_weight=0.3) ;;           # + the capture score in the value target
    score45) sets=(--set train.score_weight=0.45) ;;        # a larger weight
    base-long) sets=(--set run.generations=80) ;;           # twice as long
    score45-long) sets=(--set train.score_weight=0.45 --set run.generations=80) ;;
    score-handicap) sets=(--set train.score_weight=0.3 --set selfplay.handicap.share=0.25) ;;  # + weaker soldiers in a quarter of the games
    *) echo "unknown arm $arm" >&2; exit 2 ;;
  esac
  dir="runs/classic-$arm"
  rm -rf "$dir"; mkdir -p runs
  start=$SECONDS
  target/release/musashi train --config configs/classic.toml --out "$dir" --set run.max_minutes="${MAX_MINUTES:-12}" "${sets[@]}" 2> "$dir.log"
  latest=$(cat "$dir/checkpoints/LATEST")
  echo "== $arm: $latest after $((SECONDS - start)) s"
  cp "$dir/metrics.jsonl" "experiments/2026-12-02-capture-score/metrics-$arm.jsonl"
  experiments/2026-12-01-classic-moves-left/judge.sh "$dir/checkpoints/$latest" | tee "experiments/2026-12-02-capture-score/judge-$arm.txt"
done
