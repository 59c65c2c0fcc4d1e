#!/usr/bin/env bash
# Runs the parse/verify benchmark: `cargo xtask bench parse "$@"`, after making
# sure GNU time (peak RSS of each child) and the LLVM 19 tools are installed.
#   scripts/bench.sh            >= 20 MB module, 5 runs per tool -> target/bench/parse.json
#   scripts/bench.sh --quick    ~3 MB module (smoke test)         -> target/bench/parse-quick.json
# Other options: --reps N, --no-llvm-as, --no-build, --regen (see `cargo xtask bench parse --help`).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

"$ROOT/scripts/setup-test-deps.sh"
if ! /usr/bin/time --version 2>&1 | grep -q GNU; then
  echo "bench: installing GNU time (Debian package \`time\`)" >&2
  SUDO=()
  if [ "$(id -u)" -ne 0 ]; then SUDO=(sudo); fi
  export DEBIAN_FRONTEND=noninteractive
  "${SUDO[@]}" apt-get install -y -qq time >/dev/null \
    || { "${SUDO[@]}" apt-get update -qq >/dev/null && "${SUDO[@]}" apt-get install -y -qq time >/dev/null; }
fi
exec cargo xtask bench parse "$@"
