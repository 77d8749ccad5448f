#!/usr/bin/env python3
"""Compares two matches played from the same random openings (same seed and opening plies),
opening by opening. Each opening's score is the General's share of wins over its games (one
game, or several where a player is not deterministic), so every distinct opening counts once.
Prints both mean scores over the openings the two files share, the openings each file scores
higher, and a two-sided sign test on those. A or B may join several files with commas (the
same setting from other seeds), pooled by opening. Usage: paired.py PLIES A.tsv B.tsv"""
import math
import sys

from by_opening import by_opening


def scores(paths, plies):
    return {k: sum(v) / len(v) for k, v in by_opening(paths, plies).items()}


def sign_test(a, b):
    n, k = a + b, min(a, b)
    if n == 0:
        return 1.0
    return min(1.0, 2 * sum(math.comb(n, i) for i in range(k + 1)) / 2**n)


plies = int(sys.argv[1])
a, b = scores(sys.argv[2], plies), scores(sys.argv[3], plies)
common = sorted(set(a) & set(b))
ma = sum(a[k] for k in common) / len(common)
mb = sum(b[k] for k in common) / len(common)
a_higher = sum(1 for k in common if a[k] > b[k])
b_higher = sum(1 for k in common if b[k] > a[k])
print(f"{len(common)} openings: A {ma:.1%}, B {mb:.1%}; A higher in {a_higher}, B higher in "
      f"{b_higher}; sign test p = {sign_test(a_higher, b_higher):.3f}")
