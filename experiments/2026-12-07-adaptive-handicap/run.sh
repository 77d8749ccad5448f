#!/usr/bin/env bash
# The adaptive arm: ../2026-12-07-handicap-seeds's protocol (classic without tables, 60 minutes,
# one thread each, seeds 2 and 3 side by side), with its handicap games' soldiers blundering at a
# rate that adapts after each generation so they win half of those games (starting at 0, gain
# 0.2), into runs/adaptive-s2 and -s3. Resumable: run again with --resume.
set -euo pipefail
cd "$(dirname "$0")"
export OUT=${OUT:-runs/adaptive-s}
export HANDICAP='{ share = 0.3, side = "soldiers", sims = 8, blunders = 0.0, target = 0.5, gain = 0.2 }'
exec ../2026-12-07-handicap-seeds/run.sh "$@"
