#!/usr/bin/env bash
# A one-node Slurm cluster on this machine, for testing musashi's Slurm support.
#
#   cluster.sh start DIR   install slurmctld, slurmd, slurm-client and munge if missing (Debian,
#                          as root), write DIR/slurm.conf and a munge key, start munged, slurmctld
#                          and slurmd with everything (state, spool, logs, pids, socket) under DIR,
#                          wait until the node is idle, and write DIR/env.sh for callers:
#                              . DIR/env.sh    # exports SLURM_CONF (and MUNGE_SOCKET)
#   cluster.sh stop DIR    end exactly the daemons recorded in DIR/pids (TERM, then KILL);
#                          removes nothing outside DIR (and nothing inside it but the pid files)
#
# Re-running `start` on a DIR whose daemons are all alive only waits for the node again; if some
# are dead it stops the rest and starts afresh. Jobs still running when `stop` is called are not
# ended by it (their slurmstepd are not recorded): scancel them first.
#
# Environment (optional): SLURM_START_TIMEOUT (seconds to wait for the idle node, default 60),
# SLURMCTLD_PORT / SLURMD_PORT (default 6817 / 6818), SLURM_CLUSTER_NAME (default musashi),
# SLURM_NODE_CPUS (CPUs the node claims; default: what slurmd -C finds). These are read when the
# daemons are (re)started, not when `start` finds them running.
set -euo pipefail

PACKAGES=(slurmctld slurmd slurm-client munge)

die() {
    echo "cluster.sh: $*" >&2
    exit 1
}

usage() {
    echo "usage: $0 start|stop DIR" >&2
    exit 2
}

# Installs the Debian packages that are missing, without starting their services.
install_packages() {
    local missing=() p
    for p in "${PACKAGES[@]}"; do
        if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
            missing+=("$p")
        fi
    done
    if [ ${#missing[@]} -eq 0 ]; then
        echo "packages: all present (${PACKAGES[*]})"
        return
    fi
    [ "$(id -u)" -eq 0 ] || die "installing ${missing[*]} needs root"
    echo "packages: installing ${missing[*]}"
    # The packages' maintainer scripts would start system-wide munged/slurmd/slurmctld through
    # invoke-rc.d; a policy-rc.d that says 101 keeps them from it. Put one only if there is none.
    local policy=/usr/sbin/policy-rc.d made_policy=0
    if [ ! -e "$policy" ]; then
        printf '#!/bin/sh\nexit 101\n' >"$policy"
        chmod 755 "$policy"
        made_policy=1
    fi
    local rc=0
    (
        export DEBIAN_FRONTEND=noninteractive
        timeout 120 apt-get update -q >/dev/null
        timeout 300 apt-get install -y -q --no-install-recommends "${missing[@]}" >/dev/null
    ) || rc=$?
    if [ "$made_policy" -eq 1 ]; then
        rm -f "$policy"
    fi
    [ "$rc" -eq 0 ] || die "apt-get failed (exit $rc)"
}

# Whether process $1 runs: exists and is no zombie (an ended daemon stays a zombie until the
# machine's init reaps it, and kill -0 still finds it).
running() {
    local state
    state=$(ps -o stat= -p "$1" 2>/dev/null) || return 1
    case "$state" in
    Z*) return 1 ;;
    esac
}

# Whether the process in pid file $1 runs.
alive() {
    [ -s "$1" ] && running "$(cat "$1")"
}

# Ends the process recorded in pid file $1 (named $2): TERM, up to 10 s, then KILL. A recorded pid
# that now belongs to another program (reused after the daemon died) is left alone.
end_recorded() {
    local file=$1 name=$2 pid i
    [ -s "$file" ] || return 0
    pid=$(cat "$file")
    if [ "$(cat "/proc/$pid/comm" 2>/dev/null || true)" != "$name" ]; then
        rm -f "$file"
        return 0
    fi
    if running "$pid"; then
        kill -TERM "$pid" 2>/dev/null || true
        for ((i = 0; i < 100; i++)); do
            running "$pid" || break
            sleep 0.1
        done
        if running "$pid"; then
            echo "stop: $(basename "$file" .pid) ($pid) ignored TERM, sending KILL"
            kill -KILL "$pid" 2>/dev/null || true
        fi
        echo "stop: ended $(basename "$file" .pid) ($pid)"
    fi
    rm -f "$file"
}

stop_cluster() {
    local dir=$1 d
    for d in slurmd slurmctld munged; do
        end_recorded "$dir/pids/$d.pid" "$d"
    done
}

show_logs() {
    local dir=$1 f
    for f in "$dir"/log/munged.log "$dir"/log/slurmctld.log "$dir"/log/slurmd.log "$dir"/log/*.out; do
        [ -f "$f" ] || continue
        echo "----- $f (last 40 lines)" >&2
        tail -n 40 "$f" >&2
    done
}

# The node line: the hardware slurmd sees (slurmd -C), named localhost, with RealMemory at 90% of
# what free -m shows (Slurm drains a node that has less memory than configured). With
# SLURM_NODE_CPUS the node claims that many CPUs instead (more than the machine has lets more
# one-CPU jobs run at once; slurm.conf then says SlurmdParameters=config_overrides).
node_line() {
    local hw total mem
    if [ -n "${SLURM_NODE_CPUS:-}" ]; then
        hw="CPUs=$SLURM_NODE_CPUS Boards=1 SocketsPerBoard=1 CoresPerSocket=$SLURM_NODE_CPUS ThreadsPerCore=1"
    else
        hw=$(slurmd -C 2>/dev/null | head -n 1 | sed -e 's/^NodeName=[^ ]* //' -e 's/ RealMemory=[0-9]*//' -e 's/ UpTime=.*//')
        case "$hw" in
        *CPUs=*) ;;
        *) hw="CPUs=$(nproc)" ;;
        esac
    fi
    total=$(free -m | awk '/^Mem:/ {print $2}')
    mem=$((total * 9 / 10))
    echo "NodeName=localhost NodeHostname=localhost NodeAddr=127.0.0.1 $hw RealMemory=$mem State=UNKNOWN"
}

write_config() {
    local dir=$1
    cat >"$dir/slurm.conf" <<EOF
# A one-node test cluster written by .ci/slurm/cluster.sh; everything lives under $dir.
ClusterName=${SLURM_CLUSTER_NAME:-musashi}
SlurmctldHost=localhost
SlurmctldPort=${SLURMCTLD_PORT:-6817}
SlurmdPort=${SLURMD_PORT:-6818}
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$dir/munge/munge.socket
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/run/slurmctld.pid
SlurmdPidFile=$dir/run/slurmd.pid
SlurmctldLogFile=$dir/log/slurmctld.log
SlurmdLogFile=$dir/log/slurmd.log
SlurmctldDebug=info
SlurmdDebug=info
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
MpiDefault=none
SchedulerType=sched/backfill
# Test-sized scheduling passes: pending jobs (a dependency just met, a requeued job) start within
# seconds instead of the default 30-60 s.
SchedulerParameters=bf_interval=2,sched_interval=2
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
ReturnToService=2
JobRequeue=1
AccountingStorageType=accounting_storage/none
JobAcctGatherType=jobacct_gather/none
JobCompType=jobcomp/none
MailProg=/bin/true
MinJobAge=600
KillWait=10
SlurmdTimeout=60
InactiveLimit=0
$([ -n "${SLURM_NODE_CPUS:-}" ] && echo "SlurmdParameters=config_overrides")
$(node_line)
PartitionName=debug Nodes=localhost Default=YES MaxTime=INFINITE State=UP
EOF
    cat >"$dir/env.sh" <<EOF
# Source this to talk to the test cluster in $dir.
export SLURM_CONF=$dir/slurm.conf
export MUNGE_SOCKET=$dir/munge/munge.socket
EOF
}

# Starts "$@" detached (own session), output to log $2, and records its pid in pid file $1.
launch() {
    local pidfile=$1 log=$2
    shift 2
    setsid "$@" >>"$log" 2>&1 </dev/null &
    echo $! >"$pidfile"
}

start_cluster() {
    local dir=$1 t0 t1 timeout deadline
    t0=$(date +%s.%N)
    install_packages
    t1=$(date +%s.%N)
    mkdir -p "$dir"/{munge,state,spool,log,run,pids}
    chmod 755 "$dir/munge"

    local all=1 d
    for d in munged slurmctld slurmd; do
        alive "$dir/pids/$d.pid" || all=0
    done
    if [ "$all" -eq 1 ] && [ -f "$dir/env.sh" ]; then
        echo "start: daemons in $dir already running"
    else
        stop_cluster "$dir"
        write_config "$dir"
        if [ ! -s "$dir/munge/munge.key" ]; then
            if command -v mungekey >/dev/null; then
                mungekey --create --keyfile="$dir/munge/munge.key" --bits=1024
            else
                dd if=/dev/urandom of="$dir/munge/munge.key" bs=1024 count=1 status=none
            fi
        fi
        chmod 400 "$dir/munge/munge.key"
        rm -f "$dir/munge/munge.socket" "$dir/munge/munge.socket.lock"
        # --force: the run folder may sit under a world-writable /tmp, which munged's path checks
        # refuse otherwise.
        launch "$dir/pids/munged.pid" "$dir/log/munged.out" munged --foreground --force \
            --socket="$dir/munge/munge.socket" --key-file="$dir/munge/munge.key" \
            --pid-file="$dir/munge/munged.pid" --log-file="$dir/log/munged.log" \
            --seed-file="$dir/munge/munged.seed"
        local i
        for ((i = 0; i < 100; i++)); do
            [ -S "$dir/munge/munge.socket" ] && break
            alive "$dir/pids/munged.pid" || break
            sleep 0.1
        done
        if ! munge --socket="$dir/munge/munge.socket" -n </dev/null | unmunge --socket="$dir/munge/munge.socket" >/dev/null; then
            show_logs "$dir"
            stop_cluster "$dir"
            die "munged does not answer on $dir/munge/munge.socket"
        fi
        launch "$dir/pids/slurmctld.pid" "$dir/log/slurmctld.out" slurmctld -D -i -f "$dir/slurm.conf"
        launch "$dir/pids/slurmd.pid" "$dir/log/slurmd.out" slurmd -D -f "$dir/slurm.conf" -N localhost
    fi

    export SLURM_CONF=$dir/slurm.conf
    timeout=${SLURM_START_TIMEOUT:-60}
    deadline=$(($(date +%s) + timeout))
    local state=""
    while :; do
        state=$(timeout 10 sinfo -h -N -n localhost -o '%T' 2>/dev/null | head -n 1 || true)
        [ "$state" = "idle" ] && break
        for d in munged slurmctld slurmd; do
            if ! alive "$dir/pids/$d.pid"; then
                show_logs "$dir"
                stop_cluster "$dir"
                die "$d died while starting (logs above)"
            fi
        done
        if [ "$(date +%s)" -ge "$deadline" ]; then
            show_logs "$dir"
            echo "sinfo:" >&2
            timeout 10 sinfo -N -l >&2 || true
            stop_cluster "$dir"
            die "the node was not idle after ${timeout}s (state '${state}'; logs above)"
        fi
        sleep 1
    done
    local t2
    t2=$(date +%s.%N)
    timeout 10 sinfo -N -l || true
    awk -v a="$t0" -v b="$t1" -v c="$t2" 'BEGIN { printf "start: install %.1f s, daemons up and node idle %.1f s\n", b - a, c - b }'
    echo "start: cluster ready; callers run: . $dir/env.sh   (export SLURM_CONF=$dir/slurm.conf)"
}

[ $# -eq 2 ] || usage
case "$1" in
start)
    mkdir -p "$2"
    start_cluster "$(cd "$2" && pwd)"
    ;;
stop)
    [ -d "$2" ] || exit 0
    stop_cluster "$(cd "$2" && pwd)"
    ;;
*) usage ;;
esac
