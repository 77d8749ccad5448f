#!/usr/bin/env bash
# Self-play games/s with 1 and 2 Slurm worker tasks on a one-node cluster on this machine: one
# generation of the quick job's self-play (its network, 48 simulations), played by the workers of
# `musashi cluster slurm`; the trainer's `selfplay-external` event says how long it waited for the
# generation's games, the shards (10 games each) say how many games came.
#
#   experiments/2026-12-02-slurm-workers/measure.sh /path/to/musashi [GAMES]
set -euo pipefail
MUSASHI=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
GAMES=${2:-240}
HERE=$(cd "$(dirname "$0")" && pwd)
CI=$(cd "$HERE/../../.ci/slurm" && pwd)
WORK=$(mktemp -d /tmp/musashi-slurm-measure.XXXXXX)
trap 'bash "$CI/cluster.sh" stop "$WORK/cluster"; rm -rf "$WORK"' EXIT
SLURM_NODE_CPUS=4 bash "$CI/cluster.sh" start "$WORK/cluster" >/dev/null
# shellcheck source=/dev/null
. "$WORK/cluster/env.sh"

for workers in 1 2 1 2; do
    run=$WORK/run-$workers-$RANDOM
    out=$("$MUSASHI" cluster slurm --out "$run" --workers "$workers" --trainer-cpus 1 --worker-cpus 1 \
        --trainer-mem 2G --worker-mem 2G --time 30 \
        --set run.generations=1 --set "selfplay.games_per_generation=$GAMES" --set selfplay.shard_games=10 \
        --set selfplay.concurrent_games=10 --set bootstrap.alphabeta_games=0 --set eval.games=0)
    trainer=$(sed -n 's/^submitted: trainer job \([0-9]*\).*/\1/p' <<<"$out")
    for _ in $(seq 1 900); do
        [ -z "$(squeue -h -o %i 2>/dev/null)" ] && break
        sleep 1
    done
    waited=$(grep '"selfplay-external"' "$run/metrics.jsonl" | sed 's/.*"waited_seconds":\([0-9.]*\).*/\1/')
    shards=$(find "$run/games" -name 'sp0001-*.games.parquet' | wc -l)
    echo "workers $workers: trainer job $trainer, waited $waited s for $((shards * 10)) games in $shards shards: $(python3 -c "print(round($shards * 10 / $waited, 2))") games/s"
done
