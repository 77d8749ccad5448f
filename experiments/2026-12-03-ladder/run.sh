#!/usr/bin/env bash
# Re-exports export/musashi on the per-side ladder of configs/musashi.toml from the shipped
# bundle's own network (musashi unbundle), after solving the tables the blunder rates use.
set -euo pipefail
M=target/release/musashi
E=experiments/2026-12-03-ladder
[ -d runs/musashi-net ] || $M unbundle export/musashi --out runs/musashi-net
for p in no-setchin classic soldiers-first qdan; do
  [ -d tables/$p ] || /usr/bin/time -f "solve $p: %e s, %M KiB" $M solve --preset $p --out tables/$p > $E/solve-$p.txt 2>&1
done
/usr/bin/time -f "export: %e s, %M KiB" $M export --config configs/musashi.toml --force \
  --set 'checkpoint="runs/musashi-net"' > $E/calibration-stdout.md 2> $E/export.log
