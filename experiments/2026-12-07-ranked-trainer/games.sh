#!/usr/bin/env bash
# Games: each arm's network as the No setchin General at the Hard General's settings (1600
# simulations, fallible 0.3), with and without `rank=1` (and the ranked one at 1600 simulations
# with ml=5 and rank=1, NAMES=ranked-ml5-rank1; the pure self-play networks of selfplay.sh and
# selfplay-rank.sh, NAMES="selfplay-plain selfplay-ranked-search-rank1"), and the shipped bundle's
# Hard General,
# against `alphabeta:depth=4` soldiers (the Hard General's calibration opponent): GAMES (200)
# games from OPENING (4) random plies, seed 1, the same openings for every agent. One
# games-NAME.tsv each (skipped when present) and games.txt, the summary.
set -euo pipefail
cd "$(dirname "$0")/../.."
here=$(dirname "$0")
games=${GAMES:-200} opening=${OPENING:-4}
declare -A agents=(
  [bundle]="bundle:dir=export/musashi,level=hard"
  [plain]="mcts:ckpt=runs/rank/no-setchin-plain/checkpoints/gen-0040,sims=1600,fallible=0.3"
  [plain-rank1]="mcts:ckpt=runs/rank/no-setchin-plain/checkpoints/gen-0040,sims=1600,fallible=0.3,rank=1"
  [ranked]="mcts:ckpt=runs/rank/no-setchin-ranked/checkpoints/gen-0040,sims=1600,fallible=0.3"
  [ranked-rank1]="mcts:ckpt=runs/rank/no-setchin-ranked/checkpoints/gen-0040,sims=1600,fallible=0.3,rank=1"
  [ranked-ml5-rank1]="mcts:ckpt=runs/rank/no-setchin-ranked/checkpoints/gen-0040,sims=1600,ml=5,rank=1"
  [selfplay-plain]="mcts:ckpt=runs/rank/selfplay-plain/checkpoints/gen-0040,sims=1600,fallible=0.3"
  [selfplay-ranked-search-rank1]="mcts:ckpt=runs/rank/selfplay-ranked-search/checkpoints/gen-0040,sims=1600,fallible=0.3,rank=1"
)
for name in ${NAMES:-bundle plain plain-rank1 ranked ranked-rank1}; do
  tsv=$here/games-$name.tsv
  [ -s $tsv ] || [ -s $tsv.gz ] && continue
  target/release/musashi match --preset no-setchin --general "${agents[$name]}" --soldiers alphabeta:depth=4 \
    --games $games --opening-plies $opening --seed 1 --out $tsv.tmp > /dev/null
  mv $tsv.tmp $tsv
done
python3 - "$here" > $here/games.txt <<'PY'
import glob, gzip, os, sys
here = sys.argv[1]
for tsv in sorted(glob.glob(os.path.join(here, "games-*.tsv")) + glob.glob(os.path.join(here, "games-*.tsv.gz"))):
    opener = gzip.open if tsv.endswith(".gz") else open
    rows = [l.rstrip("\n").split("\t") for l in opener(tsv, "rt") if l.strip() and not l.startswith("#")]
    wins = sum(1 for r in rows if r[2] == "general")
    n = len(rows)
    p = wins / n
    se = (p * (1 - p) / n) ** 0.5
    length = sum(int(r[4]) for r in rows) / n
    name = os.path.basename(tsv)[6:].removesuffix(".gz").removesuffix(".tsv")
    print(f"{name:>14}: General wins {wins}/{n} = {100*p:.1f}% ± {100*se:.1f}, mean length {length:.1f} plies")
PY
cat $here/games.txt
