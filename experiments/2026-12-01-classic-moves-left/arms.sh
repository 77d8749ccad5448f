#!/usr/bin/env bash
# Classic-run arms on equal wall time (run.max_minutes = 12, what the new defaults needed for
# all 40 generations), each into runs/classic-ARM, each judged by judge.sh on its last
# checkpoint. Usage: arms.sh ARM...
set -euo pipefail
cd "$(dirname "$0")/../.."
for arm in "$@"; do
  case $arm in
    ml) sets=() ;;                                                          # the new defaults
    old) sets=(--set model.moves_left_hidden=0 --set eval.every=1) ;;      # the defaults before
    handicap) sets=(--set selfplay.handicap.share=0.25) ;;                 # + handicap games
    *) echo "unknown arm $arm" >&2; exit 2 ;;
  esac
  dir="runs/classic-$arm"
  rm -rf "$dir"; mkdir -p runs
  target/release/musashi train --config configs/classic.toml --out "$dir" --set run.max_minutes=12 "${sets[@]}" 2> "$dir.log"
  latest=$(cat "$dir/checkpoints/LATEST")
  echo "== $arm: $latest"
  experiments/2026-12-01-classic-moves-left/judge.sh "$dir/checkpoints/$latest"
done
