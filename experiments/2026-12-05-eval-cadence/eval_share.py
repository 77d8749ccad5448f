#!/usr/bin/env python3
"""Share of a run's wall time spent in in-loop evaluation, from its metrics.jsonl.

A generation's evaluation is the time between its last non-eval event before the first eval
event (training, checkpoint) and its `generation` event. Usage: eval_share.py RUN/metrics.jsonl...
"""
import json
import sys

for path in sys.argv[1:]:
    events = [json.loads(line) for line in open(path)]
    total, evals, gens = 0.0, 0.0, 0
    last_other, first_eval = {}, {}
    for e in events:
        g, t, kind = e.get("generation"), e["wall_seconds"], e["event"]
        total = max(total, t)
        if kind == "eval":
            first_eval.setdefault(g, last_other.get(g, t))
        elif kind == "generation":
            if g in first_eval:
                evals += t - first_eval[g]
                gens += 1
        elif g is not None and g not in first_eval:
            last_other[g] = t
    print(f"{path}: {total:.1f} s, evaluation {evals:.1f} s in {gens} generations ({100 * evals / total:.1f}%)")
