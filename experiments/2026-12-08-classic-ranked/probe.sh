#!/usr/bin/env bash
# The classic long fights of fights.sh (every EVERY-th, default 4), by `musashi-lab agentprobe`:
# the bundle's Hard General before this experiment (/tmp copy: BEFORE, default the committed
# bundle at 1df6e7c unpacked into /tmp/bundle-1df6e7c, with its `vary`), its network
# (runs/classic-net) and each arm's network at the Hard General's settings (1600 simulations;
# without `vary`, whose draw among near-best moves is a lottery) with
# `--after-root 1` (each `mcts:` agent also with `rank=1`), into agentprobe.txt.
set -euo pipefail
cd "$(dirname "$0")/../.."
here=$(dirname "$0")
before=${BEFORE:-/tmp/bundle-1df6e7c}
[ -d $before ] || { mkdir -p $before && git archive 1df6e7c export/musashi | tar -x -C $before --strip-components=2; }
files=(experiments/2026-12-06-search-scaling-versions/classic/*.tsv.gz)
out=$here/agentprobe.txt
[ -s $out ] && exit 0
agents=(--agent "bundle:dir=$before,level=hard" --agent "mcts:ckpt=runs/classic-net,sims=1600")
for arm in plain ranked; do agents+=(--agent "mcts:ckpt=runs/rank/classic-$arm/checkpoints/gen-0040,sims=1600"); done
target/release/musashi-lab agentprobe --preset classic --tables tables/classic --every ${EVERY:-4} --after-root 1 \
  "${agents[@]}" "${files[@]}" > $out.tmp
mv $out.tmp $out
