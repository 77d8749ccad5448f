#!/usr/bin/env bash
# The shallow minimax over the moves-left head (`musashi-lab mlsearch`, as in
# ../2026-12-06-symmetric-policy) with each network of NAMES that run.sh saved (SAVE=runs/sibling),
# on every EVERY-th (20) long fight, into mlsearch-NAME.txt.
set -euo pipefail
cd "$(dirname "$0")/../.."
here=$(dirname "$0")
every=${EVERY:-20} save=${SAVE:-runs/sibling}
names=${NAMES:-plain-mlp-192x2-steps10000-seed1 rank1-mlp-192x2-steps10000-seed1}
. experiments/2026-12-07-probe-levers/long-fights.sh
for n in $names; do
  out=$here/mlsearch-$n.txt
  [ -s "$out" ] && continue
  target/release/musashi-lab mlsearch --tables "$tables" --every $every --checkpoint "$save/$n/$(ls $save/$n)" \
    "$tmp"/ranking-*.tsv > "$out.tmp"
  mv "$out.tmp" "$out"
done
