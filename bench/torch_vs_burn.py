#!/usr/bin/env python3
"""Times musashi's policy-value MLP in PyTorch (CPU) and in Burn at the same shapes, batch sizes
and thread counts, side by side in one run, and prints the ratio:

- inference (default): `musashi bench network`, one thread each, µs per position;
- `--train`: training steps (forward, the loss, backward, Adam) at batch `--train-batch`,
  `musashi bench train` beside the same step in PyTorch, `--threads` threads each (Burn's
  through RAYON_NUM_THREADS), samples per second; the models of `--models` (mlp:HxB).

    python3 -m venv /tmp/torchvenv && /tmp/torchvenv/bin/pip install torch
    /tmp/torchvenv/bin/python bench/torch_vs_burn.py [--musashi target/release/musashi]
    /tmp/torchvenv/bin/python bench/torch_vs_burn.py --train --models mlp:128x1,mlp:192x2 --threads 2

The PyTorch model is built from the checkpoint layout in docs/formats.md: input linear, residual
blocks (LayerNorm, linear, ReLU, linear, skip), ReLU, a policy head (144 logits) and a value head
(hidden -> value_hidden -> 1, tanh). Weights are random: only speed is compared.
"""
import argparse
import re
import subprocess
import time

import torch
from torch import nn

FEATURES, ACTIONS = 180, 144


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
        hidden, blocks = (int(x) for x in spec.removeprefix("mlp:").split("x"))
        net = Net(hidden, blocks, 64, 32).train()
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
    p.add_argument("--models", default="mlp:128x1,mlp:192x2", help="with --train: mlp:HIDDENxBLOCKS, comma-separated")
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
