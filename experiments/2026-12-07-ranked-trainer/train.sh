#!/usr/bin/env bash
# Trains configs/no-setchin.toml (seed 1, 40 generations, the solved tables' targets) twice: with
# the sibling ranking on the moves-left head (`train.rank_siblings=1`) and without, into
# runs/rank/no-setchin-{ranked,plain}; resumable (a finished arm is skipped, a started one
# resumed). Wall times into runs/rank/times.txt.
set -u
cd "$(dirname "$0")/../.."
mkdir -p runs/rank
[ -d tables/no-setchin ] || target/release/musashi solve --preset no-setchin --out tables/no-setchin
for arm in ranked plain; do
  extra=()
  [ $arm = ranked ] && extra=(--set train.rank_siblings=1)
  out=runs/rank/no-setchin-$arm
  [ -e $out/checkpoints/gen-0040 ] && continue
  start=$(date +%s)
  args=(--config configs/no-setchin.toml "${extra[@]}")
  [ -e $out/config.resolved.toml ] && args=(--resume)
  target/release/musashi train "${args[@]}" --out $out > $out.log 2>&1
  echo "$arm rc=$? seconds=$(( $(date +%s) - start ))" >> runs/rank/times.txt
done
