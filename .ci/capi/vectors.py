#!/usr/bin/env python3
"""Writes the reference vectors' moves (docs/reference-vectors/*.json) as the tab-separated lines
the C example's `check` mode reads: rules (JSON), seed, level, the move, the moves from the start."""
import json
import sys

vectors = json.load(open(sys.argv[1]))
for version in vectors["versions"]:
    rules = json.dumps(version["rules"], separators=(",", ":"))
    for p in version["positions"]:
        for level, move in p["choices"]:
            print("\t".join([rules, str(vectors["seed"]), level, move, *p["moves"]]))
