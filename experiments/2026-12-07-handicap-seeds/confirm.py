#!/usr/bin/env python3
"""confirm.sh's fresh games, per seed: each pick's Elo over alphabeta:depth=6, its General's wins
against alphabeta:depth=3..6 soldiers (the side where the checkpoints differ: as the soldiers
every one of them wins nearly every game against these baselines), and the two picks' games
against each other. Usage: confirm.py (from the repository root, after confirm.sh)."""
import csv
import gzip
import math

HERE = "experiments/2026-12-07-handicap-seeds"
picks = [line.split() for line in open(f"{HERE}/picks.txt") if line.strip()]
rows = {r["agent"]: r for r in csv.DictReader(open(f"{HERE}/confirm-ranking.csv"))}
games = [line.rstrip("\n").split("\t") for line in gzip.open(f"{HERE}/confirm-games.tsv.gz", "rt")
         if not line.startswith("#")]


def name(spec):
    """The ranking's name of a pick: its spec, as the agent list gave it."""
    return next(a for a in rows if a.startswith(spec))


def general_wins(agent):
    inside = [g for g in games if g[0] == agent and g[1].startswith("alphabeta:depth=")]
    return sum(g[4] == "general" for g in inside), len(inside)


def z_two_proportions(a, n, b, m):
    p = (a + b) / (n + m)
    se = math.sqrt(p * (1 - p) * (1 / n + 1 / m)) or float("inf")
    return (b / m - a / n) / se


for seed in sorted({p[0] for p in picks}):
    first, last = (name(f"mcts:ckpt={p[2]},") for w in ("first", "last") for p in picks if p[0] == seed and p[1] == w)
    print(f"seed {seed}:")
    for label, a in (("first 20 min", first), ("last 20 min", last)):
        r = rows[a]
        w, n = general_wins(a)
        print(f"  best of the {label} ({a.split('checkpoints/')[1].split(',')[0]}): {float(r['elo']):+.0f} ± "
              f"{float(r['elo_err']):.0f} over depth 6; as General {w}/{n} against depth 3-6 soldiers")
    (wf, nf), (wl, nl) = general_wins(first), general_wins(last)
    head = [g for g in games if {g[0], g[1]} == {first, last}]
    last_score = sum((g[0] == last) == (g[4] == "general") for g in head)
    print(f"  last - first: {float(rows[last]['elo']) - float(rows[first]['elo']):+.0f} Elo; General's wins "
          f"z = {z_two_proportions(wf, nf, wl, nl):+.2f}; head to head the last wins {last_score} of {len(head)}")
t = rows["mcts:ckpt=runs/classic-tables-net,sims=100"]
w, n = general_wins("mcts:ckpt=runs/classic-tables-net,sims=100")
print(f"table-trained network: {float(t['elo']):+.0f} ± {float(t['elo_err']):.0f}; as General {w}/{n} against depth 3-6 soldiers")
