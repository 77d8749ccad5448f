#!/usr/bin/env python3
"""The two-hour runs of run.sh after rank.sh: each 20 minutes' best checkpoint (overall Elo
relative to alphabeta:depth=6 of its own gauntlet: the first hour's from
../2026-12-07-lr-anneal/ranking-sSEED-base.csv, the second hour's from runs/long-h2-sSEED/ranking)
and the mean of its checkpoints, with the learning rate at the window's end; copies the second
hour's ranking, the config and the metrics here; writes picks.txt (the second hour's best of its
first and of its last 20 minutes, and the final checkpoint) for general-games.sh.
Usage: summary.py (from the repository root)."""
import csv
import gzip
import importlib.util
import json
import os
import shutil

HERE = "experiments/2026-12-07-two-hour-handicap"
LR = "experiments/2026-12-07-lr-anneal"
spec = importlib.util.spec_from_file_location("seeds_summary", "experiments/2026-12-07-handicap-seeds/summary.py")
seeds_summary = importlib.util.module_from_spec(spec)
spec.loader.exec_module(seeds_summary)


def points(ranking, ends):
    """(end of the generation in seconds, generation, Elo over depth 6, error) of each ranked checkpoint."""
    rows = list(csv.DictReader(open(ranking)))
    ref = next(r for r in rows if r["agent"] == "alphabeta:depth=6")
    tables = next(r for r in rows if r["agent"] == seeds_summary.TABLES)
    pts = [(ends[int(r["generation"])], int(r["generation"]), float(r["elo"]) - float(ref["elo"]), float(r["elo_err"]))
           for r in rows if r["generation"]]
    return pts, float(tables["elo"]) - float(ref["elo"]), float(tables["elo_err"])


def learning_rates(metrics):
    """{generation: the learning rate of its last training step}."""
    out = {}
    for line in gzip.open(metrics, "rt"):
        e = json.loads(line)
        if e.get("event") == "train":
            out[e["generation"]] = e["learning_rate"]
    return out


def main():
    picks = []
    for seed in (2, 3):
        run = f"runs/long-s{seed}"
        if not os.path.exists(f"runs/long-h2-s{seed}/ranking/ranking.csv"):
            continue
        shutil.copy(f"runs/long-h2-s{seed}/ranking/ranking.csv", f"{HERE}/ranking-h2-s{seed}.csv")
        shutil.copy(f"runs/long-h2-s{seed}/ranking/ranking.md", f"{HERE}/ranking-h2-s{seed}.md")
        shutil.copy(f"{run}/config.resolved.toml", f"{HERE}/config-s{seed}.resolved.toml")
        metrics = f"{HERE}/metrics-s{seed}.jsonl.gz"
        with open(f"{run}/metrics.jsonl", "rb") as src, gzip.open(metrics, "wb") as dst:
            shutil.copyfileobj(src, dst)
        ends, lr = seeds_summary.walls(metrics), learning_rates(metrics)
        h1, t1, e1 = points(f"{LR}/ranking-s{seed}-base.csv", ends)
        h2, t2, e2 = points(f"{HERE}/ranking-h2-s{seed}.csv", ends)
        print(f"seed {seed}: {max(ends)} generations in {ends[max(ends)] / 60:.0f} min; table-trained network "
              f"{t1:+.0f} ± {e1:.0f} (first hour's gauntlet), {t2:+.0f} ± {e2:.0f} (second hour's)")
        for lo in range(0, 7200, 1200):
            inside = [p for p in (h1 if lo < 3600 else h2) if lo <= p[0] <= lo + 1200]
            if not inside:
                continue
            best = max(inside, key=lambda p: p[2])
            mean = sum(p[2] for p in inside) / len(inside)
            last = max(g for g, t in ends.items() if t <= lo + 1200)
            print(f"  {lo // 60:3d}-{lo // 60 + 20:3d} min: best gen {best[1]} {best[2]:+.0f} ± {best[3]:.0f}; mean of "
                  f"{len(inside)} {mean:+.0f}; at the end gen {last}, learning rate {lr.get(last, float('nan')):.5f}")
            if lo in (3600, 6000):
                picks.append(f"{seed} h2-{'first' if lo == 3600 else 'last'} {run}/checkpoints/gen-{best[1]:04d}")
        picks.append(f"{seed} h2-final {run}/checkpoints/gen-{max(ends):04d}")
    with open(f"{HERE}/picks.txt", "w") as f:
        f.write("\n".join(picks) + "\n")


if __name__ == "__main__":
    main()
