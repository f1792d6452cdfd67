#!/usr/bin/env bash
# grundy against ogsolve (Beling; `cargo install ogsolve`, not a dependency)
# on every octal code of the census (0.d1d2d3 and 4.d1d2d3, trailing zeros
# dropped: 1024 codes), each tool computing G(0..=N).
#
# Usage: scripts/octal-vs-ogsolve-census.sh [N] [runs] [codes-file]
#   N     heap size (default 200000)
#   runs  runs per tool on codes where ogsolve needs at least 0.1 s and the
#         first run's ratio is 0.5 or more (default 3; the median is
#         reported); every other code is run once: a code well under 0.5 or
#         under 0.1 s cannot change the verdicts, and the quadratic codes
#         take ogsolve 10 to 60 s a run
#   codes-file  one code per line: (re)run just these codes and replace their
#         rows in reports/octal-performance-census.csv (the report shows every
#         row there)
# GRUNDY=path  time that binary instead of building target/release/grundy
# SKIP_DONE=1  skip the codes that already have a row (to continue a run that
#         was stopped: each code's row is saved as soon as it is measured)
# REPORT_ONLY=1  measure nothing, only rewrite the report from the rows
#
# grundy: `grundy octal seq CODE --max-n N --summary` (all cores, the
# default); ogsolve: `ogsolve CODE -n N -m rc2` (one thread), its best method
# on these games. Wall seconds from /usr/bin/time. The whole sequences of the
# two tools are compared for every code (ogsolve's Fletcher-32 checksum of
# G(0..=N) against the same checksum of `grundy octal seq` output, computed
# in an untimed run): a difference stops the script. The raw timings go
# to reports/octal-performance-census.csv (one row per code, saved as each
# code is measured, so a stopped run keeps what it measured); the table, sorted by ratio (grundy / ogsolve,
# worst first), replaces the census section of reports/octal-performance.md.
set -euo pipefail
cd "$(dirname "$0")/.."
n="${1:-200000}"
runs="${2:-3}"
if [ -z "${GRUNDY:-}" ]; then cargo build --release --quiet; fi
command -v ogsolve >/dev/null || { echo "ogsolve not found: cargo install ogsolve" >&2; exit 2; }
grundy="${GRUNDY:-./target/release/grundy}"
raw=reports/octal-performance-census.csv

codes() {
  if [ -n "${3:-}" ]; then cat "$3"; return; fi
  # Census order (crates/games/src/octal/census.rs): digits 1, 2, 3; 0 before 4.
  for d in 1 2 3; do
    for before in 0 4; do
      for ((i = 0; i < 8 ** d; i++)); do
        t=$(printf "%0${d}o" "$i")
        if [ "$d" -gt 1 ] && [ "${t: -1}" = 0 ]; then continue; fi
        echo "$before.$t"
      done
    done
  done
}

# One timed run: prints "seconds value".
run_grundy() {
  local o
  o=$( { /usr/bin/time -f "TIME %e" "$grundy" octal seq "$1" --max-n "$n" --summary --quiet; } 2>&1 )
  echo "$(echo "$o" | awk '/^TIME/{print $2}') $(echo "$o" | sed -n "s/.*G($n) = \([0-9]*\).*/\1/p")"
}
run_ogsolve() {
  local o
  o=$( { /usr/bin/time -f "TIME %e" ogsolve "$1" -n "$n" -m rc2; } 2>&1 )
  echo "$(echo "$o" | awk '/^TIME/{print $2}') $(echo "$o" | sed -n "s/.*nimber of [0-9]*: \([0-9]*\).*checksum: \([0-9A-F]*\).*/\1:\2/p" | head -1)"
}
# ogsolve's checksum (Fletcher-32 over the 16-bit values) of grundy's G(0..=N).
grundy_checksum() {
  "$grundy" octal seq "$1" --max-n "$n" --quiet |
    awk -F, 'NR > 1 { a = (a + $2) % 65536; b = (b + a) % 65536 } END { printf "%X\n", b * 65536 + a }'
}
median() { tr ' ' '\n' | sort -g | awk '{a[NR]=$1} END{print a[int((NR+1)/2)]}'; }

cpu="$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs)"
[ -f "$raw" ] || echo "code,grundy_s,ogsolve_s,runs,g_n,date,machine" > "$raw"
# Replaces the row of a code in $raw, or appends it.
save_row() {
  python3 - "$raw" "$1" <<'PY'
import csv, os, sys
raw, row = sys.argv[1:]
fields = ["code", "grundy_s", "ogsolve_s", "runs", "g_n", "date", "machine"]
new = dict(zip(fields, row.split(",", len(fields) - 1)))
rows = [r for r in csv.DictReader(open(raw)) if r["code"] != new["code"]] + [new]
with open(raw + ".tmp", "w", newline="") as f:
    w = csv.DictWriter(f, fieldnames=fields, lineterminator="\n")
    w.writeheader()
    w.writerows(rows)
os.replace(raw + ".tmp", raw)
PY
}
count=0
for code in $(if [ -n "${REPORT_ONLY:-}" ]; then :; else codes "$@"; fi); do
  if [ -n "${SKIP_DONE:-}" ] && grep -q "^$code," "$raw"; then continue; fi
  read -r gt gv < <(run_grundy "$code")
  read -r ot ov < <(run_ogsolve "$code")
  gv="$gv:$(grundy_checksum "$code")"
  if [ "$gv" != "$ov" ]; then
    echo "$code: G($n):checksum differs: grundy $gv, ogsolve $ov" >&2
    exit 1
  fi
  gv="${gv%%:*}"
  r=1
  if awk -v t="$ot" -v g="$gt" 'BEGIN{exit !(t >= 0.1 && g >= 0.5 * t)}'; then
    gs="$gt"; os="$ot"
    for ((k = 1; k < runs; k++)); do
      gs="$gs $(run_grundy "$code" | cut -d' ' -f1)"
      os="$os $(run_ogsolve "$code" | cut -d' ' -f1)"
    done
    gt=$(echo "$gs" | median); ot=$(echo "$os" | median); r=$runs
  fi
  save_row "$code,$gt,$ot,$r,$gv,$(date -u +%Y-%m-%d),$(nproc) cores of $cpu"
  count=$((count + 1))
  echo "$count $code: grundy $gt s, ogsolve $ot s" >&2
done

out=reports/octal-performance.md
section=$(mktemp)
python3 - "$raw" "$n" "$runs" > "$section" <<'PY'
import csv, math, sys
raw, n, runs = sys.argv[1:]
rows = list(csv.DictReader(open(raw)))
for r in rows:
    r["g"] = float(r["grundy_s"]); r["o"] = float(r["ogsolve_s"])
    # 0.00 s from /usr/bin/time: count it as its resolution, 0.01 s.
    r["ratio"] = max(r["g"], 0.01) / max(r["o"], 0.01)
slow = [r for r in rows if r["o"] >= 0.1]
rows.sort(key=lambda r: (-r["ratio"], r["code"]))
def gmean(rs):
    return math.exp(sum(math.log(r["ratio"]) for r in rs) / len(rs)) if rs else float("nan")
print("<!-- census -->")
print("## Every code of up to three digits")
print()
days = sorted({r.get("date") or "?" for r in rows})
machines = {}
for r in rows:
    machines[r.get("machine") or "?"] = machines.get(r.get("machine") or "?", 0) + 1
where = "; ".join(f"{k}: {v} rows" for k, v in sorted(machines.items()))
print(f"Produced by `scripts/octal-vs-ogsolve.sh --census {n} {runs}` ({where}); rows measured on {', '.join(days)} (a stopped run is continued with `SKIP_DONE=1`; both tools are always timed side by side in one run, so each row's ratio is of one machine and one moment; the machine of each row is in the raw rows). Raw rows: `reports/octal-performance-census.csv`.")
print(f"Both tools compute G(0..={n}) for each of {len(rows)} of the census's 1024 codes;")
print("grundy: `grundy octal seq CODE --max-n N --summary` (all cores); ogsolve: `ogsolve CODE -n N -m rc2` (one thread).")
medians = sum(1 for r in rows if r["runs"] != "1")
print(f"Wall seconds from /usr/bin/time: one run of each tool per code, and the median of {runs} runs on the {medians} codes where ogsolve needs at least 0.1 s and the first run's ratio was 0.5 or more (the only ones where a rerun could change a verdict).")
print("The two tools' sequences G(0..=N) agreed on every code (ogsolve's Fletcher-32 checksum of the values, and G(N)). The ratio is grundy's time over ogsolve's (below 1: grundy faster); a time under /usr/bin/time's resolution counts as 0.01 s.")
print()
worst = max((r["ratio"] for r in slow), default=float("nan"))
over = [r for r in slow if r["ratio"] > 1.0]
print(f"- Codes where ogsolve needs at least 0.1 s: **{len(slow)}**; worst ratio **{worst:.2f}**; ratio above 1.0 on **{len(over)}**.")
print(f"- Geometric mean of the ratios: **{gmean(rows):.3f}** over all {len(rows)} codes, **{gmean(slow):.3f}** over the {len(slow)}.")
print(f"- Total time: grundy {sum(r['g'] for r in rows):.1f} s, ogsolve {sum(r['o'] for r in rows):.1f} s.")
print()
print("| code | grundy s | ogsolve s | ratio | runs | G(N) |")
print("|---|---|---|---|---|---|")
for r in rows:
    print(f"| {r['code']} | {r['grundy_s']} | {r['ogsolve_s']} | {r['ratio']:.2f} | {r['runs']} | {r['g_n']} |")
PY
tmp=$(mktemp)
if [ -f "$out" ]; then sed '/^<!-- census -->/,$d' "$out" > "$tmp"; fi
cat "$section" >> "$tmp"
mv "$tmp" "$out"
rm -f "$section"
echo "wrote $out ($count codes)" >&2
