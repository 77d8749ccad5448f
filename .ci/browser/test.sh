#!/usr/bin/env bash
# The browser test of `musashi serve` (docs/serve.md): installs Debian's Chromium when it is
# missing and Playwright from PyPI into a virtual environment under target/, starts the server on
# a free port of this machine, runs test_page.py against it, and stops the server.
# Usage: .ci/browser/test.sh MUSASHI_BINARY [SHOTS_DIR]
set -euo pipefail
cd "$(dirname "$0")/../.."
musashi=$1
shots=${2:-target/browser-shots}

if [ ! -x /usr/bin/chromium ]; then
  echo "installing Debian's chromium"
  apt-get update -qq >/dev/null
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends chromium >/dev/null
fi
venv="${CARGO_TARGET_DIR:-target}/browser-venv"
[ -x "$venv/bin/python" ] || python3 -m venv "$venv"
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check -r .ci/browser/requirements.txt

log=$(mktemp)
"$musashi" serve --bundle export/classic --addr 127.0.0.1:0 >"$log" 2>&1 &
server=$!
trap 'kill "$server" 2>/dev/null || true; rm -f "$log"' EXIT
url=""
for _ in $(seq 1 100); do
  url=$(grep -o 'http://[0-9.:]*/' "$log" || true)
  [ -n "$url" ] && break
  kill -0 "$server" 2>/dev/null || { cat "$log" >&2; echo "the server did not start" >&2; exit 1; }
  sleep 0.2
done
[ -n "$url" ] || { cat "$log" >&2; echo "the server printed no address" >&2; exit 1; }
echo "server at $url"
"$venv/bin/python" .ci/browser/test_page.py "$url" "$shots"
