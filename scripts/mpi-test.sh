#!/usr/bin/env bash
# The Monorail solve over MPI ranks (cargo feature `mpi`, Open MPI): for
# T = 12 and 14, `mpirun -n K grundy monorail solve` with K = 1, 2, 3, 4
# writes datasets byte-identical to a single-process run; bad launches (a
# build without the feature under mpirun, ranks with different arguments,
# an output directory rank 0 cannot write) fail with exit code 2 and an
# `error:` line instead of hanging. Installs openmpi-bin, libopenmpi-dev and
# libclang-dev with apt-get when mpirun is missing, and builds the binary
# with the feature into target/mpi.
#
#   scripts/mpi-test.sh [TILES...]      # default: 12 14
set -euo pipefail
cd "$(dirname "$0")/.."
if ! dpkg -s openmpi-bin libopenmpi-dev libclang-dev >/dev/null 2>&1; then
  echo "installing openmpi-bin, libopenmpi-dev, libclang-dev (Debian packages)"
  sudo=""
  [ "$(id -u)" = 0 ] || sudo="sudo -E"
  export DEBIAN_FRONTEND=noninteractive
  $sudo apt-get update -qq >/dev/null
  $sudo apt-get install -y -qq openmpi-bin libopenmpi-dev libclang-dev >/dev/null
fi
start=$(date +%s)
cargo build --release --quiet --features mpi --target-dir target/mpi
echo "built with --features mpi in $(( $(date +%s) - start )) s"
mpi_grundy=$PWD/target/mpi/release/grundy
plain_grundy=$PWD/target/release/grundy
[ -x "$plain_grundy" ] || cargo build --release --quiet
# Open MPI refuses root without these; --oversubscribe allows K > cores.
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
run=(mpirun --oversubscribe)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
tiles=("$@")
[ ${#tiles[@]} -gt 0 ] || tiles=(12 14)
for t in "${tiles[@]}"; do
  "$mpi_grundy" monorail solve --tiles "$t" --out "$work/t$t-single" --quiet >/dev/null
  for k in 1 2 3 4; do
    s=$(date +%s%N)
    "${run[@]}" -n "$k" "$mpi_grundy" monorail solve --tiles "$t" --out "$work/t$t-k$k" --quiet >/dev/null
    ms=$(( ($(date +%s%N) - s) / 1000000 ))
    if ! diff -r "$work/t$t-single" "$work/t$t-k$k" >/dev/null; then
      echo "error: T = $t with $k ranks differs from the single-process run" >&2
      diff -r "$work/t$t-single" "$work/t$t-k$k" | head >&2
      exit 1
    fi
    echo "mpi: T = $t, K = $k: byte-identical to the single-process datasets ($ms ms)"
  done
done
# Checkpointed (a boundary every 0.1 s): the same bytes, the checkpoint
# written while it ran and removed at the end.
t=${tiles[-1]}
"${run[@]}" -n 3 "$mpi_grundy" monorail solve --tiles "$t" --out "$work/t$t-ck" --checkpoint-every 0.1 --quiet >/dev/null 2>"$work/ck.log"
diff -r "$work/t$t-single" "$work/t$t-ck" >/dev/null || { echo "error: the checkpointed run differs" >&2; exit 1; }
[ ! -e "$work/t$t-ck/checkpoint" ] || { echo "error: the checkpointed run left its checkpoint" >&2; exit 1; }
grep -q "bytes of checkpoint written" "$work/ck.log" || { echo "error: no checkpoint was written" >&2; cat "$work/ck.log" >&2; exit 1; }
echo "mpi: T = $t, K = 3, checkpointed: byte-identical, $(grep -o '[0-9]* bytes of checkpoint' "$work/ck.log" | awk '{s += $1} END {print s}') bytes of checkpoint written and removed"
expect_refusal() {
  local what=$1 needle=$2; shift 2
  local log=$work/refusal.log
  if "$@" >"$log" 2>&1; then
    echo "error: $what was not refused" >&2
    exit 1
  fi
  grep -q "error: .*$needle" "$log" || { echo "error: $what: no '$needle' error line" >&2; cat "$log" >&2; exit 1; }
  echo "mpi: refused as it should: $what ($(grep -c '^error:' "$log") error lines)"
}
expect_refusal "a build without the mpi feature under mpirun -n 2" "built without MPI support" \
  "${run[@]}" -n 2 "$plain_grundy" monorail solve --tiles 8 --out "$work/nofeature" --quiet
expect_refusal "ranks started with different arguments" "different arguments" \
  "${run[@]}" -n 1 "$mpi_grundy" monorail solve --tiles 8 --out "$work/a" --quiet : \
  -n 1 "$mpi_grundy" monorail solve --tiles 10 --out "$work/a" --quiet
touch "$work/file"
expect_refusal "an output directory rank 0 cannot write" "cannot write" \
  "${run[@]}" -n 3 "$mpi_grundy" monorail solve --tiles 8 --out "$work/file/sub" --quiet
[ ! -e "$work/nofeature" ] || { echo "error: the refused run wrote output" >&2; exit 1; }
