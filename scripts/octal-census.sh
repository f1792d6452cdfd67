#!/usr/bin/env bash
# Generates the octal census once (too slow for CI): every code 0.d1d2d3 and
# 4.d1d2d3 up to n = 2^20, into data/octal/census/ (census.csv,
# summary.json) and reports/octal-census.md with its plots, timed by
# /usr/bin/time -v (wall time and peak memory go to the log).
#
#   scripts/octal-census.sh [OUT [REPORTS]] [-- extra flags for grundy]
#
# OUT defaults to data/octal/census, REPORTS to reports. GRUNDY names the
# binary (default: target/release/grundy, built first); run it on a copy
# (cp target/release/grundy /tmp/grundy-census; GRUNDY=/tmp/grundy-census)
# to keep rebuilding while it runs. DIGITS (default 3), MAX_N (default
# 1048576) and THREADS (default: all cores) are read from the environment.
# An interrupted run is continued by running the script again (--resume).
# The log is OUT/../octal-census.log (octal-census-4.log for DIGITS=4).
# The committed four-digit census:
#   DIGITS=4 MAX_N=262144 scripts/octal-census.sh data/octal/census-4 reports -- --budget 8s,1GiB --published-budget 600s,3.5GiB
# DEEPEN=published instead rewrites the census already in OUT with the
# --published-budget given after --, recomputing only the families it
# changes (digits, N and --budget are the census's): the same census, but
# for the timings, as a whole run with the option. The committed
# four-digit census was computed with --budget 8s,1GiB and then deepened:
#   DIGITS=4 DEEPEN=published THREADS=1 scripts/octal-census.sh data/octal/census-4 reports -- --published-budget 600s,3.5GiB
# (DIGITS names the log only: OUT/../octal-census-4-deepen.log).
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-data/octal/census}
reports=${2:-reports}
shift $(( $# > 2 ? 2 : $# )) || true
[ "${1:-}" = "--" ] && shift
if [ -z "${GRUNDY:-}" ]; then
  cargo build --release --quiet
  GRUNDY=target/release/grundy
fi
digits=${DIGITS:-3}
max_n=${MAX_N:-1048576}
threads=${THREADS:-$(nproc)}
if [ "$digits" -le 3 ]; then
  log="$(dirname "$out")/octal-census.log"
else
  log="$(dirname "$out")/octal-census-$digits.log"
fi
mkdir -p "$out" "$reports"
timer=()
[ -x /usr/bin/time ] && timer=(/usr/bin/time -v)
if [ -n "${DEEPEN:-}" ]; then
  log="${log%.log}-deepen.log"
  echo "octal census: deepen $DEEPEN of $out, $threads threads, report into $reports; log $log"
  "${timer[@]}" nice -n 19 "$GRUNDY" octal census --deepen "$DEEPEN" \
    --threads "$threads" --out "$out" --reports "$reports" --resume --progress plain "$@" \
    2>&1 | tee "$log"
  grep -E "Elapsed \(wall clock\)|Maximum resident set size" "$log" || true
  exit 0
fi
echo "octal census: digits $digits, max-n $max_n, $threads threads, into $out and $reports; log $log"
"${timer[@]}" nice -n 19 "$GRUNDY" octal census --digits "$digits" --max-n "$max_n" \
  --threads "$threads" --out "$out" --reports "$reports" --resume --progress plain "$@" \
  2>&1 | tee "$log"
grep -E "Elapsed \(wall clock\)|Maximum resident set size" "$log" || true
