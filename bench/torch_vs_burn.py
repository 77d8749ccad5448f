#!/usr/bin/env python3
"""Times musashi's policy-value MLP in PyTorch (CPU, one thread) and in Burn (`musashi bench
network`, one thread) at the same batch sizes and prints the ratio.

    python3 -m venv /tmp/torchvenv && /tmp/torchvenv/bin/pip install torch
    /tmp/torchvenv/bin/python bench/torch_vs_burn.py [--musashi target/release/musashi]

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
    def __init__(self, hidden, blocks, value_hidden):
        super().__init__()
        self.input = nn.Linear(FEATURES, hidden)
        self.blocks = nn.ModuleList(Block(hidden) for _ in range(blocks))
        self.policy = nn.Linear(hidden, ACTIONS)
        self.value_hidden = nn.Linear(hidden, value_hidden)
        self.value_out = nn.Linear(value_hidden, 1)

    def forward(self, f):
        x = torch.relu(self.input(f))
        for b in self.blocks:
            x = b(x)
        x = torch.relu(x)
        return self.policy(x), torch.tanh(self.value_out(torch.relu(self.value_hidden(x))))


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
    a = p.parse_args()
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
