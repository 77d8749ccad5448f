"""Per arm: self-play General wins, mean game length and endings over the last 5 generations,
the last generation's value loss, and the evaluations against the anchor. Usage: summary.py ARM..."""
import json
import sys
from collections import Counter

for arm in sys.argv[1:]:
    ev = [json.loads(l) for l in open(f"metrics-{arm}.jsonl")]
    sp = [e for e in ev if e["event"] == "selfplay"]
    last = sp[-5:]
    games = sum(e["games"] for e in last)
    gw = sum(e["general_wins"] for e in last)
    length = sum(e["mean_length"] * e["games"] for e in last) / games
    endings = Counter()
    for e in last:
        endings.update(e["endings"])
    train = [e for e in ev if e["event"] == "train"]
    wall = max(e["wall_seconds"] for e in ev)
    print(f"{arm}: last 5 generations: General wins {gw}/{games}, mean length {length:.1f}, "
          f"endings {dict(endings)}; last value loss {train[-1]['value_loss']:.3f}, "
          f"moves-left loss {train[-1]['moves_left_loss']:.3f}; wall {wall:.0f} s")
    for e in ev:
        if e["event"] == "eval" and e.get("generation") == 40:
            print("   ", {k: v for k, v in e.items() if k not in ("event", "wall_seconds")})
