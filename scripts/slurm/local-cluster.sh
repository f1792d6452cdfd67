#!/usr/bin/env bash
# A single-node Slurm on this machine, for tests: munge, slurmctld and
# slurmd started by hand (no systemd) with a minimal slurm.conf for
# localhost, all state under one directory.
#
#   scripts/slurm/local-cluster.sh up DIR     # install (apt) if missing, start; prints "export SLURM_CONF=..."
#   scripts/slurm/local-cluster.sh down DIR   # stop everything started by `up DIR`
#
# Needs root (the daemons run as root). Debian packages: slurm-wlm, munge.
# No cgroup.conf: slurmd finds the cgroup version itself; processes are
# tracked through /proc (proctrack/linuxproc), so no cgroup is needed.
set -euo pipefail
cmd=${1:?usage: local-cluster.sh up|down DIR}
dir=${2:?usage: local-cluster.sh up|down DIR}
mkdir -p "$dir"
dir=$(cd "$dir" && pwd)
case "$cmd" in
down)
  for p in slurmd slurmctld munged; do
    [ -f "$dir/$p.pid" ] && kill "$(cat "$dir/$p.pid")" 2>/dev/null || true
  done
  sleep 1
  exit 0
  ;;
up)
  [ "$(id -u)" = 0 ] || { echo "error: a local Slurm needs root (the daemons run as root)" >&2; exit 2; }
  ;;
*) echo "error: unknown command $cmd (up or down)" >&2; exit 2 ;;
esac
if ! command -v slurmctld >/dev/null || ! command -v munged >/dev/null; then
  echo "installing slurm-wlm and munge (Debian packages)" >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >/dev/null
  apt-get install -y -qq slurm-wlm munge >/dev/null
fi
host=$(hostname -s)
cpus=$(nproc)
mem=$(( $(awk '/MemTotal/ {print $2}' /proc/meminfo) / 1024 - 1024 ))
mkdir -p "$dir/spool/ctld" "$dir/spool/d" "$dir/munge" "$dir/key" "$dir/log"
chmod 755 "$dir/munge"
chmod 700 "$dir/key"
# munge: its own key and socket in DIR.
dd if=/dev/urandom of="$dir/key/munge.key" bs=1024 count=1 status=none
chmod 400 "$dir/key/munge.key"
munged --key-file="$dir/key/munge.key" --socket="$dir/munge/socket" \
  --pid-file="$dir/munged.pid" --log-file="$dir/log/munged.log" --seed-file="$dir/key/seed" \
  --force
cat > "$dir/slurm.conf" <<CONF
ClusterName=grundy-test
SlurmctldHost=$host
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
AuthInfo=socket=$dir/munge/socket
CredType=cred/munge
StateSaveLocation=$dir/spool/ctld
SlurmdSpoolDir=$dir/spool/d
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd.pid
SlurmctldLogFile=$dir/log/slurmctld.log
SlurmdLogFile=$dir/log/slurmd.log
SlurmctldPort=16817
SlurmdPort=16818
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core_Memory
SchedulerType=sched/backfill
MpiDefault=none
ReturnToService=2
SlurmctldTimeout=30
SlurmdTimeout=30
InactiveLimit=0
MinJobAge=300
KillWait=5
Waittime=0
NodeName=$host CPUs=$cpus RealMemory=$mem State=UNKNOWN
PartitionName=test Nodes=$host Default=YES MaxTime=INFINITE State=UP
CONF
export SLURM_CONF="$dir/slurm.conf"
slurmctld -f "$SLURM_CONF"
slurmd -f "$SLURM_CONF"
for _ in $(seq 1 60); do
  if sinfo -h -o %t 2>/dev/null | grep -qE '^(idle|mix|alloc)'; then
    echo "export SLURM_CONF=$SLURM_CONF"
    exit 0
  fi
  sleep 1
done
echo "error: the local Slurm did not come up; logs in $dir/log" >&2
sinfo >&2 || true
tail -n 20 "$dir/log/slurmctld.log" "$dir/log/slurmd.log" >&2 || true
exit 1
