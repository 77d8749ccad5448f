#!/usr/bin/env bash
# The handicap arm of ../2026-12-07-handicap-seeds (configs/classic.toml without tables, the
# network's own soldiers at 8 simulations in 30% of the self-play games, 60 minutes of wall time
# each, one thread each, seeds 2 and 3 started together on the 2-core machine) with per-role
# heads (`model.role_heads = true`): the MLP's policy, value and moves-left heads twice, one set
# for each side to move, over the one trunk. Into runs/roles-s2 and -s3. Resumable: run again
# with --resume.
set -euo pipefail
cd "$(dirname "$0")"
OUT=${OUT:-runs/roles-s} exec ../2026-12-07-handicap-seeds/run.sh --set model.role_heads=true "$@"
