#!/usr/bin/env bash
# After run-classic.sh: levels 10 and 12 again (removed to make room during level 14), then
# level 14 back and the command again: full check, summary, sampled re-check.
cd /work/tables
while pgrep -f run-classic.sh >/dev/null; do sleep 10; done
mkdir -p hold; mv classic-even/level-14.mtb hold/
/usr/bin/time -v /tmp/musashi-new solve --preset classic --levels even --max-soldiers 12 --out classic-even > classic-resolve-10-12.log 2> classic-resolve-10-12.err
echo "exit $?" >> classic-resolve-10-12.log
mv hold/level-14.mtb classic-even/
/usr/bin/time -v /tmp/musashi-new solve --preset classic --levels even --max-soldiers 14 --out classic-even --recheck-sample 20000 > classic-recheck.log 2> classic-recheck.err
echo "exit $?" >> classic-recheck.log
python3 /work/main/experiments/2026-12-02-solver-33-to-12/checksums.py classic-even > classic-even-checksums.tsv
