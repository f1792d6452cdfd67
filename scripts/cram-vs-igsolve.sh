#!/usr/bin/env bash
# grundy against igsolve (Beling; `cargo install igsolve`, not a dependency)
# on the boards of Beling's published Cram table (README of
# beling/impartial-games), one board at a time, each tool asked for the
# nimber of the empty board only.
#
# Usage: scripts/cram-vs-igsolve.sh [BOARD...]
#   BOARD  RxC (R rows, C columns); default: every published board of at
#          most 45 empty cells but 6x7 (about 2 minutes for grundy and
#          20 for igsolve here: measure it alone, `TIMEOUT=3600
#          scripts/cram-vs-igsolve.sh 6x7`), and the even x even boards of
#          every size
# GRUNDY=path  time that binary instead of building target/release/grundy
# TIMEOUT=s    per tool and board (default 900); a run past it is stopped
#              and its times recorded as `>S`, the seconds it had spent
# IGSOLVE_TIMEOUT=s  igsolve's limit instead (default TIMEOUT), in seconds,
#              or `Fx`: F times grundy's CPU seconds on the board (at least
#              one second). igsolve stopped at the limit after S CPU seconds
#              is recorded as `>S`, and the ratio as `<R`, grundy's CPU time
#              over S, an upper bound (on 4x13, `TIMEOUT=1500
#              IGSOLVE_TIMEOUT=2400`; `2.5x` bounds the ratio by 0.4)
# ROUNDS=n     runs of each tool on a board whose runs both take under 30 s
#              of CPU (default 3, alternating the tools); the least CPU time
#              of each tool is kept, with that run's wall time and memory
#              (the host is shared: a single run varies by 15 % or more)
# TOGETHER=1   run the two tools at the same time, grundy pinned to the
#              first core and igsolve to the second (boards that take hours
#              of each: half the wall time, on a host of two cores or more);
#              IGSOLVE_TIMEOUT must then be seconds, one round is run, and
#              the row's machine says "tools run together" (the two share
#              the memory bus and the last cache level, so each may take
#              somewhat longer than alone)
# REPORT_ONLY=1  measure nothing, only rewrite reports/cram.md from the rows
#
# grundy: `grundy --threads 1 cram RxC --nimber-only --force --json` (one thread);
# igsolve: `igsolve cram -r R -c C` (its defaults: BRAspSet, one thread).
# CPU seconds (user + system) and peak resident memory from /usr/bin/time,
# wall seconds too. Each row of data/cram/boards.csv is saved as soon as
# the board is measured (a stopped run keeps what it measured); the two
# nimbers and the published one must agree, or the script stops.
set -euo pipefail
cd "$(dirname "$0")/.."
timeout_s="${TIMEOUT:-900}"
igsolve_timeout_s="${IGSOLVE_TIMEOUT:-$timeout_s}"
rounds="${ROUNDS:-3}"
raw=data/cram/boards.csv
if [ -z "${REPORT_ONLY:-}" ]; then
  if [ -z "${GRUNDY:-}" ]; then cargo build --release --quiet; fi
  command -v igsolve >/dev/null || { echo "igsolve not found: cargo install igsolve" >&2; exit 2; }
fi
grundy="${GRUNDY:-./target/release/grundy}"

# Beling's table: "R C nimber" (even x even boards are 0 by symmetry).
published() {
  cat <<'T'
4 4 0
4 5 2
4 6 0
4 7 3
4 8 0
4 9 1
4 10 0
4 11 1
4 12 0
4 13 3
4 14 0
4 15 4
5 5 0
5 6 2
5 7 1
5 8 1
5 9 1
5 10 2
5 11 0
5 12 3
6 6 0
6 7 5
6 8 0
6 9 1
6 10 0
6 12 0
6 14 0
7 7 1
7 8 3
7 9 1
T
}

fields="rows,cols,cells,published,nimber,symmetry,cpu_seconds,seconds,peak_mib,positions,regions,igsolve_nimber,igsolve_cpu_seconds,igsolve_seconds,igsolve_peak_mib,cpu_ratio,date,machine"
[ -f "$raw" ] || echo "$fields" > "$raw"
save_row() {
  python3 - "$raw" "$fields" "$1" <<'PY'
import csv, sys
raw, fields, row = sys.argv[1], sys.argv[2].split(","), sys.argv[3]
new = dict(zip(fields, row.split(",", len(fields) - 1)))
key = lambda r: (int(r["rows"]), int(r["cols"]))
rows = [r for r in csv.DictReader(open(raw)) if key(r) != key(new)] + [new]
rows.sort(key=key)
tmp = raw + ".tmp"
with open(tmp, "w", newline="") as f:
    w = csv.DictWriter(f, fieldnames=fields, lineterminator="\n")
    w.writeheader()
    w.writerows(rows)
import os; os.replace(tmp, raw)
PY
}

# "cpu wall peak_mib" of one command timed with the limit $1, or
# ">cpu >wall peak_mib" (stopped at the limit, after that much time), or
# "failed" (any other exit: igsolve stops on boards of over 64 cells).
timed() {
  local t rc=0 limit="$1"
  shift
  t=$(mktemp)
  /usr/bin/time -o "$t" -f "%U %S %e %M" timeout "$limit" "$@" > "$t.out" 2>/dev/null || rc=$?
  if [ "$rc" = 0 ]; then
    awk 'NF == 4 {printf "%.2f %.2f %.1f\n", $1 + $2, $3, $4 / 1024}' "$t"
    cat "$t.out" >&3
  elif [ "$rc" = 124 ]; then
    awk 'NF == 4 {printf ">%.2f >%.2f %.1f\n", $1 + $2, $3, $4 / 1024}' "$t"
  else
    echo "failed"
  fi
  rm -f "$t" "$t.out"
}

# The faster of two results of `timed` (a failure or timeout loses).
least() {
  awk -v a="$1" -v b="$2" 'BEGIN {
    split(a, x, " "); split(b, y, " ")
    if (x[1] !~ /^[0-9.]+$/) print b; else if (y[1] !~ /^[0-9.]+$/) print a
    else if (y[1] + 0 < x[1] + 0) print b; else print a }'
}

# Whether a result of `timed` took under 30 s of CPU.
quick() { awk -v a="$1" 'BEGIN { split(a, x, " "); exit !(x[1] ~ /^[0-9.]+$/ && x[1] < 30) }'; }

boards() {
  if [ $# -gt 0 ]; then printf '%s\n' "$@"; return; fi
  published | while read -r r c v; do
    if [ $((r * c)) -le 45 ] && [ "$r$c" != 67 ] || { [ $((r % 2)) = 0 ] && [ $((c % 2)) = 0 ]; }; then
      echo "${r}x$c"
    fi
  done
}

cpu="$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs) ($(nproc) cores)"
if [ -z "${REPORT_ONLY:-}" ]; then
  for b in $(boards "$@"); do
    r=${b%x*}; c=${b#*x}
    pub=$(published | awk -v r="$r" -v c="$c" '$1 == r && $2 == c {print $3}')
    grundy_run=("$grundy" --threads 1 cram "$b" --nimber-only --force --json --quiet)
    igsolve_run=(igsolve cram -r "$r" -c "$c")
    limit=$igsolve_timeout_s
    machine=$cpu
    if [ -n "${TOGETHER:-}" ]; then
      [[ "$limit" =~ ^[0-9]+$ ]] || { echo "error: TOGETHER=1 takes IGSOLVE_TIMEOUT in seconds, not '$limit'" >&2; exit 2; }
      [ "$(nproc)" -ge 2 ] || { echo "error: TOGETHER=1 needs two cores, this host has $(nproc)" >&2; exit 2; }
      machine="${cpu%)}; tools run together)"
      exec 3>"/tmp/cram-grundy.$$"
      timed "$timeout_s" taskset -c 0 "${grundy_run[@]}" >"/tmp/cram-g.$$" &
      exec 3>"/tmp/cram-igsolve.$$"
      i=$(timed "$limit" taskset -c 1 "${igsolve_run[@]}")
      wait $!
      g=$(cat "/tmp/cram-g.$$")
      rm -f "/tmp/cram-g.$$"
    else
      exec 3>"/tmp/cram-grundy.$$"
      g=$(timed "$timeout_s" "${grundy_run[@]}")
      if [[ "$limit" == *x ]]; then
        # F times grundy's CPU time (its timeout when it was stopped).
        limit=$(awk -v f="${limit%x}" -v g="$g" -v t="$timeout_s" 'BEGIN {
          split(g, x, " "); sub(/^>/, "", x[1]); s = (x[1] ~ /^[0-9.]+$/) ? x[1] : t
          printf "%d\n", (f * s < 1) ? 1 : f * s + 0.999 }')
      fi
      exec 3>"/tmp/cram-igsolve.$$"
      i=$(timed "$limit" "${igsolve_run[@]}")
      # Further rounds, alternating the tools, where both are quick.
      for ((k = 1; k < rounds; k++)); do
        quick "$g" && quick "$i" || break
        exec 3>"/tmp/cram-grundy.$$"
        g=$(least "$g" "$(timed "$timeout_s" "${grundy_run[@]}")")
        exec 3>"/tmp/cram-igsolve.$$"
        i=$(least "$i" "$(timed "$limit" "${igsolve_run[@]}")")
      done
    fi
    exec 3>&-
    gv=""; gs=""; gp=""; gr=""; iv=""
    if [[ "$g" == [0-9]* ]]; then
      read -r gv gs gp gr < <(python3 -c 'import json,sys; v=json.load(open(sys.argv[1])); print(v["nimber"], v["symmetry"] or "none", v["positions"], v["regions_solved"])' "/tmp/cram-grundy.$$")
    fi
    if [[ "$i" == [0-9]* ]]; then
      iv=$(sed -n 's/.*Nimber of initial position: \([0-9]*\).*/\1/p' "/tmp/cram-igsolve.$$")
    fi
    for v in "$gv" "$iv"; do
      if [ -n "$v" ] && [ "$v" != "$pub" ]; then
        echo "error: $b: a nimber $v differs from the published $pub (grundy $gv, igsolve $iv)" >&2; exit 1
      fi
    done
    read -r gc gw gm <<<"$(echo "$g" | sed 's/^failed$/failed failed failed/')"
    read -r ic iw im <<<"$(echo "$i" | sed 's/^failed$/failed failed failed/')"
    # igsolve stopped at the limit (">S"): grundy's time over S bounds the
    # ratio from above ("<R", rounded up so that it stays a bound).
    ratio=$(python3 -c 'import math, sys
a, b = sys.argv[1:]
try:
    x, y = float(a), float(b.lstrip(">"))
    print("" if y <= 0 else f"<{math.ceil(x / y * 100) / 100:.2f}" if b[0] == ">" else f"{x / y:.2f}")
except ValueError:
    print("")' "$gc" "$ic")
    row="$r,$c,$((r * c)),$pub,$gv,$gs,$gc,$gw,$gm,$gp,$gr,$iv,$ic,$iw,$im,$ratio,$(date -u +%F),$machine"
    echo "$row"
    save_row "$row"
  done
  rm -f "/tmp/cram-grundy.$$" "/tmp/cram-igsolve.$$"
fi
python3 scripts/cram-report.py "$raw" reports/cram.md
