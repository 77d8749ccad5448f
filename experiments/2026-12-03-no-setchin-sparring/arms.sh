#!/usr/bin/env bash
# Issue 14's no-setchin long-fight target: does the General keep the longest delay more often when
# a share of self-play games has alpha-beta playing the soldiers (selfplay.sparring; the General's
# positions there get the tables' exact targets like any other)? Each arm trains
# configs/no-setchin.toml (40 generations, tables as targets) with its overrides into runs/nss-ARM.
# Needs the tables: musashi solve --preset no-setchin --out tables/no-setchin
# The lf arms weigh the General's long fights more in the policy loss (train.long_fight_weight).
# Usage: arms.sh ARM...
set -euo pipefail
cd "$(dirname "$0")/../.."
here=experiments/2026-12-03-no-setchin-sparring
m=target/release/musashi
for arm in "$@"; do
  case $arm in
    base) sets=() ;;
    spar30) sets=(--set 'selfplay.sparring={ share = 0.3, depths = [2, 4, 6] }') ;;
    spar50) sets=(--set 'selfplay.sparring={ share = 0.5, depths = [2, 4, 6] }') ;;
    lf4) sets=(--set train.long_fight_weight=4) ;;     # the General's long fights weigh 4x in the policy loss
    lf10) sets=(--set train.long_fight_weight=10) ;;
    *) echo "unknown arm $arm" >&2; exit 2 ;;
  esac
  dir="runs/nss-$arm"
  rm -rf "$dir"; mkdir -p runs
  start=$SECONDS
  $m train --config configs/no-setchin.toml --out "$dir" "${sets[@]}" 2> "$dir.log"
  echo "$arm: $((SECONDS - start)) s, last checkpoint $(cat "$dir/checkpoints/LATEST")"
  cp "$dir/metrics.jsonl" "$here/metrics-$arm.jsonl"
done
