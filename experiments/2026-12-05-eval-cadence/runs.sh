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
  # A run folder of the same name is kept, not replaced: remove it to measure again.
  [ -e "$out" ] && { echo "$out exists" >&2; exit 2; }
  $M train --config "$config" --out "$out" --set eval.every=$n > "$out.log" 2>&1
  cp "$out/metrics.jsonl" "$E/metrics-$name-$n.jsonl"
  last=$(cat "$out/checkpoints/LATEST")
  sha256sum "$out/checkpoints/$last/weights.safetensors" | sed "s#  .*#  $name every=$n $last#" >> "$E/weights.sha256"
  python3 $E/eval_share.py "$out/metrics.jsonl" | tee -a "$E/shares.txt"
done
