"""Reads match files (`musashi match --out`) and groups their games by opening: the General's
win (True) or loss of each game, keyed by its first PLIES moves. PATHS may join several files
with commas (the same setting from other seeds); their games are pooled."""


def by_opening(paths, plies):
    games = {}
    for part in paths.split(","):
        for line in open(part):
            if line.startswith("#"):
                continue
            r = line.rstrip("\n").split("\t")
            games.setdefault(" ".join(r[-1].split(" ")[:plies]), []).append(r[2] == "general")
    return games
