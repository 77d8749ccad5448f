#!/usr/bin/env bash
# The re-exported bundle's No setchin Hard General (export.sh): every 4th long fight
# (agentprobe-bundle.txt) and 200 games against depth-4 soldiers (games-new-bundle.tsv, as
# games.sh plays them).
set -euo pipefail
cd "$(dirname "$0")/../.."
here=$(dirname "$0")
. experiments/2026-12-07-probe-levers/long-fights.sh
out=$here/agentprobe-bundle.txt
[ -s $out ] || { target/release/musashi-lab agentprobe --tables "$tables" --every 4 \
  --agent "bundle:dir=export/musashi,level=hard" "$tmp"/ranking-*.tsv > $out.tmp && mv $out.tmp $out; }
tsv=$here/games-new-bundle.tsv
[ -s $tsv ] || { target/release/musashi match --preset no-setchin --general "bundle:dir=export/musashi,level=hard" \
  --soldiers alphabeta:depth=4 --games 200 --opening-plies 4 --seed 1 --out $tsv.tmp > /dev/null && mv $tsv.tmp $tsv; }
NAMES=bundle $here/games.sh > /dev/null
