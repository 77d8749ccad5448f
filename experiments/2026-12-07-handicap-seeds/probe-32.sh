#!/usr/bin/env bash
# A 20-minute probe: run.sh with the handicapped soldiers at 32 simulations instead of 8, seeds 2
# and 3, into runs/handicap32-s2 and -s3 (probe-32-games.sh judges it).
set -euo pipefail
MINUTES=20 SIMS=32 OUT=runs/handicap32-s exec "$(dirname "$0")/run.sh" "$@"
