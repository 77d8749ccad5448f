#!/usr/bin/env bash
# Trains the four specialists and the all-variants network one after another, each resumable:
# a finished run (DONE) is skipped, a started one is resumed. Run from the repository root.
# Usage: experiments/2026-12-02-all-variants/train.sh [RUN...]   (default: all five)
set -euo pipefail
m=target/release/musashi
# Where the copies go: this folder, or MUSASHI_EXPERIMENT (the next session's rerun used it).
here=${MUSASHI_EXPERIMENT:-experiments/2026-12-02-all-variants}
# The specialists get classic.toml's score weight and evaluation cadence, so that every run
# differs from all-variants only in its presets and length.
same="--set train.score_weight=0.45 --set eval.every=8"
config_of() {
  case $1 in
    spec-classic) echo "configs/classic.toml" ;;
    spec-no-setchin) echo "configs/no-setchin.toml $same" ;;
    spec-soldiers-first) echo "configs/soldiers-first.toml $same" ;;
    spec-qdan) echo "configs/qdan.toml $same" ;;
    all-variants) echo "configs/all-variants.toml" ;;
  esac
}
runs=("$@")
[ ${#runs[@]} -gt 0 ] || runs=(spec-classic spec-no-setchin spec-soldiers-first spec-qdan all-variants)
for r in "${runs[@]}"; do
  out=runs/$r
  if [ -e "$out/DONE" ]; then echo "$r: done"; continue; fi
  start=$(date +%s)
  if [ -e "$out/run.json" ]; then
    $m train --resume --out "$out"
  else
    read -r config sets <<<"$(config_of "$r")"
    # shellcheck disable=SC2086
    $m train --config $config $sets --out "$out"
  fi
  echo "$r: $(( $(date +%s) - start )) s (this piece)" | tee -a $here/wall.txt
  mkdir -p $here/$r
  cp "$out/metrics.jsonl" "$out/config.resolved.toml" $here/$r/
  (cd "$out" && sha256sum checkpoints/*/weights.safetensors) > $here/$r/artifacts.sha256
done
