#!/usr/bin/env bash
# Submits the octal census as a Slurm job array of K shards (default 16)
# and the merge as a job that waits for every shard to succeed:
#   scripts/slurm/submit-octal-census.sh [K]
# Run from the repository root after `cargo build --release`; the
# environment (GRUNDY, CENSUS_SCRATCH, DIGITS, MAX_N, OUT, REPORTS) is
# passed to the jobs (sbatch exports it by default). LOG_DIR (default: the
# repository root) receives the jobs' logs; WAIT=1 makes the script wait
# until the merge has finished (sbatch --wait) and exit with its status.
set -euo pipefail
cd "$(dirname "$0")/../.."
k=${1:-16}
export CENSUS_SCRATCH=${CENSUS_SCRATCH:-$PWD/census-shards}
mkdir -p "$CENSUS_SCRATCH"
logs=()
if [ -n "${LOG_DIR:-}" ]; then
  mkdir -p "$LOG_DIR"
  logs=(--output="$LOG_DIR/%x-%A_%a.log")
fi
array=$(sbatch --parsable "${logs[@]}" --array=1-"$k" scripts/slurm/octal-census.sbatch)
array=${array%%;*}
echo "submitted the census array $array ($k shards); the merge runs after every shard succeeds"
if [ "${WAIT:-0}" = 1 ]; then
  # --kill-on-invalid-dep: a failed shard cancels the merge instead of
  # leaving it pending forever, and --wait then reports the failure.
  sbatch --wait --kill-on-invalid-dep=yes "${logs[@]}" --dependency=afterok:"$array" \
    scripts/slurm/octal-census-merge.sbatch
else
  merge=$(sbatch --parsable "${logs[@]}" --dependency=afterok:"$array" scripts/slurm/octal-census-merge.sbatch)
  echo "submitted the merge ${merge%%;*}"
fi
