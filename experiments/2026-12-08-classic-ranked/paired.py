"""Paired comparison of the General's wins between the agents of games.sh on the same openings:
for each TAG and each pair (A, B), games A won and B lost against the reverse, and McNemar's
z and two-sided exact p. Usage: python3 paired.py DIR TAG [TAG...]"""
import glob, gzip, math, os, sys

def wins(path):
    opener = gzip.open if path.endswith(".gz") else open
    rows = [l.rstrip("\n").split("\t") for l in opener(path, "rt") if l.strip() and not l.startswith("#")]
    return {int(r[0]): r[2] == "general" for r in rows}

def exact_p(a, b):
    n, k = a + b, min(a, b)
    if n == 0:
        return 1.0
    tail = sum(math.comb(n, i) for i in range(k + 1)) / 2 ** n
    return min(1.0, 2 * tail)

here = sys.argv[1]
for tag in sys.argv[2:]:
    files = sorted(glob.glob(os.path.join(here, f"games-{tag}-*.tsv")) + glob.glob(os.path.join(here, f"games-{tag}-*.tsv.gz")))
    agents = {os.path.basename(f)[len(f"games-{tag}-"):].removesuffix(".gz").removesuffix(".tsv"): wins(f) for f in files}
    print(f"## {tag}")
    names = sorted(agents)
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            common = agents[a].keys() & agents[b].keys()
            only_a = sum(1 for g in common if agents[a][g] and not agents[b][g])
            only_b = sum(1 for g in common if agents[b][g] and not agents[a][g])
            z = (only_a - only_b) / math.sqrt(only_a + only_b) if only_a + only_b else 0.0
            wa, wb = sum(agents[a][g] for g in common), sum(agents[b][g] for g in common)
            print(f"{a:>14} {wa:>3} vs {b:<14} {wb:>3} of {len(common)}: only {only_a} / {only_b}, z = {z:+.2f}, p = {exact_p(only_a, only_b):.3f}")
