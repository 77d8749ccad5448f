#!/usr/bin/env bash
# probe-32.sh judged: for seeds 2 and 3, the last two checkpoints that ended within 20 minutes of
# the 8-simulation runs (runs/pure-handicap-sS) and of the 32-simulation runs
# (runs/handicap32-sS) as the General, MCTS at 100 simulations, against alpha-beta soldiers at
# depths 4, 5 and 6, 100 games each, 2 random opening plies, seed 13. Prints one line per match
# and keeps its games in runs/handicap32-games.
set -euo pipefail
cd "$(dirname "$0")/../.."
musashi=${MUSASHI:-target/release/musashi}
mkdir -p runs/handicap32-games
for seed in 2 3; do
  for run in runs/pure-handicap-s$seed runs/handicap32-s$seed; do
    gens=$(python3 -c "
import json, sys
ends = [e['generation'] for e in map(json.loads, open('$run/metrics.jsonl'))
        if e.get('event') == 'generation' and e['wall_seconds'] <= 1200]
print(' '.join(f'{g:04d}' for g in sorted(ends)[-2:]))")
    for g in $gens; do
      for d in 4 5 6; do
        "$musashi" match --general "mcts:ckpt=$run/checkpoints/gen-$g,sims=100" --soldiers alphabeta:depth=$d \
          --games 100 --opening-plies 2 --seed 13 --threads 2 --out "runs/handicap32-games/$(basename "$run")-gen-$g-depth-$d.tsv" |
          sed -n "s|^result: |$run gen-$g depth $d: |p"
      done
    done
  done
done
