#!/usr/bin/env python3
"""The distance probe's protocol (../2026-12-06-graph-network) for the MLP with and without
per-role heads: distill-seedS.jsonl (musashi-lab distill, 10,000 steps, seeds 1-3), each model's
long fights kept by the raw policy on unseen and seen positions and the moves-left head's RMS
error at step 10,000. Usage: distill.py (from the repository root)."""
import json

HERE = "experiments/2026-12-07-role-heads"
rows = {}
for seed in (1, 2, 3):
    for line in open(f"{HERE}/distill-seed{seed}.jsonl"):
        e = json.loads(line)
        if e.get("step") == 10000:
            rows.setdefault(e["model"], []).append(e)
print("model             seed: unseen kept / seen kept / moves-left RMS unseen (seen) / train s")
for model, es in rows.items():
    for seed, e in enumerate(es, 1):
        print(f"{model:17s} {seed}: {100 * e['unseen_accuracy']:.1f}% / {100 * e['seen_accuracy']:.1f}% / "
              f"{e['unseen_plies_rms']:.1f} ({e['seen_plies_rms']:.1f}) / {e['train_seconds']:.0f}")
    mean = sum(e["unseen_accuracy"] for e in es) / len(es)
    print(f"{model:17s} mean unseen kept {100 * mean:.2f}%")
