#!/usr/bin/env bash
# A single-node Slurm on this machine, for `make test-slurm` and for trying
# `floatsym bench --slurm` without a cluster (recipe:
# /work/shared/reference/slurm-local.md, "A real single-node Slurm").
#
#   scripts/slurm-local.sh start    install slurm-wlm + munge if missing,
#                                   write slurm.conf into the state dir,
#                                   start munged, slurmctld, slurmd
#   scripts/slurm-local.sh stop     stop what start started (pid files)
#   scripts/slurm-local.sh status   what runs; the SLURM_CONF to export
#   scripts/slurm-local.sh env      prints `export SLURM_CONF=...`
#
# Idempotent: start when everything runs only checks it; stop stops only
# the daemons this script started (recorded in the state dir), by the pid
# their pid files hold, never by name. The configuration lives in the
# state dir ($FLOATSYM_SLURM_DIR, default /tmp/floatsym-slurm), not in
# /etc/slurm: clients find it through SLURM_CONF.
#
# Exit codes: 0 ok; 3 Slurm cannot be installed (no apt-get, no root, the
# packages do not install); 4 a daemon would not start or the node does
# not come up (the log's path is printed). Callers tell "not tested" from
# "failed" by them.
set -euo pipefail

STATE=${FLOATSYM_SLURM_DIR:-/tmp/floatsym-slurm}
CONF=$STATE/slurm.conf
STARTED=$STATE/started # one daemon name per line: what start started
HOST=$(hostname -s)

say() { echo "slurm-local: $*" >&2; }
cannot_install() { say "CANNOT INSTALL: $*"; exit 3; }
cannot_start() { say "CANNOT START: $*"; exit 4; }

alive() { # pidfile
  [ -s "$1" ] && kill -0 "$(cat "$1")" 2>/dev/null
}

# install: slurm-wlm and munge from Debian, serialised with floatsym's
# other apt-get calls (the lock internal/libbc takes, and apt's own locks
# waited for rather than failed on).
install_slurm() {
  command -v slurmctld >/dev/null 2>&1 && command -v slurmd >/dev/null 2>&1 &&
    command -v sbatch >/dev/null 2>&1 && command -v munged >/dev/null 2>&1 && return 0
  [ "$(id -u)" -eq 0 ] || cannot_install "not root (the daemons and apt-get need root)"
  command -v apt-get >/dev/null 2>&1 || cannot_install "no apt-get on this system"
  local lockdir=${XDG_CACHE_HOME:-$HOME/.cache}/floatsym/libs/apt
  mkdir -p "$lockdir"
  say "installing slurm-wlm munge (apt-get, about a minute)"
  (
    flock 9
    export DEBIAN_FRONTEND=noninteractive
    apt-get -o DPkg::Lock::Timeout=600 update -qq &&
      apt-get -o DPkg::Lock::Timeout=600 install -y -qq slurm-wlm munge >"$STATE/apt.log" 2>&1
  ) 9>"$lockdir/floatsym.lock" || cannot_install "apt-get install slurm-wlm munge failed (log: $STATE/apt.log)"
  command -v slurmctld >/dev/null 2>&1 || cannot_install "slurmctld missing after the install"
}

write_conf() {
  local cpus mem
  cpus=$(nproc)
  # 80% of the memory, in MiB: slurmd drains a node that has less than
  # RealMemory.
  mem=$(awk '/^MemTotal:/ {printf "%d", $2 / 1024 * 0.8}' /proc/meminfo)
  mkdir -p "$STATE/state" "$STATE/spool"
  cat >"$CONF.tmp" <<EOF
# Written by scripts/slurm-local.sh: one node, this machine.
ClusterName=floatsym
SlurmctldHost=$HOST
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
MpiDefault=none
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
SchedulerType=sched/backfill
ReturnToService=2
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
StateSaveLocation=$STATE/state
SlurmdSpoolDir=$STATE/spool
SlurmctldPidFile=$STATE/slurmctld.pid
SlurmdPidFile=$STATE/slurmd.pid
SlurmctldLogFile=$STATE/slurmctld.log
SlurmdLogFile=$STATE/slurmd.log
NodeName=$HOST CPUs=$cpus RealMemory=$mem State=UNKNOWN
PartitionName=debug Nodes=$HOST Default=YES MaxTime=INFINITE State=UP
EOF
  mv "$CONF.tmp" "$CONF"
}

mark_started() { grep -qx "$1" "$STARTED" 2>/dev/null || echo "$1" >>"$STARTED"; }

start_munge() {
  if munge -n 2>/dev/null | unmunge >/dev/null 2>&1; then
    return 0 # a munged runs (ours from an earlier start, or the system's)
  fi
  [ -f /etc/munge/munge.key ] || cannot_start "/etc/munge/munge.key missing (the munge package creates it)"
  install -d -o munge -g munge -m 0755 /run/munge
  install -d -o munge -g munge -m 0700 /var/lib/munge /var/log/munge
  chown munge:munge /etc/munge/munge.key && chmod 0400 /etc/munge/munge.key
  runuser -u munge -- /usr/sbin/munged || cannot_start "munged refused to start (log: /var/log/munge/munged.log)"
  mark_started munged
  for _ in $(seq 20); do
    munge -n 2>/dev/null | unmunge >/dev/null 2>&1 && return 0
    sleep 0.5
  done
  cannot_start "munge -n | unmunge does not succeed (log: /var/log/munge/munged.log)"
}

start() {
  mkdir -p "$STATE"
  install_slurm
  start_munge
  if ! alive "$STATE/slurmctld.pid" || ! alive "$STATE/slurmd.pid"; then
    write_conf
  fi
  if ! alive "$STATE/slurmctld.pid"; then
    /usr/sbin/slurmctld -f "$CONF" || cannot_start "slurmctld refused to start (log: $STATE/slurmctld.log)"
    mark_started slurmctld
  fi
  if ! alive "$STATE/slurmd.pid"; then
    /usr/sbin/slurmd -f "$CONF" || cannot_start "slurmd refused to start (log: $STATE/slurmd.log)"
    mark_started slurmd
  fi
  export SLURM_CONF=$CONF
  local st=""
  for _ in $(seq 60); do
    st=$(sinfo -h -N -o '%T' 2>/dev/null | head -1 || true)
    case $st in idle | mixed | allocated) break ;; esac
    # A node left down or drained by an earlier run comes back.
    case $st in down* | drain*) scontrol update NodeName="$HOST" State=RESUME >/dev/null 2>&1 || true ;; esac
    sleep 1
  done
  case $st in
  idle | mixed | allocated) say "up: node $HOST $st; export SLURM_CONF=$CONF" ;;
  *) cannot_start "node $HOST is '${st:-not reported}' after 60 s (logs: $STATE/slurmctld.log $STATE/slurmd.log)" ;;
  esac
}

stop_one() { # name pidfile
  local pid
  grep -qx "$1" "$STARTED" 2>/dev/null || return 0
  if alive "$2"; then
    pid=$(cat "$2")
    kill "$pid"
    for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.2; done
    kill -0 "$pid" 2>/dev/null && { say "$1 ($pid) still runs after 10 s"; return 1; }
    say "stopped $1 ($pid)"
  fi
  sed -i "/^$1\$/d" "$STARTED"
}

stop() {
  local rc=0
  stop_one slurmd "$STATE/slurmd.pid" || rc=1
  stop_one slurmctld "$STATE/slurmctld.pid" || rc=1
  stop_one munged /run/munge/munged.pid || rc=1
  return $rc
}

status() {
  local d f
  for d in munged:/run/munge/munged.pid slurmctld:$STATE/slurmctld.pid slurmd:$STATE/slurmd.pid; do
    f=${d#*:}
    if alive "$f"; then echo "${d%%:*}: running (pid $(cat "$f"))"; else echo "${d%%:*}: not running"; fi
  done
  if [ -f "$CONF" ] && command -v sinfo >/dev/null 2>&1; then
    SLURM_CONF=$CONF sinfo -N 2>/dev/null || true
  fi
  echo "export SLURM_CONF=$CONF"
}

case ${1:-} in
start) start ;;
stop) stop ;;
status) status ;;
env) echo "export SLURM_CONF=$CONF" ;;
*)
  echo "usage: $0 start|stop|status|env" >&2
  exit 2
  ;;
esac
