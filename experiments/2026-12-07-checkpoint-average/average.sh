#!/usr/bin/env bash
# Averaged checkpoints of the base runs of ../2026-12-07-lr-anneal (runs/lr-base-s2, -s3: the
# handicap protocol, 424 and 393 generations): for each run, the mean of its last 10 checkpoints
# (last10) and of every 5th of its last 50 (last50by5), written next to its checkpoints as
# avg-last10 and avg-last50by5, and listed in picks.txt for general-games.sh.
set -euo pipefail
cd "$(dirname "$0")/../.."
lab=${LAB:-target/release/musashi-lab}
here=experiments/2026-12-07-checkpoint-average
: > $here/picks.txt
for seed in 2 3; do
  run=runs/lr-base-s$seed
  last=$(sed -n 's/^gen-0*//p' $run/checkpoints/LATEST)
  ckpt() { printf '%s/checkpoints/gen-%04d\n' $run "$1"; }
  rm -rf $run/avg-last10 $run/avg-last50by5
  "$lab" average --out $run/avg-last10 $(for g in $(seq $((last - 9)) $last); do ckpt $g; done)
  "$lab" average --out $run/avg-last50by5 $(for g in $(seq $((last - 45)) 5 $last); do ckpt $g; done)
  echo "$seed avg-last10 $run/avg-last10" >> $here/picks.txt
  echo "$seed avg-last50by5 $run/avg-last50by5" >> $here/picks.txt
done
