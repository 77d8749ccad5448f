#!/usr/bin/env bash
# Issue 14's no-setchin long-fight target (the General keeps the longest delay in >= 97% of long
# fights). Each arm trains configs/no-setchin.toml (40 generations, seed 1, tables as targets)
# with its overrides into runs/nsl-ARM; arms.txt gets the wall time.
# Needs the tables: musashi solve --preset no-setchin --out tables/no-setchin
# Usage: arms.sh ARM...
set -euo pipefail
cd "$(dirname "$0")/../.."
here=experiments/2026-12-05-no-setchin-long-fights
m=target/release/musashi
for arm in "$@"; do
  case $arm in
    base) sets=() ;;
    # Half the games: the soldiers search 2 simulations (KataGo's asymmetric playouts).
    hand50) sets=(--set 'selfplay.handicap={ share = 0.5, side = "soldiers", sims = 2 }') ;;
    # Each soldiers' move is a random legal move with this probability (selfplay.detours).
    det05) sets=(--set 'selfplay.detours={ rate = 0.05, side = "soldiers" }') ;;
    det15) sets=(--set 'selfplay.detours={ rate = 0.15, side = "soldiers" }') ;;
    det30) sets=(--set 'selfplay.detours={ rate = 0.3, side = "soldiers" }') ;;
    # Five and ten times the self-play games per generation (self-play is ~1 s of a 7 s
    # generation), the replay window grown to hold them.
    g500) sets=(--set selfplay.games_per_generation=500 --set train.window_max=500000) ;;
    g1000) sets=(--set selfplay.games_per_generation=1000 --set train.window_max=1000000) ;;
    g500det15) sets=(--set selfplay.games_per_generation=500 --set train.window_max=500000
                     --set 'selfplay.detours={ rate = 0.15, side = "soldiers" }') ;;
    # The moves-left loss (MSE in units of 100 plies: a 2-ply error costs 0.0004 against a
    # policy loss near 1) weighted 30 or 300 times, for a head precise enough to tell moves
    # 2 plies apart.
    mlw30) sets=(--set train.moves_left_weight=30) ;;
    mlw300) sets=(--set train.moves_left_weight=300) ;;
    # A larger network: 512 wide, 3 residual blocks (about 8 times the weights of 192 x 2).
    big) sets=(--set model.hidden=512 --set model.blocks=3 --set model.value_hidden=64
               --set model.moves_left_hidden=64) ;;
    # Twice the generations (the learning-rate schedule spans the longer run), and three times
    # the training steps per generation: does the long-fight accuracy still grow with training?
    gens80) sets=(--set run.generations=80) ;;
    steps3x) sets=(--set train.steps_per_generation=900) ;;
    *) echo "unknown arm $arm" >&2; exit 2 ;;
  esac
  dir="runs/nsl-$arm"
  # An arm's run folder is kept, not replaced: remove it to train the arm again.
  [ -e "$dir" ] && { echo "$dir exists" >&2; exit 2; }
  mkdir -p runs
  start=$SECONDS
  $m train --config configs/no-setchin.toml --out "$dir" "${sets[@]}" 2> "$dir.log"
  echo "$arm: $((SECONDS - start)) s, last checkpoint $(cat "$dir/checkpoints/LATEST")" | tee -a "$here/arms.txt"
  cp "$dir/metrics.jsonl" "$here/metrics-$arm.jsonl"
done
