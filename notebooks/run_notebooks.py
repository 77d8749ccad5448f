#!/usr/bin/env python3
"""Executes the notebooks against a run directory (and an export bundle) without Jupyter.

    python notebooks/run_notebooks.py --run runs/quick --out /tmp/executed    # executed copies
    python notebooks/run_notebooks.py --run runs/quick --inplace              # record outputs in the notebooks

Each notebook reads `MUSASHI_RUN` (and `levels.ipynb` also `MUSASHI_BUNDLE`); this script sets
them, runs every cell with the notebooks folder as the working directory, and exits non-zero as
soon as a cell raises. Without --inplace the committed notebooks are left untouched.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

import nbformat
from nbclient import NotebookClient
from nbclient.exceptions import CellExecutionError

HERE = Path(__file__).resolve().parent


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--run", required=True, help="the run directory (MUSASHI_RUN)")
    ap.add_argument("--bundle", help="an export bundle folder for levels.ipynb (MUSASHI_BUNDLE)")
    ap.add_argument("--out", help="folder for the executed copies (default: not kept)")
    ap.add_argument("--inplace", action="store_true", help="write the outputs into the notebooks themselves")
    ap.add_argument("--timeout", type=int, default=600, help="seconds per cell")
    ap.add_argument("notebooks", nargs="*", help="notebooks to run (default: every notebooks/*.ipynb)")
    a = ap.parse_args()

    run = Path(a.run)
    if not (run / "metrics.jsonl").exists():
        print(f"{run}: not a run directory (no metrics.jsonl)", file=sys.stderr)
        return 2
    # Paths as the notebooks see them: relative to the notebooks folder, their working directory.
    os.environ["MUSASHI_RUN"] = os.path.relpath(run.resolve(), HERE)
    if a.bundle:
        os.environ["MUSASHI_BUNDLE"] = os.path.relpath(Path(a.bundle).resolve(), HERE)
    # A bare name (levels.ipynb) means the notebook in this folder.
    paths = [Path(p) if Path(p).exists() else HERE / p for p in a.notebooks] or sorted(HERE.glob("*.ipynb"))
    out = Path(a.out) if a.out else None
    if out:
        out.mkdir(parents=True, exist_ok=True)
    for path in paths:
        nb = nbformat.read(path, as_version=4)
        client = NotebookClient(nb, timeout=a.timeout, kernel_name="python3", record_timing=False,
                                resources={"metadata": {"path": str(HERE)}})
        t = time.monotonic()
        try:
            client.execute()
        except CellExecutionError as e:
            print(f"FAILED {path.name}:\n{e}", file=sys.stderr)
            if out:
                nbformat.write(nb, out / path.name)
            return 1
        print(f"ok {path.name} ({time.monotonic() - t:.1f} s)")
        if a.inplace:
            nbformat.write(nb, path)
        if out:
            nbformat.write(nb, out / path.name)
    return 0


if __name__ == "__main__":
    sys.exit(main())
