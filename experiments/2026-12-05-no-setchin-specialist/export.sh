#!/usr/bin/env bash
# Re-exports export/musashi with no-setchin's levels from the no-setchin specialist
# (configs/no-setchin.toml, 40 generations, seed 1: runs/ns-every8), classic's from the committed
# bundle's classic network and the other versions from its shared network (both unbundled).
# Blunder rates from the endgame tables up to 8 soldiers (tables/P-8), as before.
set -euo pipefail
cd "$(dirname "$0")/../.."
M=target/release/musashi
E=experiments/2026-12-05-no-setchin-specialist
ns=${NS:-runs/ns-every8/checkpoints/gen-0040}
[ -d runs/musashi-net ] || $M unbundle export/musashi --weights net-2ccaaafeafb7.safetensors --out runs/musashi-net
[ -d runs/classic-net ] || $M unbundle export/musashi --weights net-7cab9e056a78.safetensors --out runs/classic-net
for p in no-setchin classic soldiers-first qdan; do
  [ -d tables/$p-8 ] || /usr/bin/time -f "solve $p: %e s, %M KiB" $M solve --preset $p --out tables/$p-8 > $E/solve-$p-8.txt 2>&1
done
sha256sum $ns/* runs/classic-net/* runs/musashi-net/* > $E/networks.sha256
echo "no-setchin network: $ns" > $E/export.log
/usr/bin/time -f "export: %e s, %M KiB" $M export --config configs/musashi.toml --force \
  --set 'checkpoint="runs/musashi-net"' --set 'networks.classic.checkpoint="runs/classic-net"' \
  --set "networks.no-setchin.checkpoint=\"$ns\"" \
  --set 'tables.classic="tables/classic-8"' --set 'tables.no-setchin="tables/no-setchin-8"' \
  --set 'tables.soldiers-first="tables/soldiers-first-8"' --set 'tables.qdan="tables/qdan-8"' \
  > /dev/null 2>> $E/export.log
cp export/musashi/calibration.md $E/calibration.md
