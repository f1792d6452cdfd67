#!/usr/bin/env bash
# The explorer's page in a real headless browser: starts `grundy serve` on
# the Season 4 board on a free loopback port and runs
# tests/browser/explorer.mjs (Playwright driving Debian's Chromium) against
# it. Installs chromium with apt-get and playwright-core with npm when
# missing.
#
#   scripts/browser-test.sh [--screenshot FILE.png]
#
# GRUNDY names the binary (default target/release/grundy, built first);
# CHROMIUM the browser (default /usr/bin/chromium).
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -z "${GRUNDY:-}" ]; then
  cargo build --release --quiet
  GRUNDY=target/release/grundy
fi
export CHROMIUM=${CHROMIUM:-/usr/bin/chromium}
if [ ! -x "$CHROMIUM" ]; then
  echo "installing chromium (Debian package)"
  export DEBIAN_FRONTEND=noninteractive
  sudo=""
  [ "$(id -u)" = 0 ] || sudo="sudo -E"
  $sudo apt-get update -qq >/dev/null
  $sudo apt-get install -y -qq chromium >/dev/null
fi
if [ ! -d tests/browser/node_modules/playwright-core ]; then
  (cd tests/browser && npm ci --no-audit --no-fund --loglevel=error)
fi
out=$(mktemp)
wide_out=$(mktemp)
"$GRUNDY" serve --board 5x4 --station 1,3 --tiles 16 --port 0 --quiet >"$out" &
server=$!
# The unbounded grid at T = 16: the widest board the explorer draws.
"$GRUNDY" serve --tiles 16 --port 0 --quiet >"$wide_out" &
wide=$!
trap 'kill $server $wide 2>/dev/null || true; rm -f "$out" "$wide_out"' EXIT
listening() {
  local file=$1 pid=$2 url=
  for _ in $(seq 1 600); do
    url=$(sed -n 's/^listening on //p' "$file")
    [ -n "$url" ] && { echo "$url"; return; }
    kill -0 "$pid" 2>/dev/null || { echo "error: grundy serve exited" >&2; exit 1; }
    sleep 0.1
  done
  echo "error: grundy serve did not start within 60 s" >&2
  exit 1
}
url=$(listening "$out" $server)
wide_url=$(listening "$wide_out" $wide)
echo "server at $url, the unbounded grid at $wide_url"
node tests/browser/explorer.mjs --url "$url" --wide-url "$wide_url" "$@"
node tests/browser/atlas.mjs --url "$url"
