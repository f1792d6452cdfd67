#!/usr/bin/env bash
# Certificates of published Cram boards: for each board, `grundy cram RxC
# --nimber-only --certificate F` (the search, then the proof tree built
# with it as oracle) and `grundy cram verify F` (each fact rechecked by
# the rules, by code that shares nothing with the search but the rules),
# with the facts, the file's size and both times.
#
# Usage: scripts/cram-certificates.sh [RxC ...]   (default: the boards below)
# GRUNDY=path  that binary instead of building target/release/grundy
# KEEP=dir     keep the certificates there (default: a temporary directory,
#              removed; they are tens to hundreds of MB, never committed)
# Writes data/cram/certificates.csv, then reports/cram.md
# (scripts/cram-report.py).
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -z "${GRUNDY:-}" ]; then cargo build --release --quiet; fi
grundy="${GRUNDY:-./target/release/grundy}"
boards=("$@")
if [ ${#boards[@]} -eq 0 ]; then boards=(4x5 5x5 4x7 5x6 3x13 4x9 5x7 5x8); fi
dir="${KEEP:-$(mktemp -d)}"
mkdir -p "$dir"
[ -n "${KEEP:-}" ] || trap 'rm -rf "$dir"' EXIT
out=data/cram/certificates.csv
tmp="$out.tmp"
echo "rows,cols,cells,nimber,is,is_not,bytes,prove_seconds,peak_mib,verify_seconds,verify_peak_mib" > "$tmp"
for b in "${boards[@]}"; do
  f="$dir/$b.csv.zst"
  solved=$("$grundy" cram "$b" --nimber-only --force --certificate "$f" --json --quiet)
  checked=$(/usr/bin/time -f '%M' -o "$dir/time" "$grundy" cram verify "$f" --json)
  python3 -c 'import json, os, sys
s, v = json.loads(sys.argv[1]), json.loads(sys.argv[2])
assert s["nimber"] == v["nimber"] and v["verified"], (s, v)
c = s["certificate"]
print("{},{},{},{},{},{},{},{:.2f},{:.1f},{:.2f},{:.1f}".format(s["rows"], s["cols"], s["empty_cells"], s["nimber"],
      c["is"], c["is_not"], os.path.getsize(sys.argv[3]), s["seconds"], s["peak_mib"] or 0,
      v["seconds"], int(open(sys.argv[4]).read().split()[-1]) / 1024))' "$solved" "$checked" "$f" "$dir/time" | tee -a "$tmp"
done
mv "$tmp" "$out"
python3 scripts/cram-report.py data/cram/boards.csv reports/cram.md
