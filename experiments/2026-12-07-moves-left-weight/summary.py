#!/usr/bin/env python3
"""run.sh's probes (distill-wW-seedS.jsonl): for each moves-left weight W and seed, the raw
policy's long fights kept on unseen and seen positions, the moves-left head's RMS error
against the longest delay (plies) and its mean signed error (bias) on unseen fights at step
10,000, then the means over seeds; and the unseen RMS and bias at every report, since they move
between reports. Usage: summary.py (from the repository root)."""
import json

HERE = "experiments/2026-12-07-moves-left-weight"
print("weight seed: unseen kept / seen kept / moves-left RMS unseen (seen) / bias unseen / RMS (bias) unseen at steps 2k-10k")
for w in (1, 10, 30):
    ends = []
    for seed in (1, 2, 3):
        es = [json.loads(line) for line in open(f"{HERE}/distill-w{w}-seed{seed}.jsonl")][1:]
        e = es[-1]
        assert e["step"] == 10000, (w, seed, e["step"])
        ends.append(e)
        path = " ".join(f"{x['unseen_plies_rms']:.1f} ({x['unseen_plies_bias']:+.1f})" for x in es)
        print(f"{w:6d} {seed}: {100 * e['unseen_accuracy']:.1f}% / {100 * e['seen_accuracy']:.1f}% / "
              f"{e['unseen_plies_rms']:.2f} ({e['seen_plies_rms']:.2f}) / {e['unseen_plies_bias']:+.2f} / {path}")
    mean = lambda k: sum(e[k] for e in ends) / len(ends)
    print(f"{w:6d} mean: {100 * mean('unseen_accuracy'):.2f}% / {100 * mean('seen_accuracy'):.2f}% / "
          f"{mean('unseen_plies_rms'):.2f} ({mean('seen_plies_rms'):.2f}) / {mean('unseen_plies_bias'):+.2f}")
