#!/usr/bin/env bash
# `train.rank_groups = 32` (arm "ranked-cap32", train.sh): at most 32 sibling groups per
# minibatch of 256. Trains it, then the same probes as fights.sh and probe.sh for it alone
# (fights-ranked-cap32.txt, agentprobe-ranked-cap32.txt).
set -euo pipefail
cd "$(dirname "$0")/../.."
here=$(dirname "$0")
ARMS=ranked-cap32 $here/train.sh
c=runs/rank/classic-ranked-cap32/checkpoints/gen-0040
files=(experiments/2026-12-06-search-scaling-versions/classic/*.tsv.gz)
[ -s $here/fights-ranked-cap32.txt ] || target/release/musashi-lab fights --preset classic --tables tables/classic \
  --checkpoint $c "${files[@]}" > $here/fights-ranked-cap32.txt
[ -s $here/agentprobe-ranked-cap32.txt ] || target/release/musashi-lab agentprobe --preset classic --tables tables/classic \
  --every 4 --after-root 1 --agent "mcts:ckpt=$c,sims=1600" "${files[@]}" > $here/agentprobe-ranked-cap32.txt
