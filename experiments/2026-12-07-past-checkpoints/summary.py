#!/usr/bin/env python3
"""The past arm's gauntlets (runs/past-sS after rank.sh), read as
../2026-12-07-handicap-seeds/summary.py reads the handicap arm's (whose functions it uses): each
seed's best checkpoint of the first and of the last 20 minutes and each window's mean, relative to
alphabeta:depth=6 of its own gauntlet; writes picks.txt for general-games.sh. Then, from the
metrics, per 10 minutes: the General's wins in the past games and in the others, and the mean
age of the past checkpoint (the model's generation minus the past one's). Usage: summary.py (from
the repository root)."""
import gzip
import importlib.util
import json

HERE = "experiments/2026-12-07-past-checkpoints"
OLD = "experiments/2026-12-07-handicap-seeds"
spec = importlib.util.spec_from_file_location("seeds_summary", f"{OLD}/summary.py")
seeds_summary = importlib.util.module_from_spec(spec)
spec.loader.exec_module(seeds_summary)


def past_course(path):
    """(minutes, General wins in past games, past games, in the others, other games, mean age)."""
    sp = [e for e in map(json.loads, gzip.open(path, "rt")) if e.get("event") == "selfplay"]
    out = []
    for lo in range(0, 60, 10):
        inside = [e for e in sp if lo * 60 <= e["wall_seconds"] < (lo + 10) * 60]
        past = sum(e["past_games"] for e in inside)
        past_wins = sum(e["past_wins"] for e in inside)
        general = sum(e["general_wins"] for e in inside)
        games = sum(e["games"] for e in inside)
        age = sum(e["model"] - e["past_model"] for e in inside) / max(len(inside), 1)
        out.append((lo, past_wins, past, general - past_wins, games - past, age))
    return out


picks = []
for seed in [2, 3]:
    run = f"runs/past-s{seed}"
    if seeds_summary.keep(run, HERE, seed):
        picks += seeds_summary.summarise(seed, f"{HERE}/metrics-s{seed}.jsonl.gz", f"{HERE}/ranking-s{seed}.csv", run)
        print("  minutes: General wins in past games, in the other games; mean age of the past checkpoint")
        for lo, pw, p, ow, o, age in past_course(f"{HERE}/metrics-s{seed}.jsonl.gz"):
            print(f"  {lo:2d}-{lo + 10:2d}: {pw}/{p}, {ow}/{o}; {age:.0f} generations")
with open(f"{HERE}/picks.txt", "w") as f:
    f.write("\n".join(p.replace(f"{p.split()[0]} ", f"{p.split()[0]} past-", 1) for p in picks) + "\n")
