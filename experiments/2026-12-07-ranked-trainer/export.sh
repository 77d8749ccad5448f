#!/usr/bin/env bash
# Re-exports export/musashi with No setchin's levels from the ranked specialist
# (runs/rank/no-setchin-ranked, train.sh) and its General's Hard candidates also with `rank=1`
# (configs/musashi.toml), classic's from the committed bundle's classic network and the other
# versions from its shared network (both unbundled), blunder rates from the endgame tables up to
# 8 soldiers (tables/P-8; the whole 25-point game for No setchin), as
# ../2026-12-05-no-setchin-specialist/export.sh did; then the committed bundle's retune of classic's
# Hard levels (vary = 0.2) again, with its reason (retune-why.txt).
set -euo pipefail
cd "$(dirname "$0")/../.."
M=target/release/musashi
E=experiments/2026-12-07-ranked-trainer
ns=${NS:-runs/rank/no-setchin-ranked/checkpoints/gen-0040}
[ -d runs/musashi-net ] || $M unbundle export/musashi --weights net-2ccaaafeafb7.safetensors --out runs/musashi-net
[ -d runs/classic-net ] || $M unbundle export/musashi --weights net-7cab9e056a78.safetensors --out runs/classic-net
for p in classic soldiers-first qdan; do
  [ -d tables/$p-8 ] || $M solve --preset $p --out tables/$p-8 > /dev/null
done
[ -d tables/no-setchin ] || $M solve --preset no-setchin --out tables/no-setchin > /dev/null
sha256sum $ns/* runs/classic-net/* runs/musashi-net/* > $E/networks.sha256
echo "no-setchin network: $ns" > $E/export.log
/usr/bin/time -f "export: %e s, %M KiB" $M export --config configs/musashi.toml --force \
  --set 'checkpoint="runs/musashi-net"' --set 'networks.classic.checkpoint="runs/classic-net"' \
  --set "networks.no-setchin.checkpoint=\"$ns\"" \
  --set 'tables.classic="tables/classic-8"' --set 'tables.no-setchin="tables/no-setchin"' \
  --set 'tables.soldiers-first="tables/soldiers-first-8"' --set 'tables.qdan="tables/qdan-8"' \
  > /dev/null 2>> $E/export.log
# The committed bundle's retune (classic Hard vary = 0.2, ../2026-12-06-hard-variety), again.
$M retune --bundle export/musashi --force --set 'hard@classic:vary=0.2' --why "$(cat $E/retune-why.txt)" >> $E/export.log
cp export/musashi/calibration.md $E/calibration.md
