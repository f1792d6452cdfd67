#!/usr/bin/env bash
# Misère Cram outcomes of empty boards (the player who cannot move wins),
# as far as a budget reaches: for each number of rows R = 1..7, boards
# R x C for C = R..15 until one is refused (more than 20 million positions)
# or runs past the time limit; every larger board of that row would cost
# more. No published solver plays misère Cram, so there is no table to
# compare with; the search is checked against the plain search over the
# rules in crates/games/src/cram/misere.rs.
#
# Usage: scripts/cram-misere.sh
# GRUNDY=path  that binary instead of building target/release/grundy
# TIMEOUT=s    per board (default 300)
# Writes data/cram/misere.csv, then reports/cram.md (scripts/cram-report.py).
set -euo pipefail
cd "$(dirname "$0")/.."
timeout_s="${TIMEOUT:-300}"
if [ -z "${GRUNDY:-}" ]; then cargo build --release --quiet; fi
grundy="${GRUNDY:-./target/release/grundy}"
out=data/cram/misere.csv
tmp="$out.tmp"
echo "rows,cols,cells,outcome,positions,seconds,peak_mib" > "$tmp"
for r in 1 2 3 4 5 6 7; do
  for c in $(seq "$r" 15); do
    if ! j=$(timeout "$timeout_s" "$grundy" cram "${r}x$c" --misere --json --quiet 2>/dev/null); then
      echo "$r x $c: refused or past ${timeout_s} s; larger boards of $r rows skipped" >&2
      break
    fi
    python3 -c 'import json, sys
v = json.loads(sys.argv[1])
print("{},{},{},{},{},{:.3f},{:.1f}".format(v["rows"], v["cols"], v["empty_cells"], v["outcome"], v["positions"], v["seconds"], v["peak_mib"] or 0))' "$j" | tee -a "$tmp"
  done
done
mv "$tmp" "$out"
python3 scripts/cram-report.py data/cram/boards.csv reports/cram.md
