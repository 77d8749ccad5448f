#!/usr/bin/env python3
"""The probe's last report of each file of run.sh, per arm and model, mean over seeds (and each
seed): of the unseen No setchin long fights, the share whose longest delay is kept by the raw
policy's top move ("policy"), by the child with the most predicted plies ("children", the
moves-left head's one-ply pick), and by the largest sum of the two ("both": log-probability +
plies, one nat a ply); the share of a fight's children pairs with different delays that the head
orders right ("pairs"); the head's RMS error at the fight in plies; and the policy and the
children pick on the seen fights.
Usage: summary.py (from anywhere)."""
import collections
import glob
import json
import os
import re

HERE = os.path.dirname(os.path.abspath(__file__))
FIELDS = [("policy", "unseen_accuracy"), ("children", "unseen_children_accuracy"),
          ("both", "unseen_combined_accuracy"), ("pairs", "unseen_pairs_accuracy"),
          ("ml rms", "unseen_plies_rms"), ("seen pol", "seen_accuracy"), ("seen ch", "seen_children_accuracy")]
rows = collections.defaultdict(list)
for path in sorted(glob.glob(f"{HERE}/distill-*.jsonl")):
    arm, seed = re.match(r".*/distill-(.+)-seed(\d+)\.jsonl$", path).groups()
    last = [json.loads(l) for l in open(path)][-1]
    rows[arm].append((int(seed), last))
print(f"{'arm':34} {'seeds':>5} " + " ".join(f"{n:>8}" for n, _ in FIELDS) + "  per seed (policy / children / both)")
for arm, r in rows.items():
    def cell(name, key):
        v = sum(x[1][key] for x in r) / len(r)
        return f"{v:8.2f}" if name == "ml rms" else f"{100 * v:8.2f}"
    per = " ".join(f"s{s}:{100 * d['unseen_accuracy']:.2f}/{100 * d['unseen_children_accuracy']:.2f}/"
                   f"{100 * d['unseen_combined_accuracy']:.2f}" for s, d in sorted(r, key=lambda x: x[0]))
    print(f"{arm:34} {len(r):5} " + " ".join(cell(n, k) for n, k in FIELDS) + f"  {per}")
