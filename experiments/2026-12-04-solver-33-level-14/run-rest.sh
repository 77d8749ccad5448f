#!/usr/bin/env bash
# Levels 10 and 12 again (removed to make room during level 14), then level 14 back and the
# resumed command's full check, summary and sampled re-check.
cd /work/tables
/usr/bin/time -v /tmp/musashi-new solve --preset solved --levels even --max-soldiers 12 --out solved-even > resolve-10-12.log 2> resolve-10-12.err
echo "exit $?" >> resolve-10-12.log
mv hold/level-14.mtb solved-even/
/usr/bin/time -v /tmp/musashi-new solve --preset solved --levels even --max-soldiers 14 --out solved-even --recheck-sample 20000 > recheck.log 2> recheck.err
echo "exit $?" >> recheck.log
python3 /work/main/experiments/2026-12-02-solver-33-to-12/checksums.py solved-even > solved-even-checksums.tsv
