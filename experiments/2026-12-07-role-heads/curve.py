#!/usr/bin/env python3
"""curve.sh's games beside the handicap arm's on the same 400 openings at the same generations
(../2026-12-07-past-checkpoints/curve.tsv): the General's wins of 400 (depths 3/4/5/6), ± one
binomial standard error, and the table-trained network's 96 of the same games
(../2026-12-07-adaptive-handicap). Writes curve.txt. Usage: curve.py (from the repository root)."""
import collections

HERE = "experiments/2026-12-07-role-heads"
OLD = "experiments/2026-12-07-past-checkpoints/curve.tsv"


def read(path):
    wins = collections.defaultdict(lambda: [0] * 4)
    for line in open(path):
        arm, gen, depth, won, _ = line.split("\t")
        wins[(arm, int(gen))][int(depth) - 3] = int(won)
    return wins


def cell(w):
    n, p = 400, sum(w) / 400
    return f"{sum(w):3d} ± {(p * (1 - p) / n) ** 0.5 * n:4.1f} ({'/'.join(map(str, w))})"


new, old = read(f"{HERE}/curve.tsv"), read(OLD)
lines = ["seed  gen  handicap arm                  role heads"]
for seed in (2, 3):
    for (arm, gen), w in sorted(new.items()):
        if arm != f"roles-s{seed}":
            continue
        h = old.get((f"handicap-s{seed}", gen))
        lines.append(f"{seed:4d} {gen:4d}  {cell(h) if h else '(beyond its hour)':28s}  {cell(w)}")
lines.append("table-trained network: 96 of the same 400 games")
open(f"{HERE}/curve.txt", "w").write("\n".join(lines) + "\n")
print("\n".join(lines))
