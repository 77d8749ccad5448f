#!/usr/bin/env python3
"""Counts a match's games by distinct opening: the General's wins over all games, and over one game
per distinct opening (the first PLIES moves). Both agents being deterministic, games with the same
opening are the same game; the script checks that they agree. Usage: openings.py PLIES GAMES.tsv..."""
import sys

plies = int(sys.argv[1])
for path in sys.argv[2:]:
    rows = [line.rstrip("\n").split("\t") for line in open(path) if not line.startswith("#")]
    by_opening = {}
    for r in rows:
        moves = r[-1].split(" ")
        by_opening.setdefault(" ".join(moves[:plies]), []).append((r[2], r[-1]))
    agree = all(len({g for g in games}) == 1 for games in by_opening.values())
    wins = sum(1 for r in rows if r[2] == "general")
    distinct_wins = sum(1 for games in by_opening.values() if games[0][0] == "general")
    print(f"{path}: {wins}/{len(rows)} over all games; {distinct_wins}/{len(by_opening)} over distinct "
          f"openings; games with one opening {'all identical' if agree else 'DIFFER'}")
