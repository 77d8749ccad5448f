#!/usr/bin/env bash
# Even levels of the 33-point game, `solved` rules, up to 14 soldiers; free disk logged every 30 s.
cd /work/tables
( while true; do echo "$(date +%s) $(df -B1 --output=avail /work | tail -1) $(du -sb solved-even 2>/dev/null | cut -f1)"; sleep 30; done ) > disk-free.log &
logger=$!
/usr/bin/time -v /tmp/musashi-new solve --preset solved --levels even --max-soldiers 14 --out solved-even --recheck-sample 20000 > solve.log 2> solve.err
echo "exit $?" >> solve.log
kill $logger
