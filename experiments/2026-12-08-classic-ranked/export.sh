#!/usr/bin/env bash
# Re-exports export/musashi with Classic's levels from the ranked classic network
# (runs/rank/classic-ranked, train.sh; configs/classic.toml with train.rank_siblings = 1) and a
# classic Hard General candidate with `rank = 1` (configs/musashi.toml), No setchin's from the
# committed bundle's ranked specialist and the other versions from its shared network (both
# unbundled), blunder rates from the endgame tables up to 8 soldiers (tables/P-8; the whole
# 25-point game for No setchin), as ../2026-12-07-ranked-trainer/export.sh did; then the
# committed bundle's retune of classic's Hard levels (vary = 0.2) again, with its reason.
set -euo pipefail
cd "$(dirname "$0")/../.."
M=target/release/musashi
E=experiments/2026-12-08-classic-ranked
classic=${CLASSIC:-runs/rank/classic-ranked/checkpoints/gen-0040}
[ -d runs/musashi-net ] || $M unbundle export/musashi --weights net-2ccaaafeafb7.safetensors --out runs/musashi-net
[ -d runs/ns-ranked-net ] || $M unbundle export/musashi --weights net-064b1a0dca76.safetensors --out runs/ns-ranked-net
for p in classic soldiers-first qdan; do
  [ -d tables/$p-8 ] || $M solve --preset $p --out tables/$p-8 > /dev/null
done
[ -d tables/no-setchin ] || $M solve --preset no-setchin --out tables/no-setchin > /dev/null
echo "classic network: $classic" > $E/export.log
/usr/bin/time -f "export: %e s, %M KiB" $M export --config configs/musashi.toml --force \
  --set 'checkpoint="runs/musashi-net"' --set "networks.classic.checkpoint=\"$classic\"" \
  --set 'networks.no-setchin.checkpoint="runs/ns-ranked-net"' \
  --set 'tables.classic="tables/classic-8"' --set 'tables.no-setchin="tables/no-setchin"' \
  --set 'tables.soldiers-first="tables/soldiers-first-8"' --set 'tables.qdan="tables/qdan-8"' \
  > /dev/null 2>> $E/export.log
$M retune --bundle export/musashi --force --set 'hard@classic:vary=0.2' \
  --why "$(cat experiments/2026-12-07-ranked-trainer/retune-why.txt | sed 's/(Applied again after the re-export of experiments\/2026-12-07-ranked-trainer.)/(Applied again after the re-exports of experiments\/2026-12-07-ranked-trainer and experiments\/2026-12-08-classic-ranked.)/')" >> $E/export.log
cp export/musashi/calibration.md $E/calibration.md
gzip -9nf $E/export.log $E/calibration.md
