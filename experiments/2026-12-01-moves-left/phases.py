"""Wall time per phase of a run, from its metrics.jsonl: self-play (the selfplay event's
seconds), bootstrap games, training (to the generation's last train event) and evaluation
(from there to the generation event). Usage: python3 phases.py RUN_DIR..."""
import json
import sys

for run in sys.argv[1:]:
    events = [json.loads(line) for line in open(f"{run}/metrics.jsonl")]
    phase = {"selfplay": 0.0, "bootstrap": 0.0, "train": 0.0, "eval": 0.0}
    mark = 0.0
    # Each phase ends with its event: the time since the previous phase's end is the phase's.
    ends = {"selfplay": "selfplay", "bootstrap": "bootstrap", "train": "train", "generation": "eval"}
    for e in events:
        if e["event"] in ends:
            phase[ends[e["event"]]] += e["wall_seconds"] - mark
            mark = e["wall_seconds"]
    total = events[-1]["wall_seconds"]
    shares = ", ".join(f"{k} {v:.1f} s ({100 * v / total:.0f}%)" for k, v in phase.items())
    print(f"{run}: {total:.1f} s: {shares}")
