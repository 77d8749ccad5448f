#!/usr/bin/env python3
"""Each arm's ranked checkpoints against wall time: the best (by overall Elo, relative to
alphabeta:depth=6 of its own gauntlet) of the first and of the last 20 minutes, and the best of
the whole 60 minutes. Usage: summary.py (from the repository root, after rank.sh)."""
import csv
import gzip
import json

HERE = "experiments/2026-12-06-graph-pure-selfplay"


def walls(arm):
    path = f"{HERE}/metrics-{arm}.jsonl" + (".gz" if arm == "mlp" else "")
    lines = gzip.open(path, "rt") if path.endswith(".gz") else open(path)
    ends = {0: 0.0}
    for line in lines:
        e = json.loads(line)
        if e.get("event") == "generation":
            ends[e["generation"]] = e["wall_seconds"]
    return ends


for arm in ["mlp", "graph"]:
    rows = list(csv.DictReader(open(f"{HERE}/ranking-{arm}.csv")))
    ref = next(float(r["elo"]) for r in rows if r["agent"] == "alphabeta:depth=6")
    ends = walls(arm)
    pts = []
    for r in rows:
        if r["generation"]:
            g = int(r["generation"])
            pts.append((ends.get(g, float("nan")), g, float(r["elo"]) - ref, float(r["elo_err"]),
                        float(r["elo_as_general"]) - float(next(x for x in rows if x["agent"] == "alphabeta:depth=6")["elo_as_general"])))
    def best(lo, hi):
        inside = [p for p in pts if lo <= p[0] <= hi]
        return max(inside, key=lambda p: p[2]) if inside else None
    print(f"{arm}: {len(pts)} ranked checkpoints")
    for name, lo, hi in [("first 20 min", 0, 1200), ("last 20 min", 2400, 3600), ("60 min", 0, 3600), ("after 60 min", 3600, 1e9)]:
        b = best(lo, hi)
        if b:
            print(f"  best of the {name}: gen {b[1]} at {b[0]:.0f} s: {b[2]:+.0f} ± {b[3]:.0f} over depth 6 (as General {b[4]:+.0f})")
