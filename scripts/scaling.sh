#!/usr/bin/env bash
# Measures the Monorail solve for T = 6, 8, ... up to MAX_T (default 16):
# wall time, peak resident memory and position classes per second, into
# reports/monorail-scaling.md. Each T runs in its own process under
# /usr/bin/time, writing to a scratch directory.
#   scripts/scaling.sh [MAX_T] [THREADS]
set -euo pipefail
cd "$(dirname "$0")/.."
max=${1:-16}
threads=${2:-$(nproc)}
cargo build --release --quiet
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
out=reports/monorail-scaling.md
{
  echo "# Monorail solve: time and memory by tile count"
  echo
  echo "Measured by \`scripts/scaling.sh $max $threads\` on $(nproc) cores, $threads worker thread(s)."
  echo "Each row is one \`grundy monorail solve --tiles T\` process (loops, full solve,"
  echo "analysis, datasets and report), timed by /usr/bin/time; the solve phase alone"
  echo "is the report's \"solve every position\" line."
  echo
  echo "| T | loops | position classes | raw positions | start nimber | wall s (all) | solve s | peak MiB | classes/s (solve) |"
  echo "|---|---|---|---|---|---|---|---|---|"
} > "$scratch/table.md"
for t in $(seq 6 2 "$max"); do
  /usr/bin/time -f "%e %M" -o "$scratch/time" ./target/release/grundy --threads "$threads" --quiet \
    monorail solve --tiles "$t" --out "$scratch/data$t" --reports "$scratch/rep" > /dev/null
  read -r wall kib < "$scratch/time"
  s="$scratch/data$t/summary.json"
  field() { grep "\"$1\"" "$s" | head -1 | sed 's/.*: *//; s/,$//'; }
  stem=monorail-t$t; [ "$t" = 16 ] && stem=monorail
  solve=$(grep "solve every position" "$scratch/rep/$stem.md" | awk -F'|' '{gsub(/ /,"",$3); print $3}')
  classes=$(field positions_solved)
  rate=$(awk -v c="$classes" -v s="$solve" 'BEGIN { if (s > 0) printf "%.0f", c / s; else print "-" }')
  echo "| $t | $(field loops) | $classes | $(field positions_reachable) | $(field start_nimber) | $wall | $solve | $((kib / 1024)) | $rate |" >> "$scratch/table.md"
done
mv "$scratch/table.md" "$out"
cat "$out"
