#!/usr/bin/env python3
"""How much of the General's training data the past games make: from the games tables of
runs/past-s2 and -s3, the General's positions (it moves first in classic: half the plies, rounded
up) in past games and in the others, for generations 100-199 and 200 on. Needs pyarrow (the
notebooks' venv). Usage: general_positions.py (from the repository root)."""
import glob
from collections import defaultdict

import pyarrow.parquet as pq

for seed in (2, 3):
    # stretch -> [General positions in past games, in the others, past games, other games]
    stats = defaultdict(lambda: [0, 0, 0, 0])
    for f in sorted(glob.glob(f"runs/past-s{seed}/games/sp*-main-*.games.parquet")):
        g = int(f.split("/sp")[1][:4])
        if g < 100:
            continue
        s = stats["100-199" if g < 200 else "200+"]
        for r in pq.read_table(f, columns=["soldiers_agent", "moves"]).to_pylist():
            past = r["soldiers_agent"].endswith("(past)")
            s[0 if past else 1] += (len(r["moves"]) + 1) // 2
            s[2 if past else 3] += 1
    for stretch, (pp, op, pg, og) in sorted(stats.items()):
        print(f"seed {seed}, generations {stretch}: past games {pg} ({pp / pg:.1f} General positions each), "
              f"others {og} ({op / og:.1f}); past games' share of the General's positions {pp / (pp + op):.1%}")
