#!/usr/bin/env python3
"""general-games.sh's games beside ../2026-12-07-lr-anneal's (the same openings, game by game):
each pick's General wins of 1,000 against alpha-beta soldiers at depths 3-6, and McNemar's
z = (b - c) / sqrt(b + c) (b: games only the first named won; c: only the second) for the second
hour's picks (the best of its first and last 20 minutes, its final checkpoint) against the first
hour's and each other, and against the table-trained network; pooled over seeds 2 and 3.
Usage: general_games.py (from the repository root, after general-games.sh)."""
import gzip
import importlib.util

HERE = "experiments/2026-12-07-two-hour-handicap"
LR = "experiments/2026-12-07-lr-anneal"
spec = importlib.util.spec_from_file_location("seeds_games", "experiments/2026-12-07-handicap-seeds/general_games.py")
old = importlib.util.module_from_spec(spec)
spec.loader.exec_module(old)
read = lambda path: [line.rstrip("\n").split("\t") for line in gzip.open(path, "rt")]
NEW, FIRST_HOUR = read(f"{HERE}/general-games.tsv.gz"), read(f"{LR}/general-games.tsv.gz")

tables = old.wins(0, "tables")
print(f"table-trained network: {sum(tables.values())} of {len(tables)} (depths 3/4/5/6: {old.per_depth(tables)})")
pooled = {}
for seed in (2, 3):
    w = {name: old.wins(seed, name, NEW) for name in ("h2-first", "h2-last", "h2-final")}
    w |= {f"h1-{k}": old.wins(seed, f"base-{k}", FIRST_HOUR) for k in ("first", "last", "final")}
    w["table-trained"] = tables
    old.show(seed, w)
    pairs = [("h2-last", "h1-last"), ("h2-first", "h1-last"), ("h2-last", "h2-first"), ("h2-last", "h1-first"),
             ("h2-final", "h1-final"), ("h2-first", "table-trained"), ("h2-last", "table-trained"),
             ("h2-final", "table-trained")]
    old.compare(w, pairs, pooled)
old.show_pooled(pooled)
