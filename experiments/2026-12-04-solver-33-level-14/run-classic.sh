#!/usr/bin/env bash
# Even levels of the 33-point game, `classic` rules, up to 14 soldiers; free disk logged every 30 s.
cd /work/tables
( while true; do echo "$(date +%s) $(df -B1 --output=avail /work | tail -1) $(du -sb classic-even 2>/dev/null | cut -f1)"; sleep 30; done ) > classic-disk-free.log &
logger=$!
/usr/bin/time -v /tmp/musashi-new solve --preset classic --levels even --max-soldiers 14 --out classic-even --recheck-sample 20000 > classic.log 2> classic.err
echo "exit $?" >> classic.log
kill $logger
python3 /work/main/experiments/2026-12-02-solver-33-to-12/checksums.py classic-even > classic-even-checksums.tsv
