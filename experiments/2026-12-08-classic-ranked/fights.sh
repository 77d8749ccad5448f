#!/usr/bin/env bash
# The classic long fights (the General to move, lost by the tables in at least the long-fight
# plies, some move losing sooner) in the shipped classic Hard General's games against depth-4
# soldiers (../2026-12-06-search-scaling-versions/classic: 100 and 1600 simulations, seeds 6
# and 7, 2 opening plies; 768 games): `musashi-lab fights` for the shipped network and both
# arms (raw policy, moves-left head) into fights-NAME.txt.
set -euo pipefail
cd "$(dirname "$0")/../.."
here=$(dirname "$0")
files=(experiments/2026-12-06-search-scaling-versions/classic/*.tsv.gz)
declare -A nets=([shipped]=runs/classic-net [plain]=runs/rank/classic-plain/checkpoints/gen-0040
  [ranked]=runs/rank/classic-ranked/checkpoints/gen-0040)
for name in shipped plain ranked; do
  out=$here/fights-$name.txt
  [ -s $out ] || target/release/musashi-lab fights --preset classic --tables tables/classic \
    --checkpoint ${nets[$name]} "${files[@]}" > $out.tmp && mv $out.tmp $out
done
tail -n 3 $here/fights-*.txt
