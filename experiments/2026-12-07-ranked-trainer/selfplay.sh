#!/usr/bin/env bash
# Pure self-play on No setchin: configs/no-setchin.toml without the tables
# (bootstrap.tablebase = "", tablebase_policy = false; seed 1, 40 generations), with the sibling
# ranking (its targets the search's visits) and without, into runs/rank/selfplay-{ranked,plain};
# then each final network on the long fights (`musashi-lab fights`, selfplay-fights-ARM.txt) and
# at the Hard General's settings with and without rank=1 on every 4th (agentprobe-selfplay.txt).
set -euo pipefail
cd "$(dirname "$0")/../.."
here=$(dirname "$0")
for arm in ranked plain; do
  out=runs/rank/selfplay-$arm
  [ -e $out/checkpoints/gen-0040 ] && continue
  args=(--config configs/no-setchin.toml --set 'bootstrap.tablebase=""' --set bootstrap.tablebase_policy=false
        --set train.rank_siblings=$([ $arm = ranked ] && echo 1 || echo 0))
  [ -e $out/config.resolved.toml ] && args=(--resume)
  start=$(date +%s)
  target/release/musashi train "${args[@]}" --out $out > $out.log 2>&1
  echo "selfplay-$arm seconds=$(( $(date +%s) - start ))" >> runs/rank/times.txt
done
. experiments/2026-12-07-probe-levers/long-fights.sh
for arm in plain ranked; do
  f=$here/selfplay-fights-$arm.txt
  [ -s $f ] || target/release/musashi-lab fights --tables "$tables" \
    --checkpoint runs/rank/selfplay-$arm/checkpoints/gen-0040 "$tmp"/ranking-*.tsv > $f
done
out=$here/agentprobe-selfplay.txt
[ -s $out ] && exit 0
agents=()
for arm in plain ranked; do agents+=(--agent "mcts:ckpt=runs/rank/selfplay-$arm/checkpoints/gen-0040,sims=1600,fallible=0.3"); done
target/release/musashi-lab agentprobe --tables "$tables" --every 4 --after-root 1 "${agents[@]}" "$tmp"/ranking-*.tsv > $out.tmp
mv $out.tmp $out
