#!/usr/bin/env bash
# Trains configs/classic.toml (seed 1, 40 generations, the whole game's solved tables) with the
# sibling ranking on the moves-left head (`train.rank_siblings=1`, arm "ranked") and without
# (arm "plain"), into runs/rank/classic-ARM; ARMS picks (default "ranked plain"; "ranked-cap32"
# adds `train.rank_groups=32`). Resumable: a finished arm is skipped, a started one resumed.
# Wall times into runs/rank/classic-times.txt.
set -u
cd "$(dirname "$0")/../.."
mkdir -p runs/rank
[ -d tables/classic ] || target/release/musashi solve --preset classic --levels even --max-soldiers 16 --out tables/classic
for arm in ${ARMS:-ranked plain}; do
  extra=()
  case $arm in
    ranked) extra=(--set train.rank_siblings=1) ;;
    ranked-cap32) extra=(--set train.rank_siblings=1 --set train.rank_groups=32) ;;
  esac
  out=runs/rank/classic-$arm
  [ -e $out/checkpoints/gen-0040 ] && continue
  start=$(date +%s)
  args=(--config configs/classic.toml "${extra[@]}")
  [ -e $out/config.resolved.toml ] && args=(--resume)
  target/release/musashi train "${args[@]}" --out $out > $out.log 2>&1
  echo "$arm rc=$? seconds=$(( $(date +%s) - start ))" >> runs/rank/classic-times.txt
done
