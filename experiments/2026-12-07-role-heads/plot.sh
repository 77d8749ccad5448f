#!/usr/bin/env bash
# Elo against wall time for the role-heads arm and the handicap arm (../2026-12-07-handicap-seeds),
# seeds 2 and 3, each relative to alphabeta:depth=6 of its own gauntlet, with
# ../2026-12-07-adaptive-handicap/plot.sh, from the copies summary.py makes.
set -euo pipefail
cd "$(dirname "$0")/../.."
HERE=experiments/2026-12-07-role-heads ARM=roles exec experiments/2026-12-07-adaptive-handicap/plot.sh
