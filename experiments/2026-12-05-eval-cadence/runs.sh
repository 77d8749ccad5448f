#!/usr/bin/env bash
# Trains a config with in-loop evaluation every N generations into runs/ec-NAME-N and reports
# the share of its wall time spent evaluating (eval_share.py). Usage: runs.sh CONFIG N...
set -euo pipefail
cd "$(dirname "$0")/../.."
E=experiments/2026-12-05-eval-cadence
M=target/release/musashi
config=$1; shift
name=$(basename "$config" .toml)
for n in "$@"; do
  out=runs/ec-$name-$n
  rm -rf "$out"
  $M train --config "$config" --out "$out" --set eval.every=$n > "$out.log" 2>&1
  cp "$out/metrics.jsonl" "$E/metrics-$name-$n.jsonl"
  sha256sum "$out/checkpoints/gen-0040/weights.safetensors" | sed "s#  .*#  $name every=$n gen-0040#" >> "$E/weights.sha256"
  python3 $E/eval_share.py "$out/metrics.jsonl" | tee -a "$E/shares.txt"
done
