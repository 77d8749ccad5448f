"""Soldiers captured per game in a `musashi match --out` TSV: each game's moves replayed with the
board of docs/rules.md (an independent re-implementation of the capture rule, checked below
against the rules' counts: 72 lines, 50 straight triples, c3-b2 capturing c1 and a3).
Usage: captures.py MATCH.tsv  ->  games, mean soldiers captured, the distribution."""
import sys
from collections import Counter

SETCHIN = "c5-b6 b6-a7 c5-d6 d6-e7 c5-c6 c6-c7 b6-c6 c6-d6 b6-b7 d6-d7 b6-c7 d6-c7 a7-b7 b7-c7 c7-d7 d7-e7"


def xy(name):
    return ord(name[0]) - ord("a"), int(name[1]) - 1


def name(c, r):
    return f"{chr(ord('a') + c)}{r + 1}"


def lines():
    out = set()
    for c in range(5):
        for r in range(5):
            for dc, dr in ((1, 0), (0, 1), (1, 1), (-1, 1)):
                c2, r2 = c + dc, r + dr
                if not (0 <= c2 < 5 and 0 <= r2 < 5):
                    continue
                if dc != 0 and dr != 0 and (c + r) % 2 != 0:
                    continue
                out.add(frozenset((name(c, r), name(c2, r2))))
    for pair in SETCHIN.split():
        out.add(frozenset(pair.split("-")))
    return out


LINES = lines()
NEIGHBOURS = {}
for line in LINES:
    a, b = tuple(line)
    NEIGHBOURS.setdefault(a, set()).add(b)
    NEIGHBOURS.setdefault(b, set()).add(a)


def pairs_through(p):
    pc, pr = xy(p)
    out = []
    for a in NEIGHBOURS[p]:
        for b in NEIGHBOURS[p]:
            (ac, ar), (bc, br) = xy(a), xy(b)
            if a < b and (ac - pc, ar - pr) == (pc - bc, pr - br):
                out.append((a, b))
    return out


PAIRS = {p: pairs_through(p) for p in NEIGHBOURS}
assert len(LINES) == 72 and sum(len(v) for v in PAIRS.values()) == 50


def captured(moves):
    soldiers = {name(c, r) for c in range(5) for r in range(5) if c in (0, 4) or r in (0, 4)}
    general = "c3"
    start = len(soldiers)
    for m in moves:
        a, b = m.split("-")
        if a == general:
            general = b
            for x, y in PAIRS[b]:
                if x in soldiers and y in soldiers:
                    soldiers -= {x, y}
        else:
            soldiers.remove(a)
            soldiers.add(b)
    return start - len(soldiers)


assert captured(["c3-b2"]) == 2

if __name__ == "__main__":
    counts = []
    for line in open(sys.argv[1]):
        fields = line.rstrip("\n").split("\t")
        if len(fields) < 6 or not fields[0].isdigit():
            continue
        counts.append(captured(fields[5].split()))
    dist = Counter(counts)
    print(f"{len(counts)} games, mean captured {sum(counts) / len(counts):.2f}, "
          f"distribution {dict(sorted(dist.items()))}")
