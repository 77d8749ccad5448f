#!/usr/bin/env python3
"""The adaptive arm's gauntlets (runs/adaptive-sS after rank.sh), read as
../2026-12-07-handicap-seeds/summary.py reads the handicap arm's (whose functions it uses): each
seed's best checkpoint of the first and of the last 20 minutes and each window's mean, relative to
alphabeta:depth=6 of its own gauntlet; writes picks.txt for general-games.sh. Then, from the
metrics, the handicap games' blunder rate and the General's wins in them over the hour, for both
arms. Usage: summary.py (from the repository root)."""
import gzip
import importlib.util
import json

HERE = "experiments/2026-12-07-adaptive-handicap"
OLD = "experiments/2026-12-07-handicap-seeds"
spec = importlib.util.spec_from_file_location("seeds_summary", f"{OLD}/summary.py")
seeds_summary = importlib.util.module_from_spec(spec)
spec.loader.exec_module(seeds_summary)


def handicap_course(path):
    """(minutes, blunder rate, General wins, handicap games) for each 10 minutes' generations."""
    rows = [json.loads(l) for l in gzip.open(path, "rt")]
    sp = [e for e in rows if e.get("event") == "selfplay"]
    out = []
    for lo in range(0, 60, 10):
        inside = [e for e in sp if lo * 60 <= e["wall_seconds"] < (lo + 10) * 60]
        games = sum(e.get("handicap_games", 0) for e in inside)
        weak = sum(e.get("handicap_weak_wins", 0) for e in inside)
        rate = sum(e.get("handicap_blunders", 0.0) for e in inside) / max(len(inside), 1)
        general = sum(e["general_wins"] for e in inside)
        out.append((lo, rate, games - weak, games, general, sum(e["games"] for e in inside)))
    return out


picks = []
for seed in [2, 3]:
    run = f"runs/adaptive-s{seed}"
    if seeds_summary.keep(run, HERE, seed):
        picks += seeds_summary.summarise(seed, f"{HERE}/metrics-s{seed}.jsonl.gz", f"{HERE}/ranking-s{seed}.csv", run)
        print(f"  minutes: mean blunder rate, General wins in handicap games / in all games")
        for lo, rate, gw, games, general, total in handicap_course(f"{HERE}/metrics-s{seed}.jsonl.gz"):
            print(f"  {lo:2d}-{lo + 10:2d}: {rate:.3f}, {gw}/{games}, {general}/{total}")
with open(f"{HERE}/picks.txt", "w") as f:
    f.write("\n".join(p.replace(f"{p.split()[0]} ", f"{p.split()[0]} adaptive-", 1) for p in picks) + "\n")
