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
"$GRUNDY" serve --board 5x4 --station 1,3 --tiles 16 --port 0 --quiet >"$out" &
server=$!
trap 'kill $server 2>/dev/null || true; rm -f "$out"' EXIT
url=
for _ in $(seq 1 300); do
  url=$(sed -n 's/^listening on //p' "$out")
  [ -n "$url" ] && break
  kill -0 $server 2>/dev/null || { echo "error: grundy serve exited"; exit 1; }
  sleep 0.1
done
[ -n "$url" ] || { echo "error: grundy serve did not start within 30 s"; exit 1; }
echo "server at $url"
node tests/browser/explorer.mjs --url "$url" "$@"
node tests/browser/atlas.mjs --url "$url"
