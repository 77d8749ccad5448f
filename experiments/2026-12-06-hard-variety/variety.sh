#!/usr/bin/env bash
# Hard's variety (issue 45): the same line of play by the person (alphabeta:depth=2, which is
# deterministic) against Hard, 20 games with the seeds a server draws (match seeds each game),
# no random opening: how many different games, for each vary and side. Prints one line each.
set -euo pipefail
cd "$(dirname "$0")/../.."
musashi=${MUSASHI:-target/release/musashi}
out=$(mktemp -d); trap 'rm -rf "$out"' EXIT
for vary in 0 0.05 0.1 0.2 0.3; do
  for side in general soldiers; do
    other=$([ "$side" = soldiers ] && echo general || echo soldiers)
    "$musashi" match --"$side" "bundle:dir=export/musashi,level=hard,vary=$vary" --"$other" alphabeta:depth=2 \
      --games 20 --opening-plies 0 --seed 5 --threads 1 --out "$out/g.tsv" > "$out/log" 2>&1
    games=$(grep -v '^#' "$out/g.tsv" | awk -F'\t' '{print $NF}')
    distinct=$(sort <<<"$games" | uniq | wc -l)
    common=$(sort <<<"$games" | uniq -c | sort -rn | head -1 | awk '{print $1}')
    echo "vary=$vary hard=$side: $distinct distinct games of 20, $((20 - common)) differ from the most common; $(tail -n 1 "$out/log")"
  done
done
