#!/usr/bin/env bash
# Games: each arm's network (train.sh) as the classic General at the Hard General's settings
# (1600 simulations, vary 0.2), with and without `rank=1`, and the bundle's Hard General before
# this experiment's export.sh (1df6e7c; NAMES=new-bundle: the one it wrote), against SOLDIERS
# (default `alphabeta:depth=6`, the issue's judge): GAMES (40) games from OPENING (2) random
# plies, seed SEED (7), the same openings for every agent. One games-TAG-NAME.tsv each (TAG names
# the opponent and protocol; skipped when present) and games-TAG.txt, the summary.
set -euo pipefail
cd "$(dirname "$0")/../.."
here=$(dirname "$0")
soldiers=${SOLDIERS:-alphabeta:depth=6} games=${GAMES:-40} opening=${OPENING:-2} seed=${SEED:-7}
tag=${TAG:-d6-g$games-o$opening-s$seed}
net() { echo "runs/rank/classic-$1/checkpoints/gen-0040"; }
before=/tmp/bundle-1df6e7c  # the bundle before this experiment's export.sh
[ -d $before ] || { mkdir -p $before && git archive 1df6e7c export/musashi | tar -x -C $before --strip-components=2; }
declare -A agents=(
  [bundle]="bundle:dir=$before,level=hard"
  [new-bundle]="bundle:dir=export/musashi,level=hard"
  [plain]="mcts:ckpt=$(net plain),sims=1600,vary=0.2"
  [ranked]="mcts:ckpt=$(net ranked),sims=1600,vary=0.2"
  [ranked-rank1]="mcts:ckpt=$(net ranked),sims=1600,vary=0.2,rank=1"
  [plain-rank1]="mcts:ckpt=$(net plain),sims=1600,vary=0.2,rank=1"
)
for name in ${NAMES:-bundle plain ranked ranked-rank1}; do
  tsv=$here/games-$tag-$name.tsv
  [ -s $tsv ] || [ -s $tsv.gz ] && continue
  target/release/musashi match --preset classic --general "${agents[$name]}" --soldiers "$soldiers" \
    --games $games --opening-plies $opening --seed $seed --out $tsv.tmp > /dev/null
  mv $tsv.tmp $tsv
done
python3 - "$here" "$tag" > $here/games-$tag.txt <<'PY'
import glob, gzip, os, sys
here, tag = sys.argv[1], sys.argv[2]
for tsv in sorted(glob.glob(os.path.join(here, f"games-{tag}-*.tsv")) + glob.glob(os.path.join(here, f"games-{tag}-*.tsv.gz"))):
    opener = gzip.open if tsv.endswith(".gz") else open
    rows = [l.rstrip("\n").split("\t") for l in opener(tsv, "rt") if l.strip() and not l.startswith("#")]
    wins = sum(1 for r in rows if r[2] == "general")
    n = len(rows)
    p = wins / n
    se = (p * (1 - p) / n) ** 0.5
    length = sum(int(r[4]) for r in rows) / n
    name = os.path.basename(tsv)[len(f"games-{tag}-"):].removesuffix(".gz").removesuffix(".tsv")
    print(f"{name:>14}: General wins {wins}/{n} = {100*p:.1f}% ± {100*se:.1f}, mean length {length:.1f} plies")
PY
cat $here/games-$tag.txt
