#!/usr/bin/env bash
# The distance probe's protocol (../2026-12-06-graph-network, ../2026-12-07-role-heads): No setchin,
# 50,000 table-labelled games, mlp:192x2 from fresh weights for 10,000 Adam steps at batch 256,
# measured on the long fights of ../2026-12-05-no-setchin-long-fights's rankings, with the
# moves-left loss weighted W = 1 (as before), 10 and 30 (`--moves-left-weight`), seeds 1-3, into
# distill-wW-seedS.jsonl. TABLES: the solved No setchin tables (musashi solve --preset no-setchin).
set -euo pipefail
cd "$(dirname "$0")/../.."
here=experiments/2026-12-07-moves-left-weight
tables=${TABLES:-tables/no-setchin}
[ -d "$tables" ] || target/release/musashi solve --preset no-setchin --out "$tables"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
for d in experiments/2026-12-05-no-setchin-long-fights/ranking-*/; do zcat $d/games.tsv.gz > "$tmp/$(basename $d).tsv"; done
for s in 1 2 3; do
  for w in 1 10 30; do
    target/release/musashi-lab distill --tables "$tables" --games 50000 --steps 10000 --every 2000 --seed $s \
      --moves-left-weight $w --model mlp:192x2 "$tmp"/ranking-*.tsv > $here/distill-w$w-seed$s.jsonl
  done
done
