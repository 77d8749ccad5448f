#!/usr/bin/env python3
"""The four runs of run.sh after rank.sh (runs/lr-ARM-sSEED), read as
../2026-12-07-handicap-seeds/summary.py reads the handicap arm's (whose functions it uses): each
run's best checkpoint of the first and of the last 20 minutes and each window's mean, relative to
alphabeta:depth=6 of its own gauntlet; the learning rate and generation at the end of each 20
minutes; writes picks.txt (the two picks, each run's final checkpoint and the base runs' generation
300, the anneal runs' last) for general-games.sh.
Usage: summary.py (from the repository root)."""
import gzip
import importlib.util
import json

HERE = "experiments/2026-12-07-lr-anneal"
OLD = "experiments/2026-12-07-handicap-seeds"
spec = importlib.util.spec_from_file_location("seeds_summary", f"{OLD}/summary.py")
seeds_summary = importlib.util.module_from_spec(spec)
spec.loader.exec_module(seeds_summary)


def schedule(path):
    """(minute, generation, learning rate) of the last training event of each 20 minutes."""
    events = [e for e in map(json.loads, gzip.open(path, "rt")) if e.get("event") == "train"]
    out = []
    for hi in (20, 40, 60):
        inside = [e for e in events if e["wall_seconds"] < hi * 60]
        out.append((hi, inside[-1]["generation"], inside[-1]["learning_rate"]))
    return out


picks = []
for arm in ("base", "anneal"):
    for seed in (2, 3):
        run, label = f"runs/lr-{arm}-s{seed}", f"{seed}-{arm}"
        if not seeds_summary.keep(run, HERE, label):
            continue
        metrics = f"{HERE}/metrics-s{label}.jsonl.gz"
        for line in seeds_summary.summarise(label, metrics, f"{HERE}/ranking-s{label}.csv", run):
            _, window, ckpt = line.split()
            picks.append(f"{seed} {arm}-{window} {ckpt}")
        final = max(seeds_summary.walls(metrics))
        picks.append(f"{seed} {arm}-final {run}/checkpoints/gen-{final:04d}")
        if arm == "base":  # the anneal runs' last generation: the two arms at equal generations
            picks.append(f"{seed} base-g300 {run}/checkpoints/gen-0300")
        print("  " + "; ".join(f"{m} min: gen {g}, lr {lr:.5f}" for m, g, lr in schedule(metrics)))
with open(f"{HERE}/picks.txt", "w") as f:
    f.write("\n".join(picks) + "\n")
