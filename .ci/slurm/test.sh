#!/usr/bin/env bash
# End-to-end test of musashi on Slurm: a one-node cluster on this machine (cluster.sh), a tiny
# run whose trainer is one job and whose self-play workers are a 2-task job array
# (deploy/slurm/*.sbatch), then a second run in which one worker task is cancelled mid-run and
# the other is requeued.
#
#   .ci/slurm/test.sh /path/to/musashi        (as root, on Debian; installs Slurm and munge)
#
# The runs are submitted with `musashi cluster slurm` (crates/cluster), as a user would.
#
# Exits non-zero on any failed check; the last line is `N passed, M failed`. Environment:
# KEEP=1 keeps the work folder (runs, logs, cluster state) for a look afterwards; PYTHON names
# a Python with pyarrow (to read the shards).
set -euo pipefail

[ $# -eq 1 ] || {
    echo "usage: $0 /path/to/musashi" >&2
    exit 2
}
[ -x "$1" ] || {
    echo "test.sh: $1 is not an executable" >&2
    exit 2
}
MUSASHI=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
HERE=$(cd "$(dirname "$0")" && pwd)
WORK=$(mktemp -d /tmp/musashi-slurm-test.XXXXXX)
CLUSTER=$WORK/cluster
START=$SECONDS
LIMIT=290 # the whole test, seconds; every wait below also stops at this deadline
SUBMITTED=()
passed=0
failed=0

log() { echo "[$((SECONDS - START))s] $*"; }
pass() {
    passed=$((passed + 1))
    echo "ok: $*"
}
fail() {
    failed=$((failed + 1))
    echo "FAILED: $*"
}
# check DESCRIPTION COMMAND...: a passed or failed check by the command's exit status.
check() {
    local what=$1
    shift
    if "$@"; then pass "$what"; else fail "$what"; fi
}
left() { echo $((LIMIT - (SECONDS - START))); }

cleanup() {
    local rc=$? j i
    set +e
    if [ -f "$CLUSTER/env.sh" ]; then
        # shellcheck source=/dev/null
        . "$CLUSTER/env.sh"
        for j in "${SUBMITTED[@]}"; do
            scancel "$j" 2>/dev/null
        done
        # Let slurmd end the jobs' processes before the daemons go (bounded).
        for ((i = 0; i < 30; i++)); do
            [ -z "$(squeue -h -o %i 2>/dev/null)" ] && break
            sleep 1
        done
    fi
    bash "$HERE/cluster.sh" stop "$CLUSTER"
    if [ "${KEEP:-0}" = 1 ] || [ "$rc" -ne 0 ] || [ "$failed" -ne 0 ]; then
        echo "work folder kept: $WORK"
    else
        rm -rf "$WORK"
    fi
    exit "$rc"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# A tiny run from .ci/notebooks-tiny.toml's sizes: one board, no evaluation or gate, generations
# of 4 shards, so that both workers get shards of most generations; big enough (some 30 s) to
# cancel and requeue workers in the middle of it.
write_config() {
    cat >"$1" <<'EOF'
[run]
seed = 5
generations = 6
threads = 1

[rules]
presets = ["classic"]

[model]
hidden = 16
blocks = 1
value_hidden = 8
moves_left_hidden = 8

[selfplay]
games_per_generation = 12
concurrent_games = 3
max_plies = 100
shard_games = 3

[selfplay.mcts]
sims = 16
temperature_plies = 6

[train]
steps_per_generation = 8
batch_size = 16
window_min = 50
checkpoint_every = 4

[eval]
games = 0
EOF
}

# submit RUN CONFIG WORKERS: `musashi cluster slurm` records the run, writes the trainer's and
# the workers' scripts from deploy/slurm/ and submits them (the workers' array after the
# trainer); prints "TRAINER_JOB ARRAY_JOB" from its output.
submit() {
    local run=$1 config=$2 workers=$3 out
    out=$("$MUSASHI" cluster slurm --config "$config" --out "$run" --workers "$workers" \
        --trainer-cpus 1 --worker-cpus 1 --trainer-mem 1G --worker-mem 1G --time 10) || {
        echo "$out" >&2
        return 1
    }
    echo "$out" >&2
    sed -n 's/^submitted: trainer job \([0-9]*\), workers array \([0-9]*\).*/\1 \2/p' <<<"$out"
}

# wait_until SECONDS DESCRIPTION COMMAND...: polls the command every second; fails the test
# (exit 1) after SECONDS or at the overall deadline.
wait_until() {
    local limit=$1 what=$2 t0=$SECONDS
    shift 2
    while ! "$@"; do
        if [ $((SECONDS - t0)) -ge "$limit" ] || [ "$(left)" -le 0 ]; then
            fail "timed out after $((SECONDS - t0))s waiting for: $what"
            show_logs
            exit 1
        fi
        sleep 1
    done
}

queue_empty() { [ -z "$(squeue -h -j "$1" -o %i 2>/dev/null)" ]; }
task_state() { squeue -h -j "$1" -o %T 2>/dev/null | head -n 1; }
task_running() { [ "$(task_state "$1")" = RUNNING ]; }
task_pending() { [ "$(task_state "$1")" = PENDING ]; }
has_file() { [ -e "$1" ]; }

# shards RUN WORKER: the names of the complete shards that WORKER wrote.
shards() { { find "$1/games" -name "sp*-$2-s*.games.parquet" -printf '%f\n' 2>/dev/null || true; } | sort; }
shard_count() { shards "$1" "$2" | wc -l; }
has_shards() { [ "$(shard_count "$1" "$2")" -ge "${3:-1}" ]; }

show_logs() {
    local f
    for f in "$WORK"/run*/slurm/*.out; do
        [ -f "$f" ] || continue
        echo "----- $f"
        tail -n 20 "$f"
    done
    squeue 2>/dev/null || true
}

# game_stats RUN GENERATIONS GAMES: game ids are unique across the run's shards, and each
# generation has at least GAMES games; prints games per worker.
game_stats() {
    "$PYTHON" - "$@" <<'EOF'
import collections, pathlib, sys
import pyarrow.parquet as pq
run, generations, want = pathlib.Path(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
ids, per_worker, per_gen = [], collections.Counter(), collections.Counter()
for f in sorted((run / "games").glob("sp*.games.parquet")):
    t = pq.read_table(f, columns=["game_id", "generation"])
    ids += t.column("game_id").to_pylist()
    worker = f.name.split("-")[1]
    per_worker[worker] += t.num_rows
    gen = int(f.name[2:6])
    per_gen[gen] += t.num_rows
dups = [i for i, n in collections.Counter(ids).items() if n > 1]
print("  games per worker:", dict(sorted(per_worker.items())), "per generation:", dict(sorted(per_gen.items())))
ok = True
if dups:
    print("  duplicated game ids:", dups[:10]); ok = False
short = [g for g in range(1, generations + 1) if per_gen[g] < want]
if short:
    print("  generations short of", want, "games:", short); ok = False
sys.exit(0 if ok else 1)
EOF
}

# Python with pyarrow, to read the shards: $PYTHON if given, the system's, or a venv in /tmp.
find_python() {
    if [ -n "${PYTHON:-}" ] && "$PYTHON" -c 'import pyarrow' 2>/dev/null; then
        return
    elif python3 -c 'import pyarrow' 2>/dev/null; then
        PYTHON=python3
    elif [ -x /tmp/musashi-slurm-pyarrow/bin/python ]; then
        PYTHON=/tmp/musashi-slurm-pyarrow/bin/python
    else
        log "installing pyarrow into /tmp/musashi-slurm-pyarrow"
        python3 -m venv /tmp/musashi-slurm-pyarrow
        timeout 120 /tmp/musashi-slurm-pyarrow/bin/pip install -q pyarrow
        PYTHON=/tmp/musashi-slurm-pyarrow/bin/python
    fi
}

# ---------------------------------------------------------------------------------------------
find_python
log "starting the cluster in $CLUSTER"
# The trainer and two workers as one-CPU jobs at once, also on a 2-CPU machine: trainer and
# workers take turns (the trainer waits while workers play, workers wait while it trains).
export SLURM_NODE_CPUS=${SLURM_NODE_CPUS:-4}
bash "$HERE/cluster.sh" start "$CLUSTER"
# shellcheck source=/dev/null
. "$CLUSTER/env.sh"
GENERATIONS=6
GAMES=12

# Scenario 1: a trainer and two workers to the end.
RUN1=$WORK/run1
write_config "$WORK/tiny.toml"
ids=$(submit "$RUN1" "$WORK/tiny.toml" 2)
read -r TRAINER ARRAY <<<"$ids"
SUBMITTED+=("$TRAINER" "$ARRAY")
log "run 1: trainer job $TRAINER, workers ${ARRAY}_[0-1]"
t0=$SECONDS
wait_until 150 "run 1's trainer job to end" queue_empty "$TRAINER"
log "run 1: trainer finished after $((SECONDS - t0))s"
wait_until 30 "run 1's workers to end" queue_empty "$ARRAY"
check "run 1 finished (DONE)" has_file "$RUN1/DONE"
check "run 1 has its last checkpoint" has_file "$RUN1/checkpoints/gen-$(printf %04d "$GENERATIONS")"
check "run 1's trainer exited 0" grep -q "trainer: musashi exited with 0" "$RUN1/slurm/trainer-$TRAINER.out"
check "run 1's worker 0 exited 0" grep -q "musashi exited with 0" "$RUN1/slurm/worker-${ARRAY}_0.out"
check "run 1's worker 1 exited 0" grep -q "musashi exited with 0" "$RUN1/slurm/worker-${ARRAY}_1.out"
check "run 1 has shards of worker w0" has_shards "$RUN1" w0
check "run 1 has shards of worker w1" has_shards "$RUN1" w1
check "run 1: unique game ids, every generation complete" game_stats "$RUN1" "$GENERATIONS" "$GAMES"

# Scenario 2: once worker 1 has delivered a shard, the trainer is suspended (SIGSTOP through
# `scontrol suspend`, so that the run cannot get ahead of the test on a fast machine), worker 1 is
# cancelled and worker 0 is requeued (`scontrol requeue`, allowed by the template's --requeue);
# then the trainer goes on, and worker 0, restarted under its own name, must play the rest alone.
RUN2=$WORK/run2
ids=$(submit "$RUN2" "$WORK/tiny.toml" 2)
read -r TRAINER ARRAY <<<"$ids"
SUBMITTED+=("$TRAINER" "$ARRAY")
log "run 2: trainer job $TRAINER, workers ${ARRAY}_[0-1]"
t0=$SECONDS
wait_until 60 "a shard of run 2's worker w1" has_shards "$RUN2" w1
scontrol suspend "$TRAINER"
trained=$(find "$RUN2/checkpoints" -maxdepth 1 -name 'gen-*' | wc -l)
log "run 2: suspended the trainer after $((trained - 1)) of $GENERATIONS generations"
# Games of at least one more generation are needed after the restart.
check "run 2 was suspended with two generations to go" test "$((trained - 1))" -le "$((GENERATIONS - 2))"
scancel "${ARRAY}_1"
wait_until 30 "${ARRAY}_1 to leave the queue" queue_empty "${ARRAY}_1"
w1_cancelled=$(shard_count "$RUN2" w1)
log "run 2: cancelled ${ARRAY}_1 (w1 had $w1_cancelled shards)"
scontrol requeue "${ARRAY}_0"
# A requeued job waits about 2 minutes (its begin time) unless told otherwise: start it now.
wait_until 30 "${ARRAY}_0 to be pending after the requeue" task_pending "${ARRAY}_0"
requeue_at=$(shard_count "$RUN2" w0)
scontrol update JobId="${ARRAY}_0" StartTime=now
wait_until 30 "${ARRAY}_0 to run again" task_running "${ARRAY}_0"
log "run 2: requeued ${ARRAY}_0 (w0 had $requeue_at shards), running again"
scontrol resume "$TRAINER"
wait_until 150 "run 2's trainer job to end" queue_empty "$TRAINER"
log "run 2: trainer finished after $((SECONDS - t0))s"
wait_until 30 "run 2's workers to end" queue_empty "$ARRAY"
check "run 2 finished (DONE) without worker 1" has_file "$RUN2/DONE"
check "run 2's trainer exited 0" grep -q "trainer: musashi exited with 0" "$RUN2/slurm/trainer-$TRAINER.out"
check "run 2's worker 1 was cancelled" grep -q "CANCELLED" "$RUN2/slurm/worker-${ARRAY}_1.out"
check "run 2's worker 1 wrote nothing after its cancel" test "$(shard_count "$RUN2" w1)" -eq "$w1_cancelled"
check "run 2's worker 0 restarted (restart 1 in its log)" grep -q "restart 1" "$RUN2/slurm/worker-${ARRAY}_0.out"
check "run 2's requeued worker 0 played on" has_shards "$RUN2" w0 $((requeue_at + 1))
check "run 2's requeued worker 0 exited 0" grep -q "musashi exited with 0" "$RUN2/slurm/worker-${ARRAY}_0.out"
check "run 2: unique game ids, every generation complete" game_stats "$RUN2" "$GENERATIONS" "$GAMES"

log "done in $((SECONDS - START))s"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
