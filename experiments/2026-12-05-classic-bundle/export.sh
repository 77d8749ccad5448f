#!/usr/bin/env bash
# Re-exports export/musashi with its classic levels from runs/classic-tables (the last checkpoint);
# the other versions from the committed bundle's own network (musashi unbundle). Blunder rates
# from the endgame tables up to 8 soldiers (tables/P-8), as the committed bundle's were.
set -euo pipefail
cd "$(dirname "$0")/../.."
M=target/release/musashi
E=experiments/2026-12-05-classic-bundle
# The bundle's shared network (since this export the bundle holds two: the classic one apart).
[ -d runs/musashi-net ] || $M unbundle export/musashi --weights net-2ccaaafeafb7.safetensors --out runs/musashi-net
for p in no-setchin classic soldiers-first qdan; do
  [ -d tables/$p-8 ] || /usr/bin/time -f "solve $p: %e s, %M KiB" $M solve --preset $p --out tables/$p-8 > $E/solve-$p-8.txt 2>&1
done
classic="runs/classic-tables/checkpoints/$(cat runs/classic-tables/checkpoints/LATEST)"
echo "classic network: $classic" > $E/export.log
/usr/bin/time -f "export: %e s, %M KiB" $M export --config configs/musashi.toml --force \
  --set 'checkpoint="runs/musashi-net"' --set "networks.classic.checkpoint=\"$classic\"" \
  --set 'tables.classic="tables/classic-8"' --set 'tables.no-setchin="tables/no-setchin-8"' \
  --set 'tables.soldiers-first="tables/soldiers-first-8"' --set 'tables.qdan="tables/qdan-8"' \
  > /dev/null 2>> $E/export.log
cp export/musashi/calibration.md $E/calibration.md
