#!/usr/bin/env bash
# The serve soak test (docs/serve.md): starts `musashi serve` on a free loopback port with at
# most 1024 file descriptors, runs .ci/soak/soak.py against it (a mixed load for SOAK_SECONDS,
# default 60), checks the server is still running, then stops it.
# Usage: .ci/soak/test.sh path/to/musashi [bundle]
set -euo pipefail
musashi="$1"
bundle="${2:-export/classic}"
seconds="${SOAK_SECONDS:-60}"
here="$(cd "$(dirname "$0")" && pwd)"

port="$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
log="$(mktemp)"
(ulimit -n 1024 && exec "$musashi" serve --bundle "$bundle" --addr "127.0.0.1:$port") >"$log" 2>&1 &
pid=$!
trap 'kill "$pid" 2>/dev/null || true; rm -f "$log"' EXIT
for _ in $(seq 1 100); do
  grep -q "open http" "$log" && break
  kill -0 "$pid" 2>/dev/null || { cat "$log" >&2; echo "musashi serve did not start" >&2; exit 1; }
  sleep 0.2
done
echo "descriptor limit of the server: $(grep 'Max open files' "/proc/$pid/limits" | awk '{print $4}')"
status=0
python3 "$here/soak.py" --port "$port" --pid "$pid" --seconds "$seconds" || status=$?
if ! kill -0 "$pid" 2>/dev/null; then
  cat "$log" >&2
  echo "musashi serve exited during the soak" >&2
  exit 1
fi
kill "$pid"
wait "$pid" 2>/dev/null || true
exit "$status"
