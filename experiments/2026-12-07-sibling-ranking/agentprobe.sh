#!/usr/bin/env bash
# MCTS on the networks run.sh saved (SAVE=runs/sibling): every EVERY-th (4) long fight, the move of
# a fresh search from the fight's position with each checkpoint of NAMES, at each SPECS setting,
# graded by the tables (`musashi-lab agentprobe`), into agentprobe-TAG.txt. AFTER=T also runs each
# agent with the moves-left head's ranking of the root's children in its root priors
# (`--after-root T`). EXTRA: more agent specs, as they are (e.g. the bundle's Hard General).
# UNSEEN_BY=GAMES,SEED leaves out the fights among those labelled games' positions (`--unseen-by`).
set -euo pipefail
cd "$(dirname "$0")/../.."
here=$(dirname "$0")
every=${EVERY:-4} save=${SAVE:-runs/sibling}
names=${NAMES:-plain-mlp-192x2-steps10000-seed1 rank1-mlp-192x2-steps10000-seed1}
specs=${SPECS:-sims=0 sims=100 sims=100,ml=5 sims=400 sims=400,ml=5}
out=$here/agentprobe-${TAG:-10k}.txt
[ -s "$out" ] && exit 0
. experiments/2026-12-07-probe-levers/long-fights.sh
agents=()
for n in $names; do for s in $specs; do agents+=(--agent "mcts:ckpt=$save/$n/$(ls $save/$n),$s"); done; done
for x in ${EXTRA:-}; do agents+=(--agent "$x"); done
target/release/musashi-lab agentprobe --tables "$tables" --every $every ${AFTER:+--after-root $AFTER} ${UNSEEN_BY:+--unseen-by $UNSEEN_BY} "${agents[@]}" \
  "$tmp"/ranking-*.tsv > "$out.tmp"
mv "$out.tmp" "$out"
