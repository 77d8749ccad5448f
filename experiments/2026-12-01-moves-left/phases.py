"""Wall time per phase of a run, from its metrics.jsonl: self-play (the selfplay event's
seconds), bootstrap games, training (to the generation's last train event) and evaluation
(from there to the generation event). Usage: python3 phases.py RUN_DIR..."""
import json
import sys

for run in sys.argv[1:]:
    events = [json.loads(line) for line in open(f"{run}/metrics.jsonl")]
    phase = {"selfplay": 0.0, "bootstrap": 0.0, "train": 0.0, "eval": 0.0}
    mark = 0.0
    for e in events:
        t = e["wall_seconds"]
        kind = e["event"]
        if kind == "selfplay":
            phase["selfplay"] += t - mark
            mark = t
        elif kind == "bootstrap":
            phase["bootstrap"] += t - mark
            mark = t
        elif kind == "train":
            phase["train"] += t - mark
            mark = t
        elif kind == "generation":
            phase["eval"] += t - mark
            mark = t
    total = events[-1]["wall_seconds"]
    shares = ", ".join(f"{k} {v:.1f} s ({100 * v / total:.0f}%)" for k, v in phase.items())
    print(f"{run}: {total:.1f} s: {shares}")
