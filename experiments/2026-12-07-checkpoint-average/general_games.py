#!/usr/bin/env python3
"""general-games.sh's games beside ../2026-12-07-lr-anneal's (the same openings, game by game):
each averaged checkpoint's General wins of 1,000 against alpha-beta soldiers at depths 3-6, and
McNemar's z = (b - c) / sqrt(b + c) (b: games only the first named won; c: only the second)
against the run's final checkpoint (the last of those averaged), its gauntlet pick of the last
20 minutes, and the table-trained network; pooled over seeds 2 and 3. Usage: general_games.py
(from the repository root, after general-games.sh)."""
import gzip
import importlib.util

HERE = "experiments/2026-12-07-checkpoint-average"
LR = "experiments/2026-12-07-lr-anneal"
OLD = "experiments/2026-12-07-handicap-seeds"
spec = importlib.util.spec_from_file_location("seeds_games", f"{OLD}/general_games.py")
old = importlib.util.module_from_spec(spec)
spec.loader.exec_module(old)
read = lambda path: [line.rstrip("\n").split("\t") for line in gzip.open(path, "rt")]
GAMES, LR_GAMES = read(f"{HERE}/general-games.tsv.gz"), read(f"{LR}/general-games.tsv.gz")

tables = old.wins(0, "tables")
print(f"table-trained network: {sum(tables.values())} of {len(tables)} (depths 3/4/5/6: {old.per_depth(tables)})")
pooled = {}
for seed in (2, 3):
    w = {name: old.wins(seed, name, GAMES) for name in ("avg-last10", "avg-last50by5")}
    w.update({name: old.wins(seed, name, LR_GAMES) for name in ("base-final", "base-last")})
    w["table-trained"] = tables
    old.show(seed, w)
    pairs = [(a, b) for a in ("avg-last10", "avg-last50by5") for b in ("base-final", "base-last", "table-trained")]
    old.compare(w, pairs, pooled)
old.show_pooled(pooled)
