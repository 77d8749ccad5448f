set -x
for b in before now; do
  /tmp/musashi-$b match --general random --soldiers alphabeta:depth=4 --games 20 --seed 2 --opening-plies 0 --out /tmp/m15/$b-r4.tsv | tail -4
done
/tmp/musashi-before match --general alphabeta:depth=6 --soldiers bundle:dir=/tmp/bundle-old,level=normal --games 40 --opening-plies 2 --out /tmp/m15/before-ab6-normal.tsv | tail -4
/tmp/musashi-now match --general alphabeta:depth=6 --soldiers bundle:dir=/work/main/export/classic,level=normal --games 40 --opening-plies 2 --out /tmp/m15/now-ab6-normal.tsv | tail -4
for b in before now; do
  /tmp/musashi-$b match --general alphabeta:depth=6 --soldiers alphabeta:depth=6 --games 40 --opening-plies 2 --out /tmp/m15/$b-ab6-ab6.tsv | tail -4
done
/tmp/musashi-now solve --preset no-setchin --out /tmp/t25 --force | tail -3
for b in before now; do
  /tmp/musashi-$b bench validate --tables /tmp/t25 --critical --positions 1000 --max-depth 6
done
