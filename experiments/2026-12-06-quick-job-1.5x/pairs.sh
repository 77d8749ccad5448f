#!/bin/bash
# Four pairs of the README's quick job, alternating the base build and this one, on an idle machine.
# BASE=/path/to/ae963d6/musashi NEW=target/release/musashi OUT=/tmp/pairs pairs.sh
NEW=$(realpath "${NEW:-target/release/musashi}")
BASE=$(realpath "${BASE:?build ae963d6 and set BASE to its binary}")
OUT=${OUT:-/tmp/pairs}; mkdir -p $OUT; cd $OUT
for i in 1 2 3 4; do
  for who in base new; do
    if [ $who = base ]; then B=$BASE; else B=$NEW; fi
    rm -rf $OUT/$who-$i
    s=$(date +%s.%N)
    $B train --out $OUT/$who-$i > $OUT/$who-$i.log 2>&1
    e=$(date +%s.%N)
    echo "$i $who $(echo "$e - $s" | bc)" >> $OUT/times.txt
  done
done
echo DONE >> $OUT/times.txt
