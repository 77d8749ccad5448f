#!/usr/bin/env python3
"""baselines.sh's games beside ../2026-12-07-handicap-seeds's (the same openings, game by game):
seed 1 of plain pure self-play, of the sparring arm and of the handicap arm, each pick's General
wins of 1,000 against alpha-beta soldiers at depths 3-6, and McNemar's z for the pairs that say
whether a fallible opponent helped. Usage: baselines.py (from the repository root, after
baselines.sh)."""
import gzip
import importlib.util

HERE = "experiments/2026-12-07-adaptive-handicap"
spec = importlib.util.spec_from_file_location("seeds_games", "experiments/2026-12-07-handicap-seeds/general_games.py")
old = importlib.util.module_from_spec(spec)
spec.loader.exec_module(old)
GAMES = [line.rstrip("\n").split("\t") for line in gzip.open(f"{HERE}/baseline-general-games.tsv.gz", "rt")]

picks = {name: old.wins(1, name, GAMES) for name in ("plain-first", "plain-last", "sparring-first", "sparring-last")}
picks["handicap-first"], picks["handicap-last"] = old.wins(1, "first"), old.wins(1, "last")
picks["table-trained"] = old.wins(0, "tables")
for name, w in picks.items():
    print(f"{name}: {sum(w.values())} of {len(w)} (depths 3/4/5/6: {old.per_depth(w)})")
for a, b in (("plain-last", "plain-first"), ("sparring-last", "sparring-first"), ("handicap-last", "plain-last"),
             ("handicap-last", "sparring-last"), ("handicap-first", "plain-first"), ("plain-last", "table-trained")):
    only_a, only_b, z = old.mcnemar(picks[b], picks[a])
    print(f"{a} against {b}: only the first won {only_a}, only the second {only_b}: z = {z:+.2f}")
