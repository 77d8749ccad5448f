#!/usr/bin/env bash
# No setchin, 40 generations of configs/no-setchin.toml twice: with the solved tables as targets
# (the shipped recipe) and in pure self-play (bootstrap.tablebase = ""), both on every core, one
# after the other. Then each run's generations 10, 20, 30 and 40 on the long fights of the ten
# rankings of ../2026-12-05-no-setchin-long-fights (musashi-lab fights): the raw policy's top
# move, the moves-left head's error and how often it ranks a longest-delay child above a shorter
# one, against the solved tables. Resumable: a finished run is skipped.
set -euo pipefail
cd "$(dirname "$0")/../.."
musashi=${MUSASHI:-target/release/musashi}
lab=${LAB:-target/release/musashi-lab}
here=experiments/2026-12-06-no-setchin-pure-heads
[ -f tables/no-setchin/level-00.mtb ] || "$musashi" solve --preset no-setchin --out tables/no-setchin
declare -A extra=([tables]="" [pure]="--set bootstrap.tablebase=\"\" --set bootstrap.tablebase_policy=false")
for arm in tables pure; do
  [ -f "runs/nsp-$arm/checkpoints/gen-0040/meta.json" ] && continue
  resume=""
  [ -f "runs/nsp-$arm/config.resolved.toml" ] && resume=--resume
  eval "\"$musashi\" train --config configs/no-setchin.toml ${extra[$arm]} --out runs/nsp-$arm $resume" \
    >> "runs/nsp-$arm.log" 2>&1
done
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
for f in experiments/2026-12-05-no-setchin-long-fights/ranking-*/games.tsv.gz; do
  gunzip -c "$f" > "$tmp/$(basename "$(dirname "$f")").tsv"
done
games=$(ls "$tmp"/*.tsv)
for arm in tables pure; do
  for g in 10 20 30 40; do
    echo "== $arm generation $g"
    "$lab" fights --tables tables/no-setchin --checkpoint "runs/nsp-$arm/checkpoints/gen-00$g" $games
  done
done > "$here/fights.txt"
