#!/usr/bin/env python3
"""Each seed's ranked checkpoints against wall time (seed 1 from
../2026-12-06-pure-selfplay-fallible-soldiers, seeds 2 and 3 from runs/pure-handicap-sS after
rank.sh, whose rankings, metrics and configs it copies here): the best checkpoint (overall Elo
relative to alphabeta:depth=6 of its own gauntlet) of the first and of the last 20 minutes, and
the mean of each window's checkpoints. Writes picks.txt (seed, window, checkpoint directory), the
checkpoints confirm.sh plays again on fresh games. Usage: summary.py (from the repository root)."""
import csv
import gzip
import json
import os
import shutil

HERE = "experiments/2026-12-07-handicap-seeds"
SEED1 = "experiments/2026-12-06-pure-selfplay-fallible-soldiers"
TABLES = "mcts:ckpt=runs/classic-tables-net,sims=100"
WINDOWS = [("first", 0, 1200), ("middle", 1200, 2400), ("last", 2400, 3600)]


def walls(path):
    ends = {0: 0.0}
    for line in gzip.open(path, "rt"):
        e = json.loads(line)
        if e.get("event") == "generation":
            ends[e["generation"]] = e["wall_seconds"]
    return ends


def summarise(seed, metrics, ranking, run):
    rows = list(csv.DictReader(open(ranking)))
    by = {r["agent"]: r for r in rows}
    ref = by["alphabeta:depth=6"]
    rel = lambda r, k="elo": float(r[k]) - float(ref[k])
    ends = walls(metrics)
    pts = [(ends.get(int(r["generation"]), float("nan")), int(r["generation"]), rel(r), float(r["elo_err"]))
           for r in rows if r["generation"]]
    t = by[TABLES]
    print(f"seed {seed}: {max(ends)} generations in 60 min, {len(pts)} ranked checkpoints; "
          f"table-trained network {rel(t):+.0f} ± {float(t['elo_err']):.0f} over depth 6")
    picks = []
    for name, lo, hi in WINDOWS:
        inside = [p for p in pts if lo <= p[0] <= hi]
        best = max(inside, key=lambda p: p[2])
        mean = sum(p[2] for p in inside) / len(inside)
        print(f"  {name} 20 min: best gen {best[1]} at {best[0]:.0f} s, {best[2]:+.0f} ± {best[3]:.0f}; "
              f"mean of its {len(inside)} checkpoints {mean:+.0f}")
        if name != "middle":
            picks.append(f"{seed} {name} {run}/checkpoints/gen-{best[1]:04d}")
    return picks


def keep(run, here, seed):
    """Copies a run's ranking, config and metrics into the experiment as ranking-sS.csv etc."""
    if os.path.exists(f"{run}/ranking/ranking.csv"):
        shutil.copy(f"{run}/ranking/ranking.csv", f"{here}/ranking-s{seed}.csv")
        shutil.copy(f"{run}/ranking/ranking.md", f"{here}/ranking-s{seed}.md")
        shutil.copy(f"{run}/config.resolved.toml", f"{here}/config-s{seed}.resolved.toml")
        with open(f"{run}/metrics.jsonl", "rb") as src, gzip.open(f"{here}/metrics-s{seed}.jsonl.gz", "wb") as dst:
            shutil.copyfileobj(src, dst)
    return os.path.exists(f"{here}/ranking-s{seed}.csv")


def main():
    picks = summarise(1, f"{SEED1}/metrics-handicap.jsonl.gz", f"{SEED1}/ranking-handicap.csv", "runs/pure-handicap")
    for seed in [2, 3]:
        run = f"runs/pure-handicap-s{seed}"
        if keep(run, HERE, seed):
            picks += summarise(seed, f"{HERE}/metrics-s{seed}.jsonl.gz", f"{HERE}/ranking-s{seed}.csv", run)
    with open(f"{HERE}/picks.txt", "w") as f:
        f.write("\n".join(picks) + "\n")


if __name__ == "__main__":
    main()
