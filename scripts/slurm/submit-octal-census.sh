#!/usr/bin/env bash
# Submits the octal census as a Slurm job array of K shards (default 16)
# and the merge as a job that waits for every shard to succeed:
#   scripts/slurm/submit-octal-census.sh [K]
# Run from the repository root after `cargo build --release`; the
# environment (GRUNDY, CENSUS_SCRATCH, DIGITS, MAX_N, OUT, REPORTS) is
# passed to the jobs (sbatch exports it by default).
set -euo pipefail
cd "$(dirname "$0")/../.."
k=${1:-16}
export CENSUS_SCRATCH=${CENSUS_SCRATCH:-$PWD/census-shards}
mkdir -p "$CENSUS_SCRATCH"
array=$(sbatch --parsable --array=1-"$k" scripts/slurm/octal-census.sbatch)
array=${array%%;*}
merge=$(sbatch --parsable --dependency=afterok:"$array" scripts/slurm/octal-census-merge.sbatch)
echo "submitted the census array $array ($k shards) and the merge ${merge%%;*} (after every shard succeeds)"
