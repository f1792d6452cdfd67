#!/usr/bin/env bash
# Three test hosts on this machine: network namespaces gr-h1, gr-h2, gr-h3
# with addresses 10.77.0.1-3, joined by veth links to a bridge gr-br0
# (10.77.0.254 in the root namespace, where mpirun runs).
#
#   scripts/netns/hosts.sh up      # create (idempotent: tears down first)
#   scripts/netns/hosts.sh down    # remove
#
# Needs root and iproute2. scripts/netns/rsh.sh lets Open MPI start its
# daemons "on" these hosts: `mpirun --mca plm_rsh_agent scripts/netns/rsh.sh
# --host 10.77.0.1,10.77.0.2,10.77.0.3 ...`.
set -euo pipefail
n=3
down() {
  for i in $(seq 1 $n); do
    ip netns del "gr-h$i" 2>/dev/null || true
    ip link del "gr-v$i" 2>/dev/null || true
  done
  ip link del gr-br0 2>/dev/null || true
}
case "${1:-}" in
down) down ;;
up)
  [ "$(id -u)" = 0 ] || { echo "error: network namespaces need root" >&2; exit 2; }
  down
  ip link add gr-br0 type bridge
  ip addr add 10.77.0.254/24 dev gr-br0
  ip link set gr-br0 up
  for i in $(seq 1 $n); do
    ip netns add "gr-h$i"
    ip link add "gr-v$i" type veth peer name eth0 netns "gr-h$i"
    ip link set "gr-v$i" master gr-br0
    ip link set "gr-v$i" up
    ip -n "gr-h$i" addr add "10.77.0.$i/24" dev eth0
    ip -n "gr-h$i" link set eth0 up
    ip -n "gr-h$i" link set lo up
    ip -n "gr-h$i" route add default via 10.77.0.254
  done
  echo "hosts up: gr-h1..gr-h$n at 10.77.0.1..$n, bridge gr-br0 10.77.0.254"
  ;;
*) echo "usage: hosts.sh up|down" >&2; exit 2 ;;
esac
