#!/usr/bin/env bash
# The C library and the WebAssembly module (crates/capi, docs/clients.md), as a game developer
# builds them: the static library linked into the C example (a whole game of every version, the
# reference vectors' moves, Hard's native time per move), then the .wasm module in Node (the
# bundle from bytes, the vectors, a whole game of every version for every level, Hard's time
# against the native one: at most 3x). Installs the wasm32 target and Debian's nodejs if missing.
set -euo pipefail
cd "$(dirname "$0")/../.."
target_dir="${CARGO_TARGET_DIR:-target}"
bundle=export/musashi
vectors=docs/reference-vectors/musashi.json

echo "-- the C library and the example"
cargo build --locked --profile client -p musashi-capi
cc -O2 -Wall -Wextra -Werror -o "$target_dir/client/musashi-example" crates/capi/examples/play.c \
  -Icrates/capi/include "$target_dir/client/libmusashi_capi.a" -lm -lpthread -ldl
example="$target_dir/client/musashi-example"
for rules in classic no-setchin soldiers-first qdan '{"board":"33","first":"general","general_wins_at":4,"repetition":"third-time-general-wins","move_limit":"plies 300"}'; do
  echo "$rules: Hard General against Normal soldiers"
  "$example" play "$bundle" "$rules" hard normal 0 1 | tail -1
done
python3 .ci/capi/vectors.py "$vectors" | "$example" check "$bundle"
# (Not `tee /dev/stderr`: where stderr is a file, tee would reopen and truncate it.)
bench=$("$example" bench "$bundle" classic hard 20 | tail -n 1)
echo "$bench"
native_ms=$(sed -n 's/.*: \([0-9.]*\) ms per move.*/\1/p' <<<"$bench")

echo "-- the WebAssembly module"
if command -v rustup >/dev/null 2>&1; then
  rustup target list --installed | grep -q wasm32-unknown-unknown || rustup target add wasm32-unknown-unknown
else
  # Debian's own Rust toolchain (.ci/run installs it where rustup is missing) has the target
  # in a package.
  apt-get update -qq && apt-get install -y -qq libstd-rust-dev-wasm32 >/dev/null
fi
cargo build --locked --profile client --target wasm32-unknown-unknown -p musashi-capi
wasm="$target_dir/wasm32-unknown-unknown/client/musashi_capi.wasm"
echo "module: $(wc -c <"$wasm") bytes, $(gzip -9 -c "$wasm" | wc -c) gzipped (without weights)"
if ! command -v node >/dev/null 2>&1; then
  echo "node not found: installing Debian's nodejs" >&2
  apt-get update -qq && apt-get install -y -qq nodejs >/dev/null
fi
node .ci/capi/wasm_test.mjs "$wasm" "$bundle" "$vectors" "$native_ms"

echo "-- the static site (musashi site) in headless Chromium"
musashi="$target_dir/debug/musashi"
[ -x "$musashi" ] || cargo build --locked --bin musashi
site="$target_dir/static-site"
"$musashi" site --bundle "$bundle" --wasm "$wasm" --out "$site" --force
if [ ! -x /usr/bin/chromium ]; then
  apt-get update -qq >/dev/null
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends chromium >/dev/null
fi
venv="$target_dir/browser-venv"
[ -x "$venv/bin/python" ] || python3 -m venv "$venv"
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check -r .ci/browser/requirements.txt
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
python3 -m http.server "$port" --bind 127.0.0.1 --directory "$site" >/dev/null 2>&1 &
files_server=$!
trap 'kill "$files_server" 2>/dev/null || true' EXIT
for _ in $(seq 1 50); do
  python3 -c "import urllib.request; urllib.request.urlopen('http://127.0.0.1:$port/')" 2>/dev/null && break
  sleep 0.2
done
"$venv/bin/python" .ci/capi/test_static.py "http://127.0.0.1:$port/" "$native_ms" "$target_dir/browser-shots"
