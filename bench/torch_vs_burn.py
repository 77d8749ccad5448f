#!/usr/bin/env python3
"""Times musashi's policy-value MLP in PyTorch (CPU) and in Burn at the same shapes, batch sizes
and thread counts, side by side in one run, and prints the ratio:

- inference (default): `musashi bench network`, one thread each, µs per position;
- `--train`: training steps (forward, the loss, backward, Adam) at batch `--train-batch`,
  `musashi bench train` beside the same step in PyTorch, `--threads` threads each (Burn's
  through RAYON_NUM_THREADS), samples per second; the models of `--models` (mlp:HxB, or the
  graph network graph:HxB or graph:HxBrR, reach R = 1 or 2, default 2).

    python3 -m venv /tmp/torchvenv && /tmp/torchvenv/bin/pip install torch
    /tmp/torchvenv/bin/python bench/torch_vs_burn.py [--musashi target/release/musashi]
    /tmp/torchvenv/bin/python bench/torch_vs_burn.py --train --models mlp:128x1,mlp:192x2 --threads 2

The PyTorch model is built from the checkpoint layout in docs/formats.md: input linear, residual
blocks (LayerNorm, linear, ReLU, linear, skip), ReLU, a policy head (144 logits) and a value head
(hidden -> value_hidden -> 1, tanh). The graph network follows crates/net/src/graph.rs layer for
layer (per-point embedding, pre-norm blocks that read each point's slots along the lines with a
global pooling bias, the policy from each action's two ends, heads over pooled and per-point
channels); its neighbour and action tables are random indices of the real tables' shapes, which
cost the same. Weights are random: only speed is compared.
"""
import argparse
import re
import subprocess
import time

import torch
from torch import nn

FEATURES, ACTIONS = 180, 144
POINTS, DIRECTIONS, POINT_PLANES, GLOBALS, HEAD_CHANNELS = 33, 8, 5, 15, 4


class Block(nn.Module):
    def __init__(self, h):
        super().__init__()
        self.norm = nn.LayerNorm(h, eps=1e-5)
        self.first = nn.Linear(h, h)
        self.second = nn.Linear(h, h)

    def forward(self, x):
        return x + self.second(torch.relu(self.first(self.norm(x))))


class Net(nn.Module):
    def __init__(self, hidden, blocks, value_hidden, moves_left_hidden=0):
        super().__init__()
        self.input = nn.Linear(FEATURES, hidden)
        self.blocks = nn.ModuleList(Block(hidden) for _ in range(blocks))
        self.policy = nn.Linear(hidden, ACTIONS)
        self.value_hidden = nn.Linear(hidden, value_hidden)
        self.value_out = nn.Linear(value_hidden, 1)
        self.moves_left = None
        if moves_left_hidden:
            self.moves_left = nn.Sequential(nn.Linear(hidden, moves_left_hidden), nn.ReLU(),
                                            nn.Linear(moves_left_hidden, 1), nn.Softplus())

    def forward(self, f):
        x = torch.relu(self.input(f))
        for b in self.blocks:
            x = b(x)
        x = torch.relu(x)
        value = torch.tanh(self.value_out(torch.relu(self.value_hidden(x))))
        if self.moves_left is None:
            return self.policy(x), value
        return self.policy(x), value, self.moves_left(x)


class GraphBlock(nn.Module):
    def __init__(self, h, slots):
        super().__init__()
        self.norm = nn.LayerNorm(h, eps=1e-5)
        self.message = nn.Linear(slots * h, h)
        self.pool = nn.Linear(2 * h, h)
        self.out = nn.Linear(h, h)

    def forward(self, x, rows, exists, b):
        n, c = x.shape
        padded = torch.cat([self.norm(x), x.new_zeros(1, c)], 0)
        read = padded.index_select(0, rows).reshape(n, -1)
        message = torch.relu(self.message(read)) * exists
        context = self.pool(pooled(message, b)).repeat_interleave(POINTS, 0)
        return (x + self.out(torch.relu(message + context))) * exists


def pooled(x, b):
    x = x.reshape(b, POINTS, -1)
    return torch.cat([x.mean(1), x.amax(1)], 1)


class GraphNet(nn.Module):
    """crates/net/src/graph.rs in PyTorch (random board tables of the real shapes)."""

    def __init__(self, hidden, blocks, reach, value_hidden, moves_left_hidden):
        super().__init__()
        g = torch.Generator().manual_seed(1)
        self.slots = 1 + DIRECTIONS * reach
        self.neighbours = torch.randint(0, POINTS + 1, (POINTS, self.slots - 1), generator=g)
        self.starts = torch.randint(0, POINTS * DIRECTIONS, (ACTIONS,), generator=g)
        self.ends = torch.randint(0, POINTS * DIRECTIONS, (ACTIONS,), generator=g)
        self.embed = nn.Linear(POINT_PLANES + 1 + GLOBALS, hidden)
        self.blocks = nn.ModuleList(GraphBlock(hidden, self.slots) for _ in range(blocks))
        self.final_norm = nn.LayerNorm(hidden, eps=1e-5)
        self.head_points = nn.Linear(hidden, HEAD_CHANNELS)
        self.policy_start = nn.Linear(hidden, DIRECTIONS)
        self.policy_end = nn.Linear(hidden, DIRECTIONS)
        heads = POINTS * HEAD_CHANNELS + 2 * hidden + GLOBALS
        self.value_hidden = nn.Linear(heads, value_hidden)
        self.value_out = nn.Linear(value_hidden, 1)
        self.moves_left = nn.Sequential(nn.Linear(heads, moves_left_hidden), nn.ReLU(),
                                        nn.Linear(moves_left_hidden, 1), nn.Softplus())

    def rows(self, b):
        """Each point's slots' rows in the [b x 33 + 1, c] tensor whose last row is zero."""
        base = (torch.arange(b) * POINTS).reshape(b, 1, 1)
        own = torch.arange(POINTS).reshape(1, POINTS, 1) + base
        absent = self.neighbours.unsqueeze(0) == POINTS
        nb = torch.where(absent, torch.full_like(absent, b * POINTS, dtype=torch.long), self.neighbours + base)
        return torch.cat([own, nb], 2).reshape(-1)

    def forward(self, f):
        b = f.shape[0]
        planes = f[:, :POINT_PLANES * POINTS].reshape(b, POINT_PLANES, POINTS).transpose(1, 2)
        planes = planes.reshape(b * POINTS, POINT_PLANES)
        exists = planes[:, :3].sum(1, keepdim=True)
        globals_ = f[:, POINT_PLANES * POINTS:]
        spread = globals_.repeat_interleave(POINTS, 0)
        x = torch.relu(self.embed(torch.cat([planes, exists, spread], 1))) * exists
        rows = self.rows(b)
        for block in self.blocks:
            x = block(x, rows, exists, b)
        x = torch.relu(self.final_norm(x)) * exists
        start = self.policy_start(x).reshape(b, -1)
        end = self.policy_end(x).reshape(b, -1)
        logits = start.index_select(1, self.starts) + end.index_select(1, self.ends)
        points = (self.head_points(x) * exists).reshape(b, -1)
        heads = torch.cat([points, pooled(x, b), globals_], 1)
        value = torch.tanh(self.value_out(torch.relu(self.value_hidden(heads))))
        return logits, value, self.moves_left(heads)


def model(spec, value_hidden=64, moves_left_hidden=32):
    """`mlp:HxB` or `graph:HxB[rR]` (as `musashi bench train --models` reads them)."""
    kind, shape = spec.split(":")
    reach = 2
    if "r" in shape:
        shape, reach = shape.split("r")
    hidden, blocks = (int(x) for x in shape.split("x"))
    if kind == "graph":
        return GraphNet(hidden, blocks, int(reach), value_hidden, moves_left_hidden)
    return Net(hidden, blocks, value_hidden, moves_left_hidden)


def train_samples_per_second(net, batch, seconds):
    """Adam steps of the loss musashi trains with (crates/net/src/training.rs): policy
    cross-entropy over the legal actions, value and moves-left squared errors."""
    opt = torch.optim.Adam(net.parameters(), lr=1e-4, weight_decay=1e-4)
    f = (torch.rand(batch, FEATURES) < 0.2).float()
    legal = torch.ones(batch, ACTIONS)
    target = torch.full((batch, ACTIONS), 1.0 / ACTIONS)
    value = torch.tensor([0.5 if i % 2 == 0 else -0.5 for i in range(batch)])
    plies = torch.tensor([(10.0 + i % 50) / 100.0 for i in range(batch)])

    def step():
        logits, v, m = net(f)
        logp = torch.log_softmax(logits + (legal - 1.0) * 1e4, dim=1)
        loss = -(target * logp).sum(1).mean() + ((v.squeeze(1) - value) ** 2).mean() \
            + ((m.squeeze(1) - plies) ** 2).mean()
        opt.zero_grad(set_to_none=True)
        loss.backward()
        opt.step()

    step()
    n, start = 0, time.perf_counter()
    while n == 0 or time.perf_counter() - start < seconds:
        step()
        n += 1
    return n * batch / (time.perf_counter() - start)


def compare_training(a):
    torch.set_num_threads(a.threads)
    out = subprocess.run(
        [a.musashi, "bench", "train", "--models", a.models, "--batch", str(a.train_batch),
         "--seconds", str(a.seconds), "--threads", str(a.threads)], check=True, capture_output=True, text=True).stdout
    burn = {m.group(1): float(m.group(2))
            for m in re.finditer(r"^([^,\s]+), [^:]+: \d+ parameters, [\d.]+ steps/s, (\d+) samples/s", out, re.M)}
    print(f"training steps at batch {a.train_batch}, {a.threads} threads each, torch {torch.__version__}; "
          f"value head 64, moves-left head 32 (as musashi bench train)")
    print(f"{'model':>12} {'params':>9} {'torch samples/s':>16} {'burn samples/s':>15} {'burn/torch':>11}")
    for spec in a.models.split(","):
        net = model(spec).train()
        params = sum(x.numel() for x in net.parameters())
        t = train_samples_per_second(net, a.train_batch, a.seconds)
        print(f"{spec:>12} {params:>9} {t:>16.0f} {burn[spec]:>15.0f} {burn[spec] / t:>11.2f}")


def torch_us(net, batch, seconds):
    f = torch.rand(batch, FEATURES)
    with torch.inference_mode():
        net(f)
        n, start = 0, time.perf_counter()
        while time.perf_counter() - start < seconds:
            net(f)
            n += batch
    return (time.perf_counter() - start) * 1e6 / n


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--musashi", default="target/release/musashi")
    p.add_argument("--hidden", type=int, default=256)
    p.add_argument("--blocks", type=int, default=2)
    p.add_argument("--value-hidden", type=int, default=64)
    p.add_argument("--batches", default="1,8,32,64,128,256")
    p.add_argument("--seconds", type=float, default=2.0)
    p.add_argument("--train", action="store_true", help="compare training steps instead of inference")
    p.add_argument("--models", default="mlp:128x1,mlp:192x2", help="with --train: mlp:HIDDENxBLOCKS or graph:HIDDENxBLOCKS[rREACH], comma-separated")
    p.add_argument("--train-batch", type=int, default=256)
    p.add_argument("--threads", type=int, default=2, help="with --train: threads of each framework")
    a = p.parse_args()
    if a.train:
        compare_training(a)
        return
    torch.set_num_threads(1)
    batches = [int(b) for b in a.batches.split(",")]
    net = Net(a.hidden, a.blocks, a.value_hidden).eval()
    params = sum(x.numel() for x in net.parameters())
    out = subprocess.run(
        [a.musashi, "bench", "network", "--hidden", str(a.hidden), "--blocks", str(a.blocks),
         "--value-hidden", str(a.value_hidden), "--batches", a.batches, "--seconds", str(a.seconds)],
        check=True, capture_output=True, text=True).stdout
    burn = {int(m.group(1)): float(m.group(2)) for m in re.finditer(r"batch (\d+): ([\d.]+) us/position", out)}
    print(f"model hidden={a.hidden} blocks={a.blocks} value_hidden={a.value_hidden}: {params} parameters; "
          f"torch {torch.__version__}, one thread each")
    print(f"{'batch':>6} {'torch us/pos':>13} {'burn us/pos':>12} {'burn/torch':>11}")
    for b in batches:
        t = torch_us(net, b, a.seconds)
        print(f"{b:>6} {t:>13.2f} {burn[b]:>12.2f} {burn[b] / t:>11.2f}")


if __name__ == "__main__":
    main()
