#!/usr/bin/env bash
# Does pure self-play on classic (the handicap protocol) keep learning in a second hour?
# The base runs of ../2026-12-07-lr-anneal (seeds 2 and 3, run.generations = 1000, one thread
# each; they stopped after 60 minutes at generations 424 and 393 with the learning rate at 0.66
# and 0.70 of its base) are copied to runs/long-sSEED (checkpoints and shards hard-linked, the
# files a run appends to copied) and resumed for MINUTES more (default 60) on the same job.
# Resumable: run again (it copies nothing once runs/long-sSEED exists).
set -euo pipefail
cd "$(dirname "$0")/../.."
musashi=${MUSASHI:-target/release/musashi}
minutes=${MINUTES:-60}
for seed in 2 3; do
  src=runs/lr-base-s$seed dst=runs/long-s$seed
  if [ ! -d "$dst" ]; then
    cp -al "$src" "$dst"
    rm -rf "$dst"/avg-* "$dst"/ranking
    for f in metrics.jsonl run.json config.resolved.toml checkpoints/BEST checkpoints/LATEST; do
      cp --remove-destination "$src/$f" "$dst/$f"
    done
  fi
  "$musashi" train --resume --out "$dst" --set run.max_minutes=$minutes "$@" \
    >> "$dst.log" 2>&1 &
done
wait
