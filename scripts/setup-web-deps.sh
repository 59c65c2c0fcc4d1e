#!/usr/bin/env bash
# Installs what building the browser playground (`cargo xtask web`) needs on a
# Debian 12 (bookworm) machine:
#   - a wasm32-unknown-unknown Rust toolchain: rustup's, when its sysroot already
#     has the wasm32-unknown-unknown target; otherwise Debian's rustc-web,
#     cargo-web and rust-web-src (rustc 1.96 + std sources for -Zbuild-std) and
#     lld-19 (wasm-ld-19, the linker);
#   - binaryen (wasm-opt; optional, the build skips it when absent);
#   - wasm-bindgen-cli at exactly the version of `wasm-bindgen` in Cargo.lock
#     (`cargo install`, without --locked: its lockfile names a webpki-roots
#     release the registry does not have);
#   - Node.js and npm, and `npm ci` in www/ when www/node_modules is missing or
#     older than www/package-lock.json.
# Idempotent and quiet: does nothing when everything is already there.
# Runs apt-get as root (or through sudo when not root).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
say() { echo "setup-web-deps: $*" >&2; }

# --- apt packages -----------------------------------------------------------
packages=()
# rustup's toolchain, if it can already build for wasm32; else Debian's.
sysroot="$(rustc --print sysroot 2>/dev/null || true)"
if [ -n "$sysroot" ] && [ -d "$sysroot/lib/rustlib/wasm32-unknown-unknown" ]; then
  :
else
  [ -x /usr/bin/rustc ] && [ -x /usr/bin/cargo ] && [ -x /usr/bin/rustdoc ] \
    && [ "$(dpkg-query -W -f='${db:Status-Status}' rustc-web 2>/dev/null || true)" = installed ] \
    || packages+=(rustc-web cargo-web)
  [ -e /usr/lib/rustlib/src/rust/library/std/Cargo.toml ] || packages+=(rust-web-src)
  command -v wasm-ld-19 >/dev/null 2>&1 || packages+=(lld-19)
fi
command -v wasm-opt >/dev/null 2>&1 || packages+=(binaryen)
command -v node >/dev/null 2>&1 || packages+=(nodejs)
command -v npm >/dev/null 2>&1 || packages+=(npm)

if [ ${#packages[@]} -gt 0 ]; then
  say "installing ${packages[*]}"
  SUDO=()
  if [ "$(id -u)" -ne 0 ]; then
    command -v sudo >/dev/null 2>&1 || { say "need root (or sudo) to apt-get install ${packages[*]}"; exit 1; }
    SUDO=(sudo)
  fi
  export DEBIAN_FRONTEND=noninteractive
  "${SUDO[@]}" apt-get update -qq >/dev/null
  # binaryen is optional: a failure to install it alone is only a warning.
  required=()
  for p in "${packages[@]}"; do [ "$p" = binaryen ] || required+=("$p"); done
  if [ ${#required[@]} -gt 0 ]; then
    "${SUDO[@]}" apt-get install -y -qq --no-install-recommends "${required[@]}" >/dev/null
  fi
  if [[ " ${packages[*]} " == *" binaryen "* ]]; then
    "${SUDO[@]}" apt-get install -y -qq --no-install-recommends binaryen >/dev/null \
      || say "warning: could not install binaryen; the build will skip wasm-opt"
  fi
fi

# --- wasm-bindgen-cli, the version Cargo.lock pins -------------------------------
want="$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/"/, "", $3); print $3; exit }' "$ROOT/Cargo.lock")"
if [ -z "$want" ]; then
  say "no wasm-bindgen in Cargo.lock; run \`cargo generate-lockfile\` (or any cargo build) first"
  exit 1
fi
wb_version() {
  local bin
  for bin in wasm-bindgen "${CARGO_HOME:-$HOME/.cargo}/bin/wasm-bindgen"; do
    if command -v "$bin" >/dev/null 2>&1; then
      "$bin" --version 2>/dev/null | awk '{ print $2; exit }'
      return
    fi
  done
}
have="$(wb_version || true)"
if [ "$have" != "$want" ]; then
  say "installing wasm-bindgen-cli $want (found: ${have:-none}); takes a few minutes"
  # Not --locked: see the comment at the top.
  cargo install --quiet wasm-bindgen-cli --version "$want"
  have="$(wb_version || true)"
  [ "$have" = "$want" ] || { say "wasm-bindgen $want still missing after install (found: ${have:-none})"; exit 1; }
fi

# --- the editor bundle's npm packages ---------------------------------------
# npm writes node_modules/.package-lock.json on every install; it is the stamp
# to compare (the directory's own time stamp predates package-lock.json).
lock="$ROOT/www/package-lock.json"
stamp="$ROOT/www/node_modules/.package-lock.json"
if [ -f "$lock" ] && { [ ! -f "$stamp" ] || [ "$lock" -nt "$stamp" ]; }; then
  say "npm ci in www/"
  (cd "$ROOT/www" && npm ci --no-audit --no-fund --loglevel=error >/dev/null)
fi
