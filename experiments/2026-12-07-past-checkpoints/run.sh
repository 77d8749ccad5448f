#!/usr/bin/env bash
# The past-checkpoint arm: ../2026-12-07-handicap-seeds/run.sh (configs/classic.toml without
# tables, 60 minutes of wall time each, one thread each, seeds 2 and 3 started together on the
# 2-core machine) with selfplay.past instead of the handicap: an earlier checkpoint of the run,
# drawn uniformly from every earlier generation once per generation, plays the soldiers in 30% of
# the self-play games. Into runs/past-s2 and -s3; PAST (the whole selfplay.past value) and
# MINUTES change it. Resumable: run again with --resume.
set -euo pipefail
cd "$(dirname "$0")"
KEY=selfplay.past HANDICAP=${PAST:-"{ share = 0.3, side = \"soldiers\", window = 0 }"} OUT=${OUT:-runs/past-s} \
  exec ../2026-12-07-handicap-seeds/run.sh "$@"
