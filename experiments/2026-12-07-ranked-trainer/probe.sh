#!/usr/bin/env bash
# The two arms of train.sh on the No setchin long fights of ../2026-12-05-no-setchin-long-fights
# (graded by the tables): `musashi-lab fights` (raw policy, moves-left head: every long fight)
# into fights-ARM.txt, then `musashi-lab agentprobe` on every 4th fight (EVERY) with the
# shipped bundle's Hard General and each arm's network at the Hard General's settings
# (1600 simulations, fallible 0.3) with and without `rank=1`, into agentprobe.txt.
set -euo pipefail
cd "$(dirname "$0")/../.."
here=$(dirname "$0")
. experiments/2026-12-07-probe-levers/long-fights.sh
for arm in plain ranked; do
  out=$here/fights-$arm.txt
  [ -s $out ] || target/release/musashi-lab fights --tables "$tables" \
    --checkpoint runs/rank/no-setchin-$arm/checkpoints/gen-0040 "$tmp"/ranking-*.tsv > $out
done
out=$here/agentprobe.txt
[ -s $out ] && exit 0
agents=(--agent "bundle:dir=export/musashi,level=hard")
for arm in plain ranked; do
  c=runs/rank/no-setchin-$arm/checkpoints/gen-0040
  for s in ${SPECS:-sims=0 sims=1600,fallible=0.3}; do agents+=(--agent "mcts:ckpt=$c,$s"); done
done
target/release/musashi-lab agentprobe --tables "$tables" --every ${EVERY:-4} --after-root 1 "${agents[@]}" \
  "$tmp"/ranking-*.tsv > $out.tmp
mv $out.tmp $out
