"""A soak test of `musashi serve`: a bounded, loopback-only mixed load for a fixed time.

Clients, each from its own loopback address (127.0.0.x, so the server's per-client limits see
them apart):
  - the player (127.0.0.9) plays whole games against Easy and times every reply;
  - gamers (127.0.0.10-11) play games against Normal and Hard;
  - a hint flood (127.0.0.2) asks for hints on one game without pause;
  - a game flood (127.0.0.3) starts games without end;
  - the malformed (127.0.0.4) send broken, oversized and refused requests of every kind;
  - the stalled (127.0.0.5) try to hold idle and half-sent connections, more than the server's
    descriptor limit, opening new ones as the server closes them (it keeps a client's first 32
    and closes the rest at once).
The server's memory (VmRSS, then VmHWM) is read from /proc. Exit status 0 when every target held:
no 5xx, no malformed request answered with anything but a JSON 4xx, the server still running,
peak memory under the bound, every Easy reply under the bound, and at least the requested numbers
of requests and connections. Standard library only.
"""

import argparse
import asyncio
import json
import os
import resource
import sys
import time


def parse_args():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--port", type=int, required=True)
    p.add_argument("--pid", type=int, required=True, help="the server's process id")
    p.add_argument("--seconds", type=float, default=60)
    p.add_argument("--held", type=int, default=1500, help="idle connections kept open at once")
    p.add_argument("--min-requests", type=int, default=10_000)
    p.add_argument("--min-connections", type=int, default=2_000)
    p.add_argument("--max-rss-mb", type=float, default=100)
    p.add_argument("--max-easy-reply-s", type=float, default=1.0)
    return p.parse_args()


class Tally:
    def __init__(self):
        self.requests = 0
        self.connections = 0
        self.by_status = {}
        self.fails = []
        self.easy_replies = []
        self.stalled_closed = 0

    def fail(self, what):
        if len(self.fails) < 50:
            self.fails.append(what)


async def request(args, tally, source, method, path, body=None, headers=None, raw=None, timeout=30):
    """One HTTP/1.1 request on a new connection; the status and the parsed body (or text). A
    connection refused, reset or timed out is a failure (status -1): the server sheds only the
    connections past a client's share, and no client but the stalled one goes past it."""
    try:
        return await attempt(args, tally, source, method, path, body, headers, raw, timeout)
    except (OSError, asyncio.TimeoutError) as e:
        tally.fail(f"{method or raw[:30]!r} {path[:60]} from {source}: {e!r}")
        return -1, repr(e)


async def attempt(args, tally, source, method, path, body, headers, raw, timeout):
    reader, writer = await asyncio.wait_for(
        asyncio.open_connection("127.0.0.1", args.port, local_addr=(source, 0)), timeout)
    tally.connections += 1
    try:
        if raw is None:
            data = b"" if body is None else json.dumps(body).encode()
            head = [f"{method} {path} HTTP/1.1", f"Host: 127.0.0.1:{args.port}", "Connection: close"]
            if body is not None:
                head.append("Content-Type: application/json")
            head.append(f"Content-Length: {len(data)}")
            head += headers or []
            raw = ("\r\n".join(head) + "\r\n\r\n").encode() + data
        writer.write(raw)
        await writer.drain()
        answer = await asyncio.wait_for(reader.read(), timeout)
    finally:
        writer.close()
    tally.requests += 1
    head, _, text = answer.partition(b"\r\n\r\n")
    try:
        status = int(head.split(b" ")[1])
    except (IndexError, ValueError):
        status = 0
    tally.by_status[status] = tally.by_status.get(status, 0) + 1
    if status >= 500 or status == 0:
        tally.fail(f"{method} {path[:60]} from {source}: status {status} {text[:200]!r}")
    try:
        return status, json.loads(text)
    except ValueError:
        return status, text


async def play(args, tally, source, level, deadline, timed):
    """Whole games against `level`: the first legal move, then the computer's reply."""
    while time.monotonic() < deadline:
        status, g = await request(args, tally, source, "POST", "/api/games",
                                  {"rules": {"preset": "classic"}, "human": "general", "level": level})
        if status != 201:
            tally.fail(f"new game for {level}: {status} {g}")
            await asyncio.sleep(0.5)
            continue
        game = g["game"]
        gid = game["id"]
        while game["outcome"] is None and time.monotonic() < deadline:
            if game["to_move"] == game["human"]:
                mv = game["legal"][len(game["moves"]) % len(game["legal"])]
                status, g = await request(args, tally, source, "POST", f"/api/games/{gid}/move", {"move": mv})
            else:
                t = time.monotonic()
                status, g = await request(args, tally, source, "POST", f"/api/games/{gid}/reply")
                if timed:
                    tally.easy_replies.append(time.monotonic() - t)
            if status != 200:
                tally.fail(f"{level} game {gid}: {status} {g}")
                break
            game = g["game"]


async def hint_flood(args, tally, deadline):
    source = "127.0.0.2"
    _, g = await request(args, tally, source, "POST", "/api/games",
                         {"rules": {"preset": "classic"}, "human": "general", "level": "easy"})
    gid = g["game"]["id"]

    async def one():
        while time.monotonic() < deadline:
            status, _ = await request(args, tally, source, "POST", f"/api/games/{gid}/hint")
            if status not in (200, 429):
                tally.fail(f"hint: {status}")
    await asyncio.gather(*(one() for _ in range(6)))


async def game_flood(args, tally, deadline):
    while time.monotonic() < deadline:
        status, g = await request(args, tally, "127.0.0.3", "POST", "/api/games",
                                  {"rules": {"preset": "no-setchin"}, "human": "soldiers", "level": "hard"})
        if status != 201:
            tally.fail(f"game flood: {status} {g}")


def malformed_requests(port):
    host = f"Host: 127.0.0.1:{port}"
    j = "Content-Type: application/json"
    def req(line, *headers, body=b""):
        return ("\r\n".join([line, *headers, f"Content-Length: {len(body)}", "Connection: close"])
                + "\r\n\r\n").encode() + body
    return [
        (req("POST /api/games HTTP/1.1", host, j, body=b"{not json"), 400),
        (req("POST /api/games HTTP/1.1", host, j, body=b'{"rules":{"preset":"chess"}}'), 400),
        (req("POST /api/games HTTP/1.1", host, j, body=b'{"level":"easy","extra":1}'), 400),
        (req("POST /api/games HTTP/1.1", host, "Content-Type: text/plain", body=b"{}"), 415),
        (req("POST /api/games HTTP/1.1", host, body=b"{}"), 415),
        (req("POST /api/games HTTP/1.1", "Host: evil.example", j, body=b"{}"), 421),
        (req("GET /api/games/0123456789abcdef HTTP/1.1", host), 404),
        (req("GET /nothing/here HTTP/1.1", host), 404),
        (req("DELETE /api/games HTTP/1.1", host), 405),
        (req(f"GET /api/games/{'x' * 9000} HTTP/1.1", host), 414),
        (req("GET /api/options HTTP/1.1", host, *[f"X-F{i}: {i}" for i in range(80)]), 431),
        (("POST /api/games HTTP/1.1\r\n" + host + "\r\n" + j + "\r\nExpect: 100-continue\r\n"
          "Content-Length: 1000000000000\r\nConnection: close\r\n\r\n").encode(), 413),
        (req("POST /api/games HTTP/1.1", host, j, body=b"[" * 70_000), 413),
        (req("POST /api/games/0123/move HTTP/1.1", host, j, body=b'{"move":"a1-a2"}'), 404),
    ]


async def malformed(args, tally, deadline, lane):
    cases = malformed_requests(args.port)
    i = lane
    while time.monotonic() < deadline:
        raw, want = cases[i % len(cases)]
        i += 1
        status, body = await request(args, tally, "127.0.0.4", "", "", raw=raw, timeout=20)
        if status != want or not (isinstance(body, dict) and "error" in body):
            tally.fail(f"malformed case {(i - 1) % len(cases)}: wanted a JSON {want}, got {status} {str(body)[:120]}")


async def stalled(args, tally, deadline):
    """Keeps trying to hold `held` connections open, half of them with half a request head sent;
    a connection the server closed (past the client's share, or after the head timeout) is
    replaced by a new one."""
    held = []
    closed = 0

    async def one(n):
        try:
            reader, writer = await asyncio.wait_for(
                asyncio.open_connection("127.0.0.1", args.port, local_addr=("127.0.0.5", 0)), 10)
        except (OSError, asyncio.TimeoutError):
            return None
        tally.connections += 1
        if n % 2:
            writer.write(b"GET /api/options HTTP/1.1\r\nHo")
        return reader, writer

    n = 0
    while time.monotonic() < deadline:
        alive = []
        for reader, writer in held:
            if reader.at_eof() or reader.exception() is not None:
                writer.close()
                closed += 1
            else:
                alive.append((reader, writer))
        held = alive
        missing = args.held - len(held)
        opened = await asyncio.gather(*(one(n + i) for i in range(min(missing, 100))))
        n += missing
        held += [c for c in opened if c is not None]
        await asyncio.sleep(0.25)
    for _, writer in held:
        writer.close()
    tally.stalled_closed = closed


def rss_mb(pid, field):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith(field + ":"):
                return int(line.split()[1]) / 1024
    return 0.0


async def watch_memory(args, deadline, samples):
    while time.monotonic() < deadline:
        samples.append(rss_mb(args.pid, "VmRSS"))
        await asyncio.sleep(0.5)


async def main(args):
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    want = args.held + 600
    if soft < want:
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(want, hard), hard))
    soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < want:
        # This process may not open that many: hold fewer, leaving room for the other clients.
        args.held = max(100, soft - 600)
        print(f"descriptor limit of the soak client: {soft}, holding {args.held} stalled connections")
    tally = Tally()
    start = time.monotonic()
    deadline = start + args.seconds
    memory = []
    tasks = [
        play(args, tally, "127.0.0.9", "easy", deadline, True),
        play(args, tally, "127.0.0.10", "normal", deadline, False),
        play(args, tally, "127.0.0.11", "hard", deadline, False),
        hint_flood(args, tally, deadline),
        game_flood(args, tally, deadline),
        stalled(args, tally, deadline),
        watch_memory(args, deadline, memory),
        *(malformed(args, tally, deadline, lane) for lane in range(4)),
    ]
    await asyncio.gather(*tasks)
    elapsed = time.monotonic() - start
    alive = os.path.exists(f"/proc/{args.pid}") and rss_mb(args.pid, "VmRSS") > 0
    peak = rss_mb(args.pid, "VmHWM") if alive else float("nan")
    replies = sorted(tally.easy_replies)
    worst = replies[-1] if replies else float("nan")
    median = replies[len(replies) // 2] if replies else float("nan")
    print(f"soak: {elapsed:.0f} s, {tally.requests} requests, {tally.connections} connections attempted "
          f"(trying to hold {args.held} idle or stalled at once; the server closed {tally.stalled_closed} of them)")
    print("status counts: " + ", ".join(f"{k}: {v}" for k, v in sorted(tally.by_status.items())))
    print(f"server memory: peak {peak:.1f} MB (VmHWM), last sample {memory[-1] if memory else 0:.1f} MB")
    print(f"Easy replies: {len(replies)}, median {median * 1000:.0f} ms, worst {worst * 1000:.0f} ms")
    problems = list(tally.fails)
    if not alive:
        problems.append("the server is no longer running")
    if alive and peak >= args.max_rss_mb:
        problems.append(f"peak memory {peak:.1f} MB, the bound is {args.max_rss_mb} MB")
    if not replies or worst >= args.max_easy_reply_s:
        problems.append(f"worst Easy reply {worst:.2f} s, the bound is {args.max_easy_reply_s} s")
    if tally.requests < args.min_requests:
        problems.append(f"only {tally.requests} requests, at least {args.min_requests} wanted")
    if tally.connections < args.min_connections:
        problems.append(f"only {tally.connections} connections, at least {args.min_connections} wanted")
    for p in problems:
        print("FAIL: " + p, file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(asyncio.run(main(parse_args())))
