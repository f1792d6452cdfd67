#!/usr/bin/env bash
# Open MPI's remote-shell agent for the test hosts of hosts.sh: called as
# `rsh.sh [options] HOST COMMAND...`, runs COMMAND in the namespace of HOST
# (10.77.0.I -> gr-hI), as ssh would on a real host.
set -euo pipefail
while [ $# -gt 0 ] && [ "${1#-}" != "$1" ]; do shift; done
host=${1:?no host}
shift
case "$host" in
10.77.0.[1-9]) ns="gr-h${host##*.}" ;;
*) echo "rsh.sh: unknown test host $host" >&2; exit 255 ;;
esac
exec ip netns exec "$ns" /bin/sh -c "$*"
