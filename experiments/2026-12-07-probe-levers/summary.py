#!/usr/bin/env python3
"""The probe's last report of each file of run.sh, per arm and model: mean over seeds (and each
seed) of the raw policy's long fights kept (unseen; unseen with no symmetric image trained on;
unseen whose image was trained on; seen; with UNSEEN_OF, those unseen by that many games, "of N")
and the moves-left head's RMS error on unseen ones.
Usage: summary.py (from anywhere)."""
import collections
import glob
import json
import os
import re

HERE = os.path.dirname(os.path.abspath(__file__))
rows = collections.defaultdict(list)
for path in sorted(glob.glob(f"{HERE}/distill-*.jsonl")):
    arm, seed = re.match(r".*/distill-(.+)-seed(\d+)\.jsonl$", path).groups()
    lines = [json.loads(l) for l in open(path)]
    head, last = lines[0], lines[-1]
    u, o = head["unseen"], head["unseen_orbit"]
    image = (last["unseen_accuracy"] * u - last["unseen_orbit_accuracy"] * o) / (u - o)
    of = last.get("unseen_of_accuracy", float("nan"))
    rows[arm].append((int(seed), last["unseen_accuracy"], last["unseen_orbit_accuracy"], image,
                      last["seen_accuracy"], last["unseen_plies_rms"], of, head.get("unseen_of_games")))
print(f"{'arm':40} {'seeds':>5} {'unseen':>7} {'orbit':>7} {'image':>7} {'seen':>7} {'ml rms':>7} {'of N (seeds)':>17}  per seed (unseen)")
for arm, r in rows.items():
    mean = lambda k: sum(x[k] for x in r) / len(r)
    per = " ".join(f"s{x[0]}:{100 * x[1]:.2f}" for x in sorted(r))
    with_of = [x for x in r if x[7]]  # the seeds scored on another run's unseen set
    of = f"{100 * sum(x[6] for x in with_of) / len(with_of):.2f} of {with_of[0][7]} ({len(with_of)})" if with_of else "-"
    print(f"{arm:40} {len(r):5} {100 * mean(1):7.2f} {100 * mean(2):7.2f} {100 * mean(3):7.2f} {100 * mean(4):7.2f} "
          f"{mean(5):7.2f} {of:>17}  {per}")
