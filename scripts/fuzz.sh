#!/usr/bin/env bash
# Runs the fuzz targets (fuzz/) with libFuzzer: each target SECONDS seconds
# (default 600) on a scratch copy of its committed corpus, with overflow
# checks and debug assertions on. Needs a nightly toolchain and cargo-fuzz
# (`cargo install cargo-fuzz --locked`). Prints one line per target with
# its executions; a crash stops the script with the reproducer's path.
#   scripts/fuzz.sh [SECONDS] [TARGET...]
set -euo pipefail
cd "$(dirname "$0")/../fuzz"
secs=${1:-600}; shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || mapfile -t targets < <(cargo +nightly fuzz list)
cargo +nightly fuzz build -s none -a -O >/dev/null 2>&1 || cargo +nightly fuzz build -s none -a -O
bin=target/x86_64-unknown-linux-gnu/release
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
for t in "${targets[@]}"; do
  mkdir -p "$scratch/$t" artifacts/"$t"
  log="$scratch/$t.log"
  if ! "$bin/$t" "$scratch/$t" "corpus/$t" -max_total_time="$secs" -timeout=30 \
      -rss_limit_mb=2048 -max_len=4096 -artifact_prefix="artifacts/$t/" >"$log" 2>&1; then
    tail -n 30 "$log"
    echo "fuzz: $t FAILED; reproducer in fuzz/artifacts/$t/" >&2
    exit 1
  fi
  runs=$(grep -o 'Done [0-9]* runs in [0-9]* second' "$log" | tail -n 1)
  echo "fuzz: $t: $runs(s), corpus $(ls "$scratch/$t" | wc -l) new inputs"
done
