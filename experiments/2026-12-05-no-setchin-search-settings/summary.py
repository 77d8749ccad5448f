#!/usr/bin/env python3
"""One line per match file: the setting (its folder), simulations, seed, the General's wins over
all games, the distinct openings, and its mean score over openings (each opening's share of
wins, so that every distinct opening counts once; with a deterministic General every game of an
opening is the same game). FILE may join several files with commas (the same setting from
other seeds), pooled by opening. Usage: summary.py PLIES FILE..."""
import re
import sys

from by_opening import by_opening

plies = int(sys.argv[1])
for path in sys.argv[2:]:
    by = by_opening(path, plies)
    if not by:
        print(f"{path}: no games yet")
        continue
    games = sum(len(v) for v in by.values())
    wins = sum(sum(v) for v in by.values())
    per_opening = sum(sum(v) / len(v) for v in by.values()) / len(by)
    found = [re.search(r"([^/]+)/[^/]*-sims-(\d+)-seed-(\d+)-", part) for part in path.split(",")]
    arm, sims = found[0].groups()[:2] if found[0] else (path, "?")
    seed = "+".join(m.group(3) if m else "?" for m in found)
    print(f"{arm:14} sims {sims:>5}  seed {seed:3}  General {wins:3}/{games} ({wins / games:5.1%})  "
          f"openings {len(by):3}  per opening {per_opening:5.1%}")
