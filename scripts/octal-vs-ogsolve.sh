#!/usr/bin/env bash
# Side-by-side timing of `grundy octal seq` and ogsolve (Beling; install with
# `cargo install ogsolve`, not a dependency) on the cases of issue 3.
# Writes reports/octal-performance.md. Usage:
#   scripts/octal-vs-ogsolve.sh [threads]            the cases below
#   scripts/octal-vs-ogsolve.sh --census [N] [runs]  every code of up to three
#       digits (the census's 1024), both tools to n = N (default 200000);
#       see scripts/octal-vs-ogsolve-census.sh
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "${1:-}" = "--census" ]; then
  shift
  exec scripts/octal-vs-ogsolve-census.sh "$@"
fi
threads="${1:-2}"
cargo build --release --quiet
command -v ogsolve >/dev/null || { echo "ogsolve not found: cargo install ogsolve" >&2; exit 2; }
out=reports/octal-performance.md
tmp=$(mktemp)
cases=("0.16 520000 rcs" "0.56 660000 rc" "0.354 20000000 rc" "0.6 4194304 rc" "0.007 300000 rc2" "0.007 1000000 rc2")
{
  echo "# Octal engines: grundy against ogsolve"
  echo
  echo "Produced by \`scripts/octal-vs-ogsolve.sh $threads\` on $(nproc) cores ($(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs)), $(date -u +%Y-%m-%d)."
  echo "grundy: \`grundy --threads $threads octal seq CODE --max-n N --summary\` (values only, no files);"
  echo "ogsolve $(ogsolve --version 2>/dev/null | awk '{print $2}'): \`ogsolve CODE -n N -m METHOD\`, its fastest method for the game (one thread)."
  echo "Wall time and peak resident memory from /usr/bin/time; both tools compute G(0..=N)."
  echo
  echo "| code | N | grundy s | grundy MiB | ogsolve method | ogsolve s | ogsolve MiB | G(N) grundy | G(N) ogsolve |"
  echo "|---|---|---|---|---|---|---|---|---|"
} > "$tmp"
for c in "${cases[@]}"; do
  set -- $c
  code=$1; n=$2; m=$3
  g=$( { /usr/bin/time -f "TIME %e %M" ./target/release/grundy --threads "$threads" octal seq "$code" --max-n "$n" --summary --quiet; } 2>&1 )
  gt=$(echo "$g" | awk '/^TIME/{print $2}'); gm=$(echo "$g" | awk '/^TIME/{printf "%.0f", $3/1024}')
  gv=$(echo "$g" | sed -n "s/.*G($n) = \([0-9]*\).*/\1/p")
  o=$( { /usr/bin/time -f "TIME %e %M" ogsolve "$code" -n "$n" -m "$m"; } 2>&1 )
  ot=$(echo "$o" | awk '/^TIME/{print $2}'); om=$(echo "$o" | awk '/^TIME/{printf "%.0f", $3/1024}')
  ov=$(echo "$o" | sed -n "s/.*nimber of [0-9]*: \([0-9]*\).*/\1/p" | head -1)
  echo "| $code | $n | $gt | $gm | $m | $ot | $om | $gv | $ov |" >> "$tmp"
  echo "$code $n: grundy $gt s, ogsolve $ot s" >&2
done
# Keep the written notes (from <!-- notes -->) and the census section
# (written by --census, from <!-- census -->) below the cases.
if [ -f "$out" ] && grep -q '^<!-- notes -->' "$out"; then
  echo >> "$tmp"
  sed -n '/^<!-- notes -->/,$p' "$out" >> "$tmp"
elif [ -f "$out" ] && grep -q '^<!-- census -->' "$out"; then
  sed -n '/^<!-- census -->/,$p' "$out" >> "$tmp"
fi
mv "$tmp" "$out"
echo "wrote $out" >&2
