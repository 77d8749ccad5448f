#!/usr/bin/env python3
"""general-games.sh's games: each checkpoint's General wins of 1,000 against alpha-beta soldiers
at depths 3-6, and, per seed, the best of the last 20 minutes against the best of the first 20
game by game (game i of a depth has the same opening for both): the games only the last won
against those only the first won, with McNemar's z = (b - c) / sqrt(b + c); then the three seeds
pooled. Usage: general_games.py (from the repository root, after general-games.sh)."""
import gzip
import math

HERE = "experiments/2026-12-07-handicap-seeds"
# checkpoint (sSEED-WINDOW), depth, game index, winner, ending, length
GAMES = [line.rstrip("\n").split("\t") for line in gzip.open(f"{HERE}/general-games.tsv.gz", "rt")]


def wins(seed, window, games=GAMES):
    """{(depth, game index): the General won} for one checkpoint."""
    return {(int(g[1]), int(g[2])): g[3] == "general" for g in games if g[0] == f"s{seed}-{window}"}


def mcnemar(first, last):
    b = sum(last[k] and not first[k] for k in first)
    c = sum(first[k] and not last[k] for k in first)
    return b, c, (b - c) / math.sqrt(b + c) if b + c else 0.0


def per_depth(w):
    return " ".join(f"{sum(v for (d, _), v in w.items() if d == depth)}" for depth in (3, 4, 5, 6))


def show(seed, w):
    """Prints each checkpoint's wins in `w` ({name: wins}), the table-trained network's aside."""
    for name, v in w.items():
        if name != "table-trained":
            print(f"seed {seed} {name}: {sum(v.values())} of {len(v)} (depths 3/4/5/6: {per_depth(v)})")


def compare(w, pairs, pooled):
    """Prints McNemar's z of each (a, b) in `pairs` (games only a won against only b) and adds
    the counts to `pooled` ({(a, b): [only a, only b]})."""
    for a, b in pairs:
        only_a, only_b, z = mcnemar(w[b], w[a])
        total = pooled.setdefault((a, b), [0, 0])
        total[0] += only_a
        total[1] += only_b
        print(f"  {a} vs {b}: only the first won {only_a}, only the second {only_b}: z = {z:+.2f}")


def show_pooled(pooled):
    for (a, b), (x, y) in pooled.items():
        print(f"pooled, {a} vs {b}: {x} against {y}: z = {(x - y) / (x + y) ** 0.5 if x + y else 0.0:+.2f}")


def main():
    tables = wins(0, "tables")
    print(f"table-trained network: {sum(tables.values())} of {len(tables)} (depths 3/4/5/6: {per_depth(tables)})")
    B = C = 0
    for seed in (1, 2, 3):
        first, last = wins(seed, "first"), wins(seed, "last")
        b, c, z = mcnemar(first, last)
        B, C = B + b, C + c
        print(f"seed {seed}: first {sum(first.values())} ({per_depth(first)}), last {sum(last.values())} "
              f"({per_depth(last)}) of {len(first)}; only the last won {b}, only the first {c}: z = {z:+.2f}")
    print(f"pooled: only the last won {B}, only the first {C}: z = {(B - C) / math.sqrt(B + C):+.2f}")
    for depths in ((3, 4), (5, 6)):
        totals = {w: sum(v for s in (1, 2, 3) for (d, _), v in wins(s, w).items() if d in depths) for w in ("first", "last")}
        print(f"depths {depths[0]}-{depths[1]}, three seeds: first {totals['first']}, last {totals['last']} of 1500 "
              f"(table-trained network {sum(v for (d, _), v in tables.items() if d in depths)} of 500)")


if __name__ == "__main__":
    main()
