#!/usr/bin/env python3
"""The two arms at equal generations. The handicap arm's runs (../2026-12-07-handicap-seeds) were
made on a slower machine: on this one the role-heads runs trained about 1.7x as many generations
an hour, so equal wall time against those recordings would favour the new arm. Each seed's
handicap run's own 20-minute windows, as generations (0-110/111-227/228-352 for seed 2,
0-95/96-226/227-345 for seed 3), and the role-heads checkpoints of the same generations: the best
and the mean of each window, overall and as the General, relative to alphabeta:depth=6 of each
run's own gauntlet. Usage: generations.py (from the repository root, after summary.py)."""
import csv
import gzip
import json

HERE = "experiments/2026-12-07-role-heads"
OLD = "experiments/2026-12-07-handicap-seeds"


def ends(path):
    return {e["generation"]: e["wall_seconds"] for e in map(json.loads, gzip.open(path, "rt"))
            if e.get("event") == "generation"}


def rated(path):
    rows = list(csv.DictReader(open(path)))
    ref = next(r for r in rows if r["agent"] == "alphabeta:depth=6")
    rel = lambda r, k: float(r[k]) - float(ref[k])
    return [(int(r["generation"]), rel(r, "elo"), rel(r, "elo_as_general")) for r in rows if r["generation"]]


for seed in (2, 3):
    old_ends = ends(f"{OLD}/metrics-s{seed}.jsonl.gz")
    windows = []
    lo = 0
    for minutes in (20, 40, 60):
        hi = max(g for g, t in old_ends.items() if t <= minutes * 60 or minutes == 60)
        windows.append((lo, hi))
        lo = hi + 1
    new_ends = ends(f"{HERE}/metrics-s{seed}.jsonl.gz")
    print(f"seed {seed}: the handicap run's windows as generations {windows}")
    for arm, path, wall in (("handicap", f"{OLD}/ranking-s{seed}.csv", old_ends),
                            ("roles", f"{HERE}/ranking-s{seed}.csv", new_ends)):
        pts = rated(path)
        for lo, hi in windows:
            inside = [p for p in pts if lo <= p[0] <= hi]
            best = max(inside, key=lambda p: p[1])
            best_g = max(inside, key=lambda p: p[2])
            mean = sum(p[1] for p in inside) / len(inside)
            mean_g = sum(p[2] for p in inside) / len(inside)
            print(f"  {arm:8s} gens {lo:3d}-{hi:3d} (to {wall[hi] / 60:4.1f} min): best gen {best[0]} {best[1]:+.0f}, "
                  f"mean {mean:+.0f}; as the General best gen {best_g[0]} {best_g[2]:+.0f}, mean {mean_g:+.0f} "
                  f"({len(inside)} checkpoints)")
