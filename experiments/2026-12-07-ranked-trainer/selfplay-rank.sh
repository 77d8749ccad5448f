#!/usr/bin/env bash
# Pure self-play on No setchin as selfplay.sh's ranked arm, with the search's ranking in the
# self-play games too (selfplay.mcts.root_ranking = 1), into runs/rank/selfplay-ranked-search;
# then its network as selfplay.sh measures the others (selfplay-fights-ranked-search.txt,
# agentprobe-selfplay-search.txt).
set -euo pipefail
cd "$(dirname "$0")/../.."
here=$(dirname "$0")
out=runs/rank/selfplay-ranked-search
if [ ! -e $out/checkpoints/gen-0040 ]; then
  args=(--config configs/no-setchin.toml --set 'bootstrap.tablebase=""' --set bootstrap.tablebase_policy=false
        --set train.rank_siblings=1 --set selfplay.mcts.root_ranking=1)
  [ -e $out/config.resolved.toml ] && args=(--resume)
  start=$(date +%s)
  target/release/musashi train "${args[@]}" --out $out > $out.log 2>&1
  echo "selfplay-ranked-search seconds=$(( $(date +%s) - start ))" >> runs/rank/times.txt
fi
. experiments/2026-12-07-probe-levers/long-fights.sh
f=$here/selfplay-fights-ranked-search.txt
[ -s $f ] || target/release/musashi-lab fights --tables "$tables" --checkpoint $out/checkpoints/gen-0040 "$tmp"/ranking-*.tsv > $f
a=$here/agentprobe-selfplay-search.txt
[ -s $a ] || { target/release/musashi-lab agentprobe --tables "$tables" --every 4 --after-root 1 \
  --agent "mcts:ckpt=$out/checkpoints/gen-0040,sims=1600,fallible=0.3" "$tmp"/ranking-*.tsv > $a.tmp && mv $a.tmp $a; }
