"""Per arm and seed: generations, self-play games and positions, self-play's share of the run,
from each run's metrics (runs/eff-ARM-seedN/metrics.jsonl, or metrics/ARM-seedN.jsonl.gz here)."""
import gzip, json, pathlib, sys

here = pathlib.Path(__file__).parent
rows = []
for seed in sys.argv[1:] or ["1", "2", "3"]:
    for arm in ["default", "gumbel", "playout-cap", "forced", "gumbel-general"]:
        kept = here / "metrics" / f"{arm}-seed{seed}.jsonl.gz"
        path = kept if kept.exists() else here / f"../../runs/eff-{arm}-seed{seed}/metrics.jsonl"
        opener = gzip.open if path.suffix == ".gz" else open
        with opener(path, "rt") as f:
            ev = [json.loads(l) for l in f]
        sp = [e for e in ev if e["event"] == "selfplay"]
        wall = max(e["wall_seconds"] for e in ev)
        gens = sum(e["event"] == "generation" for e in ev)
        games, positions = sum(e["games"] for e in sp), sum(e["positions"] for e in sp)
        share = sum(e["seconds"] for e in sp) / wall
        rows.append((arm, seed, gens, games, positions, share, wall))
print("| arm | seed | generations | games | positions | self-play share | wall s |")
print("|---|---:|---:|---:|---:|---:|---:|")
for arm, seed, gens, games, positions, share, wall in rows:
    print(f"| {arm} | {seed} | {gens} | {games} | {positions} | {share:.0%} | {wall:.0f} |")
