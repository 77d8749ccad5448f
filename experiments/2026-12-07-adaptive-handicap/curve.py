#!/usr/bin/env python3
"""curve.sh's games: for each checkpoint of the two seed-1 runs, the wall time its generation
ended and its General's wins of 400 against alpha-beta soldiers at depths 3-6 (± one binomial
standard error). Usage: curve.py (from the repository root, after curve.sh). HERE (the experiment
with curve.tsv) and RUNS ("arm=run,arm=run") read another experiment's curve
(../2026-12-07-past-checkpoints)."""
import json
import math
import os

HERE = os.environ.get("HERE", "experiments/2026-12-07-adaptive-handicap")
RUNS = dict(kv.split("=") for kv in os.environ.get("RUNS", "plain=runs/pure-mlp,handicap=runs/pure-handicap").split(","))


def ends(run):
    out = {}
    for line in open(f"{run}/metrics.jsonl"):
        e = json.loads(line)
        if e.get("event") == "generation":
            out[e["generation"]] = e["wall_seconds"]
    return out


rows = [line.split("\t") for line in open(f"{HERE}/curve.tsv") if line.strip()]
print("arm          gen  minutes  wins of 400 (depths 3/4/5/6)")
for arm, run in RUNS.items():
    t = ends(run)
    for g in sorted({int(r[1]) for r in rows if r[0] == arm}):
        mine = [r for r in rows if r[0] == arm and int(r[1]) == g]
        wins, games = sum(int(r[3]) for r in mine), sum(int(r[4]) for r in mine)
        err = math.sqrt(wins * (games - wins) / games) if games else 0.0
        per = "/".join(r[3] for r in sorted(mine, key=lambda r: int(r[2])))
        print(f"{arm:12s} {g:4d}  {t.get(g, float('nan')) / 60:6.1f}  {wins:3d} ± {err:4.1f} ({per})")
