#!/bin/bash
# Fresh-clone build and test times, before (ae963d6) and after (HEAD), one after the other.
set -u
out=/tmp/fresh-times.txt
: > $out
for rev in ae963d6 $(cd /work/main && git rev-parse --short HEAD); do
  d=/tmp/fresh-$rev
  rm -rf $d
  git clone -q /work/main $d
  cd $d && git checkout -q $rev
  s=$(date +%s.%N)
  cargo run --release --offline -- train > $d.train.log 2>&1
  rc=$?
  e=$(date +%s.%N)
  echo "$rev train rc=$rc seconds=$(echo "$e - $s" | bc)" >> $out
  s=$(date +%s.%N)
  cargo test --workspace --offline > $d.test.log 2>&1
  rc=$?
  e=$(date +%s.%N)
  echo "$rev test rc=$rc seconds=$(echo "$e - $s" | bc)" >> $out
  grep -E "^test result" $d.test.log | awk '{p+=$4; f+=$6} END {print "'$rev' tests passed " p " failed " f}' >> $out
  grep -E "Finished .release" $d.train.log | head -1 | sed "s/^/$rev /" >> $out
  grep -E "Finished .test" $d.test.log | head -1 | sed "s/^/$rev /" >> $out
  rm -rf $d/target
done
echo done >> $out
