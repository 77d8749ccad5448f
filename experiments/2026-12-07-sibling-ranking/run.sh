#!/usr/bin/env bash
# The distance probe (../2026-12-07-probe-levers/run.sh, whose header lists the arms and
# settings) with its outputs in this folder: ARMS of plain and rankW[-tT][-softS][-mlM] (the
# moves-left head ranking each lost General's children, `--rank-siblings W`), e.g.
#   ARMS="rank1 plain" SEEDS=1 SAVE=runs/sibling experiments/2026-12-07-sibling-ranking/run.sh
set -euo pipefail
OUT=$(dirname "$0") ARMS=${ARMS:-plain rank1} exec "$(dirname "$0")/../2026-12-07-probe-levers/run.sh"
