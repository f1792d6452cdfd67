#!/usr/bin/env bash
# Misère Cram outcomes of empty boards (the player who cannot move wins),
# as far as a budget reaches: for each number of rows R = 1..7, boards
# R x C for C = R..15 until one is refused (more than 20 million positions)
# or runs past the time limit; every larger board of that row would cost
# more. No published solver plays misère Cram, so there is no table to
# compare with; the search is checked against the plain search over the
# rules in crates/games/src/cram/misere.rs.
#
# Usage: scripts/cram-misere.sh [RxC...]
#   RxC          measure only these boards, each replacing its row of
#                data/cram/misere.csv (the others kept); with none, every
#                row is measured again, as above
# GRUNDY=path  that binary instead of building target/release/grundy
# TIMEOUT=s    per board (default 300)
# FORCE=1      search past 20 million positions (--force), as far as the
#              memory bound and TIMEOUT reach
# MEMORY=size  the bound of the positions kept (--memory; default a
#              quarter of the memory available, at most 4 GiB)
# Writes data/cram/misere.csv, then reports/cram.md (scripts/cram-report.py).
set -euo pipefail
cd "$(dirname "$0")/.."
timeout_s="${TIMEOUT:-300}"
if [ -z "${GRUNDY:-}" ]; then cargo build --release --quiet; fi
grundy="${GRUNDY:-./target/release/grundy}"
flags=()
if [ -n "${FORCE:-}" ]; then flags+=(--force); fi
if [ -n "${MEMORY:-}" ]; then flags+=(--memory "$MEMORY"); fi
out=data/cram/misere.csv
tmp="$out.tmp"
fields="rows,cols,cells,outcome,positions,seconds,peak_mib"
# One board: its row on standard output, or a status of 1 when refused or
# past the time limit (the reason on standard error).
measure() {
  local j
  if ! j=$(timeout "$timeout_s" "$grundy" cram "$1" --misere --json --quiet "${flags[@]}"); then
    echo "$1: refused or past ${timeout_s} s" >&2
    return 1
  fi
  python3 -c 'import json, sys
v = json.loads(sys.argv[1])
print("{},{},{},{},{},{:.3f},{:.1f}".format(v["rows"], v["cols"], v["empty_cells"], v["outcome"], v["positions"], v["seconds"], v["peak_mib"] or 0))' "$j"
}
if [ $# -gt 0 ]; then
  for b in "$@"; do
    row=$(measure "$b") || continue
    echo "$row"
    python3 - "$out" "$fields" "$row" <<'PY'
import csv, os, sys
out, fields, row = sys.argv[1], sys.argv[2].split(","), sys.argv[3]
new = dict(zip(fields, row.split(",")))
key = lambda r: (int(r["rows"]), int(r["cols"]))
rows = [r for r in csv.DictReader(open(out)) if key(r) != key(new)] + [new]
rows.sort(key=key)
with open(out + ".tmp", "w", newline="") as f:
    w = csv.DictWriter(f, fieldnames=fields, lineterminator="\n")
    w.writeheader()
    w.writerows(rows)
os.replace(out + ".tmp", out)
PY
  done
  python3 scripts/cram-report.py data/cram/boards.csv reports/cram.md
  exit 0
fi
echo "$fields" > "$tmp"
for r in 1 2 3 4 5 6 7; do
  for c in $(seq "$r" 15); do
    if ! row=$(measure "${r}x$c"); then
      echo "larger boards of $r rows skipped" >&2
      break
    fi
    echo "$row" | tee -a "$tmp"
  done
done
mv "$tmp" "$out"
python3 scripts/cram-report.py data/cram/boards.csv reports/cram.md
