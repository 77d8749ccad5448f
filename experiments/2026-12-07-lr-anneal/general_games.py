#!/usr/bin/env python3
"""general-games.sh's games beside ../2026-12-07-handicap-seeds's (the same openings, game by
game): each pick's General wins of 1,000 against alpha-beta soldiers at depths 3-6, and McNemar's
z = (b - c) / sqrt(b + c) (b: games only the first named won; c: only the second) for the anneal
arm against the base arm (best of the last 20 minutes; final checkpoints; at generation 300, the
anneal runs' last), each arm's last pick
against its first (does it keep learning), and each against the table-trained network and the
recorded handicap runs' last picks (same seeds, an earlier machine); pooled over seeds 2 and 3.
Usage: general_games.py (from the repository root, after general-games.sh)."""
import gzip
import importlib.util

HERE = "experiments/2026-12-07-lr-anneal"
OLD = "experiments/2026-12-07-handicap-seeds"
spec = importlib.util.spec_from_file_location("seeds_games", f"{OLD}/general_games.py")
old = importlib.util.module_from_spec(spec)
spec.loader.exec_module(old)
GAMES = [line.rstrip("\n").split("\t") for line in gzip.open(f"{HERE}/general-games.tsv.gz", "rt")]

tables = old.wins(0, "tables")
print(f"table-trained network: {sum(tables.values())} of {len(tables)} (depths 3/4/5/6: {old.per_depth(tables)})")
pooled = {}
for seed in (2, 3):
    w = {name: old.wins(seed, name, GAMES) for arm in ("base", "anneal") for name in
         (f"{arm}-first", f"{arm}-last", f"{arm}-final")}
    w["base-g300"] = old.wins(seed, "base-g300", GAMES)
    w["recorded handicap last"] = old.wins(seed, "last")
    w["table-trained"] = tables
    old.show(seed, w)
    pairs = [("anneal-last", "base-last"), ("anneal-final", "base-final"), ("anneal-final", "base-g300"), ("base-last", "base-first"),
             ("anneal-last", "anneal-first"), ("base-last", "table-trained"), ("anneal-last", "table-trained"),
             ("anneal-final", "table-trained"), ("base-last", "recorded handicap last"),
             ("anneal-last", "recorded handicap last")]
    old.compare(w, pairs, pooled)
old.show_pooled(pooled)
