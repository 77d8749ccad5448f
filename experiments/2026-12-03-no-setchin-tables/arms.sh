#!/usr/bin/env bash
# Issue 14's no-setchin targets: soldiers 40/40 against the perfect General, and the lost General
# keeping the longest delay in >= 97% of long fights. Each arm trains configs/no-setchin.toml for
# GENERATIONS (default 20) with the arm's overrides, then its soldiers play the perfect General.
# Needs the tables: musashi solve --preset no-setchin --out tables/no-setchin
# Usage: [GENERATIONS=N] arms.sh ARM...   (runs into runs/ns-ARM)
set -euo pipefail
cd "$(dirname "$0")/../.."
gens=${GENERATIONS:-20}
m=target/release/musashi
for arm in "$@"; do
  case $arm in
    base) sets=(--set 'bootstrap.tablebase=""' --set bootstrap.tablebase_policy=false) ;;   # the config before it took the tables
    tables|tables2) sets=(--set bootstrap.tablebase=tables/no-setchin) ;;   # tables2: the same, rerun after the history check
    tables-ml3|tables2-ml3) sets=(--set bootstrap.tablebase=tables/no-setchin
                      --set 'selfplay.mcts.moves_left={ slope = 0.015, max_effect = 0.3 }') ;;
    tables2-policy|tables-policy-40|tables-policy-80) sets=(--set bootstrap.tablebase=tables/no-setchin --set bootstrap.tablebase_policy=true) ;;
    policy-256x3) sets=(--set bootstrap.tablebase=tables/no-setchin --set bootstrap.tablebase_policy=true
                        --set model.hidden=256 --set model.blocks=3) ;;
    ml3) sets=(--set 'selfplay.mcts.moves_left={ slope = 0.015, max_effect = 0.3 }') ;;
    *) echo "unknown arm $arm" >&2; exit 2 ;;
  esac
  dir="runs/ns-$arm"
  rm -rf "$dir"; mkdir -p runs
  start=$SECONDS
  $m train --config configs/no-setchin.toml --out "$dir" --set "run.generations=$gens" "${sets[@]}" 2> "$dir.log"
  echo "$arm: $((SECONDS - start)) s, last checkpoint $(cat "$dir/checkpoints/LATEST")"
  cp "$dir/metrics.jsonl" "experiments/2026-12-03-no-setchin-tables/metrics-$arm.jsonl"
  $m match --preset no-setchin --general perfect:tables=tables/no-setchin \
    --soldiers "mcts:ckpt=$dir/checkpoints/BEST,sims=100" --games 40 --opening-plies 2 --seed 7 \
    --out "/tmp/ns-$arm-perfect.tsv" | grep -i "wins"
done
