#!/usr/bin/env bash
# The Monorail solve across three hosts: network namespaces made by
# hosts.sh, Open MPI talking TCP between them (its daemons started in each
# namespace by rsh.sh, shared memory switched off). Checks that
#  1. the three-host run writes datasets byte-identical to a single-process
#     run (T = 14);
#  2. a rank killed part-way (kill -9 of the rank on the second host, T = 16,
#     checkpointing every half second, killed once ten round boundaries are
#     committed) makes the job fail with mpirun's message naming it, leaving
#     no dataset (only OUT/checkpoint/mpi/), and a resubmission resumes from
#     the checkpoint (every rank says how many classes it resumed) and
#     completes with the single-process result, removing the checkpoint.
# Needs root, iproute2, Open MPI and the binary built with --features mpi
# (scripts/mpi-test.sh builds it into target/mpi).
set -euo pipefail
cd "$(dirname "$0")/../.."
grundy=$PWD/${GRUNDY_MPI:-target/mpi/release/grundy}
[ -x "$grundy" ] || { echo "error: no MPI build at $grundy (scripts/mpi-test.sh builds it)" >&2; exit 2; }
work=$(mktemp -d)
trap 'scripts/netns/hosts.sh down; rm -rf "$work"' EXIT
scripts/netns/hosts.sh up
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
run=(mpirun --mca plm_rsh_agent "$PWD/scripts/netns/rsh.sh"
  --host 10.77.0.1,10.77.0.2,10.77.0.3
  --mca oob_tcp_if_include 10.77.0.0/24 --mca btl_tcp_if_include 10.77.0.0/24
  --mca btl tcp,self -n 3)
# A launch that fails before the ranks start (Open MPI's daemons over the
# namespaces' links, on a loaded machine) is retried twice, and said so; a
# failure of the solve itself is never retried.
launch() {
  local out=$1; shift
  for attempt in 1 2 3; do
    if "${run[@]}" "$@" >"$out" 2>"$work/err"; then
      return 0
    fi
    if grep -q "^error:" "$work/err" "$out" 2>/dev/null || [ $attempt = 3 ]; then
      echo "error: mpirun $* failed:" >&2
      cat "$work/err" >&2
      return 1
    fi
    echo "netns: the launch failed before the ranks ran (attempt $attempt; $(grep -v setpgid "$work/err" | head -n 3 | tr '\n' ' ')); retrying"
    sleep 2
  done
}
launch "$work/where" sh -c 'echo "$(ip netns identify $$)"'
where=$(sort "$work/where" | tr '\n' ' ')
[ "$where" = "gr-h1 gr-h2 gr-h3 " ] || { echo "error: ranks ran in [$where], not one per host" >&2; exit 1; }
echo "netns: one rank in each of $where"
for t in 14 16; do
  "$grundy" monorail solve --tiles $t --out "$work/single-$t" --quiet >/dev/null 2>"$work/err" ||
    { echo "error: the single-process run of T = $t failed:" >&2; cat "$work/err" >&2; exit 1; }
done
s=$(date +%s)
launch /dev/null "$grundy" monorail solve --tiles 14 --out "$work/hosts-14" --quiet
diff -r "$work/single-14" "$work/hosts-14" >/dev/null || { echo "error: the three-host run differs" >&2; exit 1; }
echo "netns: T = 14 on three hosts over TCP: byte-identical to the single-process run ($(( $(date +%s) - s )) s)"
# Kill the rank on the second host part-way (the launch retried as above).
victim=
for attempt in 1 2 3; do
  "${run[@]}" "$grundy" monorail solve --tiles 16 --out "$work/hosts-16" --checkpoint-every 0.5 --quiet >"$work/kill.log" 2>&1 &
  job=$!
  for _ in $(seq 1 600); do
    kill -0 $job 2>/dev/null || break
    victim=$(ip netns pids gr-h2 | while read -r p; do
      if [ "$(cat /proc/"$p"/comm 2>/dev/null)" = grundy ]; then echo "$p"; fi; done | head -n 1 || true)
    [ -n "$victim" ] && break
    sleep 0.1
  done
  [ -n "$victim" ] && break
  wait $job || true
  if grep -q "^error:" "$work/kill.log" || [ $attempt = 3 ]; then
    echo "error: the job to be killed ended before its rank on the second host started:" >&2
    cat "$work/kill.log" >&2
    exit 1
  fi
  echo "netns: the launch failed before the ranks ran (attempt $attempt); retrying"
  sleep 2
done
manifest="$work/hosts-16/checkpoint/mpi/committed.json"
for _ in $(seq 1 600); do
  [ -f "$manifest" ] && grep -q '"boundaries": [1-9][0-9]' "$manifest" && break
  sleep 0.1
done
[ -f "$manifest" ] || { echo "error: no checkpoint was committed within a minute" >&2; cat "$work/kill.log" >&2; exit 1; }
sleep 1
kill -9 "$victim"
if wait $job; then
  echo "error: the job with a killed rank reported success" >&2
  exit 1
fi
grep -qiE "signal 9|killed" "$work/kill.log" || { echo "error: no message about the killed rank" >&2; cat "$work/kill.log" >&2; exit 1; }
left=$(cd "$work/hosts-16" && ls -A)
[ "$left" = checkpoint ] || { echo "error: the failed job left [$left] in its output directory, not only checkpoint/" >&2; exit 1; }
boundaries=$(sed -n 's/.*"boundaries": \([0-9]*\).*/\1/p' "$manifest")
chunks=$(grep -c 'rank-' "$manifest" || true)
bytes=$(du -sb "$work/hosts-16/checkpoint/mpi" | cut -f1)
echo "netns: killing rank 1 (pid $victim) failed the job: $(grep -iE 'signal 9|killed' "$work/kill.log" | head -n 1 | sed 's/^ *//'); the checkpoint holds $boundaries boundaries, $chunks chunks, $bytes bytes"
s=$(date +%s)
launch "$work/resume.log" "$grundy" monorail solve --tiles 16 --out "$work/hosts-16" --checkpoint-every 0.5 --quiet
# The ranks' lines are on stderr, which launch keeps in $work/err.
resumed=$(grep -c "resumed from the checkpoint" "$work/err" || true)
[ "$resumed" -ge 1 ] || { echo "error: no rank resumed from the checkpoint:" >&2; cat "$work/err" >&2; exit 1; }
[ ! -e "$work/hosts-16/checkpoint" ] || { echo "error: the finished job left its checkpoint" >&2; exit 1; }
diff -r "$work/single-16" "$work/hosts-16" >/dev/null || { echo "error: the resubmitted run differs" >&2; exit 1; }
echo "netns: resubmitted, T = 16 on three hosts resumed from the checkpoint ($(grep -o '[0-9]* of them resumed' "$work/err" | awk '{s += $1} END {print s}') classes on $resumed ranks) and completed byte-identical to the single-process run ($(( $(date +%s) - s )) s)"
