#!/usr/bin/env python3
"""Pairs two arms of movegrade's per-game file (`musashi-lab movegrade --per-game FILE`) opening by opening.

For each distinct opening played in both arms it averages, over that opening's games, the
soldiers' plies slower than the quickest win per soldiers' move, the plies the General gave
away per lost move, and the General's wins; then counts the openings where each arm is higher
and gives a two-sided sign test. Arms are named by a substring of their first column.
Usage: paired_waste.py GAMES.tsv ARM-A ARM-B
"""
import sys
from collections import defaultdict
from math import comb


def sign_test(a, b):
    n, k = a + b, min(a, b)
    return min(1.0, 2 * sum(comb(n, i) for i in range(k + 1)) / 2**n) if n else 1.0


def by_opening(rows, arm):
    groups = defaultdict(list)
    for r in rows:
        if arm in r[0]:
            groups[r[1]].append(r)
    out = {}
    for opening, games in groups.items():
        moves = sum(int(g[4]) for g in games)
        lost = sum(int(g[6]) for g in games)
        out[opening] = (
            sum(int(g[5]) for g in games) / max(moves, 1),
            sum(int(g[7]) for g in games) / max(lost, 1),
            sum(g[2] == "general" for g in games) / len(games),
        )
    return out


def main():
    path, arm_a, arm_b = sys.argv[1:4]
    rows = [line.rstrip("\n").split("\t") for line in open(path)]
    a, b = by_opening(rows, arm_a), by_opening(rows, arm_b)
    common = sorted(set(a) & set(b))
    print(f"{arm_a} against {arm_b}: {len(common)} openings in both")
    if not common:
        sys.exit("no opening is in both arms: check the arm names against the file's first column")
    for i, name in enumerate(["soldiers' plies slower per move", "General's plies given per lost move", "General's wins"]):
        mean_a = sum(a[o][i] for o in common) / len(common)
        mean_b = sum(b[o][i] for o in common) / len(common)
        hi_a = sum(a[o][i] > b[o][i] for o in common)
        hi_b = sum(a[o][i] < b[o][i] for o in common)
        print(f"  {name}: {mean_a:.3f} against {mean_b:.3f}; higher in {hi_a} against {hi_b} openings, p = {sign_test(hi_a, hi_b):.3g}")


if __name__ == "__main__":
    main()
