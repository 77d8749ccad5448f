#!/usr/bin/env python3
"""general-games.sh's games beside ../2026-12-07-handicap-seeds's (the same openings, game by
game): each adaptive pick's General wins of 1,000 against alpha-beta soldiers at depths 3-6, and
McNemar's z = (b - c) / sqrt(b + c) (b: games only the first named won; c: only the second) for
the adaptive arm's last pick against its first (does it keep learning), against the handicap
arm's last pick of the same seed, and against the table-trained network; pooled over seeds 2 and
3. Usage: general_games.py (from the repository root, after general-games.sh). HERE (the
experiment with the games) and ARM (the picks' prefix there, as in its picks.txt) read another
arm's picks the same way (../2026-12-07-past-checkpoints)."""
import gzip
import importlib.util
import os

HERE = os.environ.get("HERE", "experiments/2026-12-07-adaptive-handicap")
ARM = os.environ.get("ARM", "adaptive")
OLD = "experiments/2026-12-07-handicap-seeds"
spec = importlib.util.spec_from_file_location("seeds_games", f"{OLD}/general_games.py")
old = importlib.util.module_from_spec(spec)
spec.loader.exec_module(old)
GAMES = [line.rstrip("\n").split("\t") for line in gzip.open(f"{HERE}/general-games.tsv.gz", "rt")]

tables = old.wins(0, "tables")
print(f"table-trained network: {sum(tables.values())} of {len(tables)} (depths 3/4/5/6: {old.per_depth(tables)})")
pooled = {}
for seed in (2, 3):
    first, last = old.wins(seed, f"{ARM}-first", GAMES), old.wins(seed, f"{ARM}-last", GAMES)
    handicap_last = old.wins(seed, "last")
    for name, w in ((f"{ARM} first", first), (f"{ARM} last", last), ("handicap last", handicap_last)):
        print(f"seed {seed} {name}: {sum(w.values())} of {len(w)} (depths 3/4/5/6: {old.per_depth(w)})")
    for label, a, b in ((f"{ARM} last vs {ARM} first", last, first),
                        (f"{ARM} last vs handicap last", last, handicap_last),
                        (f"{ARM} last vs table-trained", last, tables)):
        only_a, only_b, z = old.mcnemar(b, a)
        pooled.setdefault(label, [0, 0])
        pooled[label][0] += only_a
        pooled[label][1] += only_b
        print(f"  {label}: only the first won {only_a}, only the second {only_b}: z = {z:+.2f}")
for label, (a, b) in pooled.items():
    print(f"pooled, {label}: {a} against {b}: z = {(a - b) / (a + b) ** 0.5 if a + b else 0.0:+.2f}")
