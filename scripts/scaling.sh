#!/usr/bin/env bash
# Measures the Monorail solve for T = 6, 8, ... up to MAX_T (default 18):
# the game's numbers, wall and CPU time, CPU utilisation and peak resident
# memory, into reports/monorail-scaling.md. Each T runs in its own process
# under /usr/bin/time, writing to a scratch directory.
#
# Rows for larger T, too long to rerun here (T = 20 takes most of an hour),
# are kept in reports/monorail-scaling-long.md, one table row per line as
# written by this script with MAX_T = T, and appended below the measured
# rows.
#   scripts/scaling.sh [MAX_T] [THREADS]
set -euo pipefail
cd "$(dirname "$0")/.."
max=${1:-18}
threads=${2:-$(nproc)}
cargo build --release --quiet
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
out=reports/monorail-scaling.md
long=reports/monorail-scaling-long.md
{
  echo "# Monorail solve: time and memory by tile count"
  echo
  echo "Measured by \`scripts/scaling.sh $max $threads\` on $(nproc) cores, $threads worker thread(s)."
  echo "Each row is one \`grundy monorail solve --tiles T\` process (loops, full solve,"
  echo "analysis, datasets and report), timed by /usr/bin/time: wall and CPU seconds"
  echo "(user + system, all threads), CPU utilisation, peak resident memory. The solve"
  echo "phase alone is the \"solve every position\" line of the run record (\`*.run.md\`,"
  echo "beside the report; it includes each class's remoteness up to T = 20). First moves are"
  echo "counted up to the station's symmetries."
  echo
  echo "| T | loops | position classes | raw positions | start nimber | first player | first moves | winning first moves | wall s | CPU s | CPU use | solve s | peak MiB |"
  echo "|---|---|---|---|---|---|---|---|---|---|---|---|---|"
} > "$scratch/table.md"
for t in $(seq 6 2 "$max"); do
  /usr/bin/time -f "%e %M %U %S %P" -o "$scratch/time" ./target/release/grundy --threads "$threads" --quiet \
    monorail solve --tiles "$t" --out "$scratch/data$t" --reports "$scratch/rep" --no-checkpoint > /dev/null
  read -r wall kib user sys pct < "$scratch/time"
  s="$scratch/data$t/summary.json"
  field() { grep "\"$1\"" "$s" | head -1 | sed 's/.*: *//; s/,$//'; }
  stem=monorail-t$t; [ "$t" = 16 ] && stem=monorail
  # The phase times are in the run record beside the report (not in the report).
  solve=$(grep "solve every position" "$scratch/rep/$stem.run.md" | awk -F'|' '{gsub(/ /,"",$3); print $3}')
  cpu=$(awk -v u="$user" -v s="$sys" 'BEGIN { printf "%.2f", u + s }')
  wins=loses; [ "$(field first_player_wins)" = true ] && wins=wins
  echo "| $t | $(field loops) | $(field positions_solved) | $(field positions_reachable) | $(field start_nimber) | $wins | $(field first_moves) | $(field winning_first_moves) | $wall | $cpu | $pct | $solve | $((kib / 1024)) |" >> "$scratch/table.md"
  rm -rf "$scratch/data$t"
done
if [ -f "$long" ]; then
  grep '^| ' "$long" | awk -F'|' -v max="$max" '$2 + 0 > max' >> "$scratch/table.md" || true
  {
    echo
    echo "Rows above T = $max: measured once, by the command in $long, and copied from it."
  } >> "$scratch/table.md"
fi
mv "$scratch/table.md" "$out"
cat "$out"
