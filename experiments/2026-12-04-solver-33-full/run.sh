#!/usr/bin/env bash
# Even levels of the 33-point game up to 16 soldiers (mirror-canonical tables), one ruleset.
# Usage: run.sh PRESET   (solved or classic); free disk and the folder's size logged every 30 s.
preset=$1
cd /work/tables/full
( while true; do echo "$(date +%s) $(df -B1 --output=avail /work | tail -1) $(du -sb $preset 2>/dev/null | cut -f1)"; sleep 30; done ) > $preset-disk.log &
logger=$!
/usr/bin/time -v /tmp/musashi-full solve --preset $preset --levels even --max-soldiers 16 --out $preset --recheck-sample 20000 > $preset.log 2> $preset.err
echo "exit $?" >> $preset.log
kill $logger
