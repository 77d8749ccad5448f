#!/usr/bin/env python3
"""Strength against wall time: each ranked checkpoint's Elo (± one standard error) at the wall
time its generation ended, one series per run, and each run's best-so-far as a step line.
Writes an SVG (no plotting library needed).

Usage: [COLUMN=elo|elo_as_general|elo_as_soldiers] [RELATIVE_TO=AGENT] plot.py OUT.svg LABEL RUN_DIR RANKING_CSV [...]

RELATIVE_TO (e.g. alphabeta:depth=5) puts each series relative to that agent's Elo in its own
ranking, for runs ranked in separate gauntlets. A label LABEL@SECONDS shifts its series right by
SECONDS (a one-off cost paid before the run, such as solving tables).
"""
import csv
import json
import os
import sys

COLUMN = os.environ.get("COLUMN", "elo")
RELATIVE_TO = os.environ.get("RELATIVE_TO", "")
ERR = COLUMN + "_err"

COLOURS = ["#1f58b4", "#c83c28", "#2a9d3a", "#8a3ab9"]
W, H, L, R, T, B = 820, 500, 70, 200, 40, 60


def reference(ranking):
    if not RELATIVE_TO:
        return 0.0
    with open(ranking) as f:
        return next(float(r[COLUMN]) for r in csv.DictReader(f) if r["agent"] == RELATIVE_TO)


def series(run_dir, ranking, offset):
    ends = {0: 0.0}
    with open(f"{run_dir}/metrics.jsonl") as f:
        for line in f:
            e = json.loads(line)
            if e.get("event") == "generation":
                ends[e["generation"]] = e["wall_seconds"]
    pts, ref = [], reference(ranking)
    with open(ranking) as f:
        for row in csv.DictReader(f):
            if row["generation"]:
                g = int(row["generation"])
                pts.append((offset + ends[g], float(row[COLUMN]) - ref, float(row[ERR]), g))
    return sorted(pts)


def baselines(ranking):
    ref = reference(ranking)
    with open(ranking) as f:
        return [(r["agent"], float(r[COLUMN]) - ref) for r in csv.DictReader(f) if not r["generation"]]


def labelled(label, run_dir, ranking):
    name, _, offset = label.partition("@")
    return name, series(run_dir, ranking, float(offset or 0))


def main():
    out, rest = sys.argv[1], sys.argv[2:]
    runs = [labelled(*rest[i:i + 3]) for i in range(0, len(rest), 3)]
    refs = baselines(rest[2])
    xs = [p[0] for _, s in runs for p in s]
    ys = [y for _, s in runs for p in s for y in (p[1] - p[2], p[1] + p[2])] + [e for _, e in refs]
    x1, y0, y1 = max(xs) * 1.05, min(ys) - 50, max(ys) + 50
    px = lambda x: L + (W - L - R) * x / x1
    py = lambda y: T + (H - T - B) * (1 - (y - y0) / (y1 - y0))
    svg = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{W}" height="{H}" font-family="sans-serif" font-size="12">',
           f'<rect width="{W}" height="{H}" fill="white"/>',
           f'<text x="{W / 2 - 100}" y="22" font-size="15">{COLUMN.replace("_", " ")} against wall time</text>']
    for k in range(6):
        x = x1 * k / 5
        svg.append(f'<line x1="{px(x):.1f}" y1="{T}" x2="{px(x):.1f}" y2="{H - B}" stroke="#ddd"/>')
        svg.append(f'<text x="{px(x) - 10:.1f}" y="{H - B + 18}">{x:.0f}</text>')
        y = y0 + (y1 - y0) * k / 5
        svg.append(f'<line x1="{L}" y1="{py(y):.1f}" x2="{W - R}" y2="{py(y):.1f}" stroke="#ddd"/>')
        svg.append(f'<text x="{L - 45}" y="{py(y) + 4:.1f}">{y:+.0f}</text>')
    svg.append(f'<text x="{(W - R) / 2}" y="{H - 15}">wall seconds (2 cores)</text>')
    svg.append(f'<text x="12" y="{T - 10}">Elo over {RELATIVE_TO or "alphabeta:depth=1"}</text>')
    for name, e in refs:
        svg.append(f'<line x1="{L}" y1="{py(e):.1f}" x2="{W - R}" y2="{py(e):.1f}" stroke="#999" stroke-dasharray="5,4"/>')
        svg.append(f'<text x="{W - R + 5}" y="{py(e) + 4:.1f}" fill="#666">{name}</text>')
    for i, (label, pts) in enumerate(runs):
        c = COLOURS[i % len(COLOURS)]
        svg.append(f'<polyline fill="none" stroke="{c}" stroke-width="1" points="'
                   + " ".join(f"{px(x):.1f},{py(y):.1f}" for x, y, _, _ in pts) + '"/>')
        best, step = -1e9, []
        for x, y, _, _ in pts:
            best = max(best, y)
            step.append(f"{px(x):.1f},{py(best):.1f}")
        svg.append(f'<polyline fill="none" stroke="{c}" stroke-width="2.5" opacity="0.5" points="{" ".join(step)}"/>')
        for x, y, e, g in pts:
            svg.append(f'<line x1="{px(x):.1f}" y1="{py(y - e):.1f}" x2="{px(x):.1f}" y2="{py(y + e):.1f}" stroke="{c}"/>')
            svg.append(f'<circle cx="{px(x):.1f}" cy="{py(y):.1f}" r="3" fill="{c}"><title>{label} gen {g}: {y:+.0f} ± {e:.0f}</title></circle>')
        svg.append(f'<rect x="{W - R + 5}" y="{T + 20 * i}" width="12" height="12" fill="{c}"/>')
        svg.append(f'<text x="{W - R + 22}" y="{T + 20 * i + 11}">{label}</text>')
    svg.append("</svg>")
    with open(out, "w") as f:
        f.write("\n".join(svg) + "\n")


main()
