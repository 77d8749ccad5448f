#!/usr/bin/env python3
"""The role-heads arm's gauntlets (runs/roles-sS after rank.sh), read as
../2026-12-07-handicap-seeds/summary.py reads the handicap arm's (whose functions it uses): each
seed's best checkpoint of the first and of the last 20 minutes and each window's mean, relative to
alphabeta:depth=6 of its own gauntlet; writes picks.txt for general-games.sh. Then, from both
arms' metrics, per 10 minutes: generations finished and the General's self-play wins (handicap
games included; the handicap arm's metrics were written before they were counted apart). Usage:
summary.py (from the repository root)."""
import gzip
import importlib.util
import json

HERE = "experiments/2026-12-07-role-heads"
OLD = "experiments/2026-12-07-handicap-seeds"
spec = importlib.util.spec_from_file_location("seeds_summary", f"{OLD}/summary.py")
seeds_summary = importlib.util.module_from_spec(spec)
spec.loader.exec_module(seeds_summary)


def course(path):
    """(minutes, generations, the General's self-play wins, games) per 10 minutes."""
    sp = [e for e in map(json.loads, gzip.open(path, "rt")) if e.get("event") == "selfplay"]
    out = []
    for lo in range(0, 60, 10):
        inside = [e for e in sp if lo * 60 <= e["wall_seconds"] < (lo + 10) * 60]
        out.append((lo, len(inside), sum(e["general_wins"] for e in inside), sum(e["games"] for e in inside)))
    return out


picks = []
for seed in [2, 3]:
    run = f"runs/roles-s{seed}"
    if seeds_summary.keep(run, HERE, seed):
        picks += seeds_summary.summarise(seed, f"{HERE}/metrics-s{seed}.jsonl.gz", f"{HERE}/ranking-s{seed}.csv", run)
        for arm, path in (("roles", f"{HERE}/metrics-s{seed}.jsonl.gz"), ("handicap", f"{OLD}/metrics-s{seed}.jsonl.gz")):
            print(f"  {arm}, minutes: generations; the General's self-play wins")
            for lo, n, wins, games in course(path):
                print(f"  {lo:2d}-{lo + 10:2d}: {n}; {wins}/{games}")
with open(f"{HERE}/picks.txt", "w") as f:
    f.write("\n".join(p.replace(f"{p.split()[0]} ", f"{p.split()[0]} roles-", 1) for p in picks) + "\n")
