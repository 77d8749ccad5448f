#!/usr/bin/env python3
"""Each arm's ranked checkpoints against wall time: the best (by overall Elo, relative to
alphabeta:depth=6 of its own gauntlet) of the first and of the last 20 minutes and of the whole
60 minutes (and the mean of each window's checkpoints: the best of many noisy ratings is biased
upwards), beside the table-trained network of the same gauntlet; the baseline arm (no fallible
soldiers) from ../2026-12-06-graph-pure-selfplay. Usage: summary.py (from the repository root,
after rank.sh; it copies each arm's metrics and ranking here)."""
import csv
import gzip
import json
import os
import shutil

HERE = "experiments/2026-12-06-pure-selfplay-fallible-soldiers"
BASE = "experiments/2026-12-06-graph-pure-selfplay"
TABLES = "mcts:ckpt=runs/classic-tables-net,sims=100"


def walls(path):
    lines = gzip.open(path, "rt") if path.endswith(".gz") else open(path)
    ends = {0: 0.0}
    wins = {}
    for line in lines:
        e = json.loads(line)
        if e.get("event") == "generation":
            ends[e["generation"]] = e["wall_seconds"]
        if e.get("event") == "selfplay":
            wins[e["generation"]] = (e["general_wins"], e["games"], e.get("sparring_games", 0), e.get("sparring_wins", 0))
    return ends, wins


def summarise(arm, metrics, ranking):
    rows = list(csv.DictReader(open(ranking)))
    by = {r["agent"]: r for r in rows}
    ref = by["alphabeta:depth=6"]
    rel = lambda r, k="elo": float(r[k]) - float(ref[k])
    ends, wins = walls(metrics)
    pts = [(ends.get(int(r["generation"]), float("nan")), int(r["generation"]), rel(r), float(r["elo_err"]),
            rel(r, "elo_as_general"), rel(r, "elo_as_soldiers")) for r in rows if r["generation"]]
    last = max(ends)
    print(f"{arm}: {last} generations, {len(pts)} ranked checkpoints")
    if TABLES in by:
        t = by[TABLES]
        print(f"  table-trained network: {rel(t):+.0f} ± {float(t['elo_err']):.0f} over depth 6 "
              f"(as General {rel(t, 'elo_as_general'):+.0f}, as soldiers {rel(t, 'elo_as_soldiers'):+.0f})")
    for name, lo, hi in [("first 20 min", 0, 1200), ("middle 20 min", 1200, 2400), ("last 20 min", 2400, 3600),
                         ("60 min", 0, 3600)]:
        inside = [p for p in pts if lo <= p[0] <= hi]
        if inside:
            b = max(inside, key=lambda p: p[2])
            mean = sum(p[2] for p in inside) / len(inside)
            print(f"  best of the {name}: gen {b[1]} at {b[0]:.0f} s: {b[2]:+.0f} ± {b[3]:.0f} over depth 6 "
                  f"(as General {b[4]:+.0f}, as soldiers {b[5]:+.0f}); mean of its {len(inside)} checkpoints {mean:+.0f}")
    tail = [wins[g] for g in sorted(wins)[-10:]]
    print("  self-play General wins, last 10 generations: "
          + ", ".join(f"{w}/{n}" + (f" ({sw}/{sg} sparring)" if sg else "") for w, n, sg, sw in tail))


for arm in ["sparring", "handicap"]:
    run = f"runs/pure-{arm}"
    if not os.path.exists(f"{run}/ranking/ranking.csv"):
        continue
    shutil.copy(f"{run}/ranking/ranking.csv", f"{HERE}/ranking-{arm}.csv")
    shutil.copy(f"{run}/ranking/ranking.md", f"{HERE}/ranking-{arm}.md")
    shutil.copy(f"{run}/config.resolved.toml", f"{HERE}/config-{arm}.resolved.toml")
    with open(f"{run}/metrics.jsonl", "rb") as src, gzip.open(f"{HERE}/metrics-{arm}.jsonl.gz", "wb") as dst:
        shutil.copyfileobj(src, dst)
    summarise(arm, f"{HERE}/metrics-{arm}.jsonl.gz", f"{HERE}/ranking-{arm}.csv")
summarise("baseline (no fallible soldiers)", f"{BASE}/metrics-mlp.jsonl.gz", f"{BASE}/ranking-mlp.csv")
