#!/usr/bin/env bash
# Tests the Slurm batch scripts under a real Slurm: starts a single-node
# Slurm on this machine (local-cluster.sh), submits the octal census as a
# job array of 3 shards with the dependent merge (submit-octal-census.sh,
# waiting for the merge), and checks the merged census.csv against a
# single-process run, every column but the timing. Needs root; installs
# slurm-wlm and munge with apt-get when missing.
#
#   scripts/slurm/test-local.sh        # GRUNDY: the binary (default target/release/grundy)
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
digits=2 max_n=8192
"$grundy" octal census --digits $digits --max-n $max_n --out "$work/ref" --quiet
GRUNDY=$grundy DIGITS=$digits MAX_N=$max_n CENSUS_SCRATCH="$work/shards" \
  OUT="$work/merged" REPORTS="$work/reports" LOG_DIR="$work/logs" WAIT=1 \
  scripts/slurm/submit-octal-census.sh 3
if ! diff <(cut -d, -f1-13 "$work/ref/census.csv") <(cut -d, -f1-13 "$work/merged/census.csv") >/dev/null; then
  echo "error: the census through Slurm differs from the single-process run" >&2
  diff <(cut -d, -f1-13 "$work/ref/census.csv") <(cut -d, -f1-13 "$work/merged/census.csv") | head >&2
  exit 1
fi
rows=$(( $(wc -l < "$work/merged/census.csv") - 1 ))
shards=$(ls -d "$work/shards"/shard-* | wc -l)
echo "slurm: census of $rows codes as $shards array tasks plus the merge equals the single-process census (every column but seconds), $(( $(date +%s) - start )) s in all"
