#!/usr/bin/env bash
# The no-setchin specialist General (the bundle's network) against alpha-beta soldiers at each
# simulation count, keeping the games, and counting distinct openings and distinct games: both
# agents are deterministic (temp=0, alpha-beta), so two games with the same random opening are
# the same game. PRESET and CKPT choose another version and network (the bundle's qdan General:
# PRESET=qdan CKPT=runs/musashi-net, unbundled with `musashi unbundle`).
# Usage: [GAMES=96] [SEED=3] [PLIES=4] [PRESET=no-setchin] [CKPT=...] scaling.sh SOLDIERS "SIMS..." OUT-DIR
set -euo pipefail
cd "$(dirname "$0")/../.."
soldiers=$1; sims=$2; out=$3
ckpt=${CKPT:-runs/ns-every8/checkpoints/gen-0040}; preset=${PRESET:-no-setchin}
games=${GAMES:-96}; seed=${SEED:-3}; plies=${PLIES:-4}
mkdir -p "$out"
for s in $sims; do
  name="$out/$preset-sims-$s-seed-$seed-plies-$plies.tsv"
  [ -e "$name" ] && { echo "$name exists" >&2; exit 2; }
  start=$SECONDS
  target/release/musashi match --preset "$preset" --general "mcts:ckpt=$ckpt,sims=$s,temp=0" \
    --soldiers "$soldiers" --games "$games" --seed "$seed" --opening-plies "$plies" --out "$name" > /dev/null 2>&1
  rows=$(grep -v '^#' "$name")
  wins=$(awk -F'\t' '$3=="general"' <<< "$rows" | wc -l)
  openings=$(awk -F'\t' -v p="$plies" '{split($NF,a," "); o=a[1]; for(i=2;i<=p;i++) o=o" "a[i]; print o}' <<< "$rows" | sort -u | wc -l)
  distinct=$(awk -F'\t' '{print $NF}' <<< "$rows" | sort -u | wc -l)
  echo -e "$preset\t$soldiers\tsims $s\tseed $seed\topening plies $plies\tGeneral $wins/$games\topenings $openings\tdistinct games $distinct\t$((SECONDS - start)) s" \
    | tee -a "$out/results.txt"
done
