#!/usr/bin/env bash
# Tests the Slurm batch scripts under a real Slurm: starts a single-node
# Slurm on this machine (local-cluster.sh), submits the octal census as a
# job array of 3 shards with the dependent merge (submit-octal-census.sh,
# waiting for the merge), and checks the merged census.csv against a
# single-process run, every column but the timing; then submits the
# Monorail solve as one MPI job of 3 tasks (monorail-mpi.sbatch, T = 12,
# sbatch --wait) and checks its datasets against a single-process run,
# byte for byte. Needs root; installs slurm-wlm and munge with apt-get when
# missing; the MPI job needs Open MPI and the MPI build (scripts/mpi-test.sh
# makes both).
#
#   scripts/slurm/test-local.sh        # GRUNDY: the binary (default target/release/grundy)
#                                      # GRUNDY_MPI: the MPI build (default target/mpi/release/grundy)
set -euo pipefail
cd "$(dirname "$0")/../.."
grundy=$(realpath "${GRUNDY:-target/release/grundy}")
[ -x "$grundy" ] || { echo "error: no binary at $grundy (cargo build --release)" >&2; exit 2; }
work=$(mktemp -d)
cleanup() {
  scripts/slurm/local-cluster.sh down "$work/slurm" || true
  rm -rf "$work"
}
trap cleanup EXIT
start=$(date +%s)
eval "$(scripts/slurm/local-cluster.sh up "$work/slurm")"
echo "local Slurm up in $(( $(date +%s) - start )) s: $(sinfo -h -o '%P %D %t %c CPUs')"
# A small budget past N: the shards must agree with the single run there too.
digits=2 max_n=8192 budget=0.05s
"$grundy" octal census --digits $digits --max-n $max_n --budget $budget --out "$work/ref" --quiet
GRUNDY=$grundy DIGITS=$digits MAX_N=$max_n BUDGET=$budget CENSUS_SCRATCH="$work/shards" \
  OUT="$work/merged" REPORTS="$work/reports" LOG_DIR="$work/logs" WAIT=1 \
  scripts/slurm/submit-octal-census.sh 3
# Every column but the last (seconds).
if ! diff <(rev "$work/ref/census.csv" | cut -d, -f2- | rev) <(rev "$work/merged/census.csv" | cut -d, -f2- | rev) >/dev/null; then
  echo "error: the census through Slurm differs from the single-process run" >&2
  diff <(rev "$work/ref/census.csv" | cut -d, -f2- | rev) <(rev "$work/merged/census.csv" | cut -d, -f2- | rev) | head >&2
  exit 1
fi
rows=$(( $(wc -l < "$work/merged/census.csv") - 1 ))
shards=$(ls -d "$work/shards"/shard-* | wc -l)
echo "slurm: census of $rows codes as $shards array tasks plus the merge equals the single-process census (every column but seconds), $(( $(date +%s) - start )) s in all"
grundy_mpi=$(realpath "${GRUNDY_MPI:-target/mpi/release/grundy}")
[ -x "$grundy_mpi" ] || { echo "error: no MPI build at $grundy_mpi (scripts/mpi-test.sh builds it)" >&2; exit 2; }
start=$(date +%s)
"$grundy_mpi" monorail solve --tiles 12 --out "$work/mono-single" --quiet >/dev/null
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
# Three tasks on this machine's two CPUs: --overcommit, and mpirun told so.
(cd "$work" && GRUNDY_MPI=$grundy_mpi TILES=12 OUT="$work/mono-slurm" CHECKPOINT_EVERY=0.2 \
  MPIRUN_ARGS=--oversubscribe sbatch --wait --overcommit -n 3 --mem-per-cpu=1G --output="$work/mono-%j.log" "$OLDPWD/scripts/slurm/monorail-mpi.sbatch" >/dev/null) || {
  echo "error: the Monorail MPI job failed:" >&2; cat "$work"/mono-*.log >&2; exit 1; }
if ! diff -r "$work/mono-single" "$work/mono-slurm" >/dev/null; then
  echo "error: the Monorail solve through Slurm differs from the single-process run" >&2
  cat "$work"/mono-*.log >&2
  exit 1
fi
ranks=$(grep -c "^rank [0-9]* of 3:" "$work"/mono-*.log || true)
[ "$ranks" = 3 ] || { echo "error: the job log shows $ranks ranks, not 3:" >&2; cat "$work"/mono-*.log >&2; exit 1; }
echo "slurm: Monorail T = 12 as one MPI job of 3 tasks ($(head -n 1 "$work"/mono-*.log | sed 's/^monorail-mpi: //')) equals the single-process datasets, $(( $(date +%s) - start )) s"
