"""Helpers shared by the notebooks: reading a run directory (docs/formats.md), the board's
geometry (docs/rules.md), replaying recorded games, score/Elo arithmetic and drawing the board.

Only pandas, pyarrow, numpy and matplotlib are used; nothing here writes into a run directory.
"""

from __future__ import annotations

import json
import math
import re
import tomllib
from collections import Counter
from pathlib import Path

import numpy as np
import pandas as pd
import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.parquet as pq

# --------------------------------------------------------------------------------------------
# Board geometry (docs/rules.md)

#: Point names in point order: a1..e5 row-major, then b6 c6 d6, then a7..e7.
POINTS = [f"{c}{r}" for r in range(1, 6) for c in "abcde"] + ["b6", "c6", "d6"] + [f"{c}7" for c in "abcde"]
INDEX = {name: i for i, name in enumerate(POINTS)}
#: (column, row) of every point, 0-based; the setchin's points take the coordinates of their names.
COORDS = [("abcde".index(n[0]), int(n[1:]) - 1) for n in POINTS]
#: Rows of the position notation (points per row), top to bottom.
ROWS = {33: [5, 5, 5, 5, 5, 3, 5], 25: [5, 5, 5, 5, 5]}

_SETCHIN_LINES = "c5-b6 b6-a7 c5-d6 d6-e7 c5-c6 c6-c7 b6-c6 c6-d6 b6-b7 d6-d7 b6-c7 d6-c7 a7-b7 b7-c7 c7-d7 d7-e7"


def _square_lines():
    lines = []
    for i in range(25):
        c, r = COORDS[i]
        if c < 4:
            lines.append((i, i + 1))
        if r < 4:
            lines.append((i, i + 5))
        if (c + r) % 2 == 0 and r < 4:
            if c < 4:
                lines.append((i, i + 6))
            if c > 0:
                lines.append((i, i + 4))
    return lines


def lines(board: int = 33) -> list[tuple[int, int]]:
    """The board's lines as pairs of point indices: 56 on 25 points, 72 on 33."""
    out = _square_lines()
    if board == 33:
        out += [tuple(INDEX[p] for p in pair.split("-")) for pair in _SETCHIN_LINES.split()]
    return out


def neighbours(board: int = 33) -> list[set[int]]:
    nb = [set() for _ in POINTS]
    for a, b in lines(board):
        nb[a].add(b)
        nb[b].add(a)
    return nb


def capture_pairs(board: int = 33) -> list[list[tuple[int, int]]]:
    """For every point p, the pairs (a, b) such that a p b is straight (joined, opposite directions)."""
    nb = neighbours(board)
    out = []
    for p in range(len(POINTS)):
        pairs = []
        for a in sorted(nb[p]):
            da = (COORDS[a][0] - COORDS[p][0], COORDS[a][1] - COORDS[p][1])
            for b in nb[p]:
                db = (COORDS[b][0] - COORDS[p][0], COORDS[b][1] - COORDS[p][1])
                if a < b and da == (-db[0], -db[1]):
                    pairs.append((a, b))
        out.append(pairs)
    return out


_PAIRS = {33: capture_pairs(33), 25: capture_pairs(25)}
assert len(lines(33)) == 72 and len(lines(25)) == 56
assert sum(len(p) for p in _PAIRS[33]) == 50


def parse_position(text: str) -> tuple[int, frozenset[int], str, int]:
    """`SSSSS/S...S/S.G.S/S...S/SSSSS/.../..... g` -> (general, soldiers, side to move, board)."""
    body, side = text.split()
    cells = body.replace("/", "")
    board = 33 if len(cells) == 33 else 25
    return cells.index("G"), frozenset(i for i, ch in enumerate(cells) if ch == "S"), side, board


def format_position(general: int, soldiers, side: str, board: int = 33) -> str:
    cells = ["."] * board
    cells[general] = "G"
    for s in soldiers:
        cells[s] = "S"
    rows, k = [], 0
    for n in ROWS[board]:
        rows.append("".join(cells[k : k + n]))
        k += n
    return "/".join(rows) + " " + side


def replay(start: str, moves) -> dict:
    """Replays a recorded game. Returns the General's point before every move and at the end
    (`general`, length = plies + 1), soldiers captured by every move (`captured`), the final
    General point and soldier set."""
    g, soldiers, side, board = parse_position(start)
    soldiers = set(soldiers)
    pairs = _PAIRS[board]
    trail, captured = [g], []
    for mv in moves:
        a, b = mv.split("-")
        f, t = INDEX[a], INDEX[b]
        if f == g:
            g = t
            n = 0
            for x, y in pairs[t]:
                if x in soldiers and y in soldiers:
                    soldiers.discard(x)
                    soldiers.discard(y)
                    n += 2
            captured.append(n)
        else:
            if f not in soldiers:
                raise ValueError(f"move {mv}: no piece on {a}")
            soldiers.discard(f)
            soldiers.add(t)
            captured.append(0)
        trail.append(g)
    return {"general": trail, "captured": captured, "final_general": g, "final_soldiers": frozenset(soldiers), "board": board}


# --------------------------------------------------------------------------------------------
# Reading a run directory (docs/formats.md)

def load_events(run_dir) -> dict[str, pd.DataFrame]:
    """metrics.jsonl as one DataFrame per event type (missing file: empty dict)."""
    path = Path(run_dir) / "metrics.jsonl"
    rows: dict[str, list] = {}
    if not path.exists():
        return {}
    with open(path) as f:
        for line in f:
            line = line.strip()
            if not line:
                continue
            e = json.loads(line)
            rows.setdefault(e["event"], []).append(e)
    return {k: pd.DataFrame(v) for k, v in rows.items()}


def load_config(run_dir) -> dict:
    path = Path(run_dir) / "config.resolved.toml"
    if not path.exists():
        return {}
    with open(path, "rb") as f:
        return tomllib.load(f)


_GAME_ID = re.compile(r"^sp(\d+)-(.+)-(\d+)$")


def shard_files(run_dir) -> list[tuple[Path, Path]]:
    """Complete shards (games file present) as (positions, games) paths, by name."""
    games = Path(run_dir) / "games"
    out = []
    for g in sorted(games.glob("*.games.parquet")):
        p = g.with_name(g.name[: -len(".games.parquet")] + ".positions.parquet")
        out.append((p, g))
    return out


def add_shard_columns(df: pd.DataFrame) -> pd.DataFrame:
    """Adds `worker` (`main`, a worker's name, or `alphabeta` for bootstrap games) and
    `for_generation` (the generation the game's data trained: `GGGG` of `spGGGG-WORKER-IIIIII`,
    the numbering of the metrics events; the `generation` column is the model that played it,
    one less for self-play)."""
    parts = df["game_id"].str.extract(_GAME_ID)
    df["worker"] = parts[1]
    df["for_generation"] = parts[0].astype(int)
    return df


def load_games(run_dir, columns=None) -> pd.DataFrame:
    """Every complete shard's games table, with `worker` and `for_generation` (empty frame if none)."""
    files = shard_files(run_dir)
    if not files:
        return pd.DataFrame(columns=["game_id", "generation", "board", "winner", "reason", "length", "worker",
                                     "for_generation"])
    df = pd.concat([pq.read_table(g, columns=columns).to_pandas() for _, g in files], ignore_index=True)
    return add_shard_columns(df)


def read_positions(run_dir, columns, generations=None, bootstrap=False) -> pa.Table:
    """The positions tables of complete shards as one Arrow table (only `columns`, plus `game_id`);
    `generations`: keep these; `bootstrap`: include the alpha-beta bootstrap shards."""
    cols = list(dict.fromkeys(["game_id", "generation", *columns]))
    tables = []
    for p, g in shard_files(run_dir):
        if not bootstrap and "-alphabeta-" in p.name:
            continue
        if generations is not None and int(p.name[2:6]) not in set(generations):
            continue
        tables.append(pq.read_table(p, columns=cols))
    if not tables:
        return None
    return pa.concat_tables(tables)


def _strings(positions):
    if isinstance(positions, (pa.Array, pa.ChunkedArray)):
        return positions
    return pa.array(list(positions), type=pa.string())


def general_points(positions) -> np.ndarray:
    """The General's point index of every position string (the notation lists points in point order)."""
    cells = pc.replace_substring(_strings(positions), "/", "")
    return pc.find_substring(cells, "G").to_numpy(zero_copy_only=False)


def soldier_counts(positions) -> np.ndarray:
    return pc.count_substring(pc.replace_substring(_strings(positions), "/", ""), "S").to_numpy(zero_copy_only=False)


def list_entropy(col: pa.ChunkedArray) -> np.ndarray:
    """Shannon entropy (nats) of every row of a list<float> column of probabilities (NaN for all-zero rows)."""
    col = col.combine_chunks() if isinstance(col, pa.ChunkedArray) else col
    values = pc.list_flatten(col).to_numpy(zero_copy_only=False).astype(np.float64)
    parent = pc.list_parent_indices(col).to_numpy(zero_copy_only=False)
    n = len(col)
    total = np.bincount(parent, weights=values, minlength=n)
    p = values / np.where(total[parent] > 0, total[parent], 1.0)
    h = np.bincount(parent, weights=np.where(p > 0, -p * np.log(np.where(p > 0, p, 1.0)), 0.0), minlength=n)
    h[total <= 0] = np.nan
    return h


def list_lengths(col) -> np.ndarray:
    return pc.list_value_length(col).to_numpy(zero_copy_only=False)


def latest_ranking(run_dir):
    """`RUN_DIR/ranking/ranking.csv` (written by `musashi rank --run RUN_DIR --out RUN_DIR/ranking`), or None."""
    path = Path(run_dir) / "ranking" / "ranking.csv"
    if not path.exists():
        return None
    df = pd.read_csv(path)
    if "generation" not in df.columns:
        df["generation"] = df["agent"].str.extract(r"gen-(\d+)")[0]
    df["generation"] = pd.to_numeric(df["generation"], errors="coerce")
    return df


# --------------------------------------------------------------------------------------------
# Scores and Elo

def score_err(score, n):
    """Binomial standard error of a score over n games."""
    score, n = np.asarray(score, float), np.asarray(n, float)
    return np.sqrt(score * (1 - score) / np.maximum(n, 1))


def score_to_elo(score, n):
    """Elo difference implied by a score over n games, with its standard error (delta method).
    Scores of 0 or 1 are clipped to 0.5/n and 1 - 0.5/n, so the estimate stays finite; treat such
    points as bounds."""
    score, n = np.asarray(score, float), np.asarray(n, float)
    s = np.clip(score, 0.5 / n, 1 - 0.5 / n)
    elo = -400 * np.log10(1 / s - 1)
    err = 400 / math.log(10) / np.sqrt(n * s * (1 - s))
    return elo, err


# --------------------------------------------------------------------------------------------
# Drawing

def draw_board(ax, board: int = 33, values=None, cmap="viridis", vmin=None, vmax=None, label_points=False,
               annotate=None, size=420, fmt="{:.0f}"):
    """Draws the board with its lines. `values` (one per point of the board) colours the points;
    `annotate` (same length) writes a number on each point. Returns the scatter (for a colour bar)."""
    n = 33 if board == 33 else 25
    for a, b in lines(n):
        (x1, y1), (x2, y2) = COORDS[a], COORDS[b]
        ax.plot([x1, x2], [y1, y2], color="0.65", lw=1, zorder=1)
    xs = [COORDS[i][0] for i in range(n)]
    ys = [COORDS[i][1] for i in range(n)]
    if values is None:
        sc = ax.scatter(xs, ys, s=size / 5, color="white", edgecolors="0.45", linewidths=0.8, zorder=2)
    else:
        sc = ax.scatter(xs, ys, c=np.asarray(values, float)[:n], s=size, cmap=cmap, vmin=vmin, vmax=vmax,
                        edgecolors="0.2", linewidths=0.6, zorder=2)
    if annotate is not None:
        if values is not None:
            sc.update_scalarmappable()
        faces = sc.get_facecolors() if values is not None else None
        for i in range(n):
            v = annotate[i]
            if v is None or (isinstance(v, float) and math.isnan(v)):
                continue
            dark = faces is not None and (faces[i][:3] @ np.array([0.299, 0.587, 0.114])) < 0.5
            ax.text(xs[i], ys[i], fmt.format(v), ha="center", va="center", fontsize=7,
                    color="white" if dark else "black", zorder=3)
    if label_points:
        for i in range(n):
            ax.text(xs[i] + 0.18, ys[i] - 0.18, POINTS[i], fontsize=6, color="0.4", zorder=3)
    ax.set_xlim(-0.6, 4.6)
    ax.set_ylim((6.6 if n == 33 else 4.6), -0.6)
    ax.set_xticks(range(5), list("abcde"))
    ax.set_yticks(range(7 if n == 33 else 5), [str(r) for r in range(1, (8 if n == 33 else 6))])
    ax.set_aspect("equal")
    for s in ax.spines.values():
        s.set_visible(False)
    ax.tick_params(length=0)
    return sc


def draw_position(ax, position: str, title=None, last_move=None):
    """Draws a position: the General as a red disc, soldiers as black discs."""
    g, soldiers, side, board = parse_position(position)
    draw_board(ax, board)
    sx = [COORDS[s][0] for s in soldiers]
    sy = [COORDS[s][1] for s in soldiers]
    ax.scatter(sx, sy, s=260, color="black", zorder=4)
    ax.scatter([COORDS[g][0]], [COORDS[g][1]], s=330, color="crimson", edgecolors="black", zorder=5)
    if last_move:
        a, b = (INDEX[p] for p in last_move.split("-"))
        ax.annotate("", xy=COORDS[b], xytext=COORDS[a],
                    arrowprops=dict(arrowstyle="->", color="royalblue", lw=2), zorder=6)
    if title:
        ax.set_title(title, fontsize=9)


def counts_per_point(points, board: int = 33) -> np.ndarray:
    c = Counter(int(p) for p in points)
    return np.array([c.get(i, 0) for i in range(board)], float)
