#!/usr/bin/env python3
"""Why the adaptive arm: the handicap arm's own handicap games (soldiers at 8 simulations, no
blunders), read from its runs' games tables (runs/pure-handicap, -s2, -s3; needs pyarrow, e.g.
the notebooks' venv): per 50 generations, the General's wins in the handicap games and in the
others. Writes handicap-arm-wins.txt. Usage: handicap_wins.py (from the repository root)."""
import glob

import pyarrow as pa
import pyarrow.parquet as pq

HERE = "experiments/2026-12-07-adaptive-handicap"
lines = ["run\tgenerations\thandicap games\tGeneral wins\tother games\tGeneral wins"]
for run in ("pure-handicap", "pure-handicap-s2", "pure-handicap-s3"):
    for lo in (1, 11, 26, 51, 101, 201, 301):
        hi = {1: 10, 11: 25, 26: 50, 51: 100, 101: 200, 201: 300, 301: 400}[lo]
        files = [f for g in range(lo, hi + 1) for f in glob.glob(f"runs/{run}/games/sp{g:04d}-main-*.games.parquet")]
        if not files:
            continue
        t = pa.concat_tables([pq.read_table(f, columns=["soldiers_agent", "winner"]) for f in files]).to_pandas()
        weak = t.soldiers_agent.str.contains("handicap")
        h, o = t[weak], t[~weak]
        lines.append(f"{run}\t{lo}-{hi}\t{len(h)}\t{(h.winner == 'general').sum()}\t{len(o)}\t{(o.winner == 'general').sum()}")
open(f"{HERE}/handicap-arm-wins.txt", "w").write("\n".join(lines) + "\n")
print("\n".join(lines))
