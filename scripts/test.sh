#!/usr/bin/env bash
# The one command that installs what the tests need and runs them all:
#   0. cargo fmt --check, cargo clippy -D warnings (cheap; a failure stops here)
#   1. scripts/setup-test-deps.sh   (LLVM 19 tools, csmith, ...; no-op if present)
#   2. scripts/gen-corpus.sh        (conformance corpus in target/corpus; cached)
#      scripts/gen-run-corpus.sh    (run corpus in target/run-corpus: csmith
#                                    programs and their native output; cached)
#      scripts/gen-bitcode-corpus.sh (bitcode corpus in target/bitcode-corpus:
#                                    .bc files by clang/LLVM 19, 16 and 15; cached)
#   3. cargo test --workspace       (release profile by default: the corpus
#      trials are parse-heavy, and optimized code more than pays for its
#      longer build; IRPLAY_TEST_PROFILE=debug to use the dev profile).
#      The engines' harnesses (tests/wasm.rs, tests/native.rs, tests/matrix.rs)
#      run the irplay binary this step builds, over the run corpus of step 2;
#      the native one (in process, executables linked by cc, llvm-objdump-19)
#      takes about 15 seconds, the AArch64 one (tests/native_aarch64.rs:
#      executables linked by aarch64-linux-gnu-gcc, run under qemu-aarch64)
#      about 40, and the matrix's aarch64 column about 60.
#   4. cargo xtask web              (the playground bundle, wasm32; installs its
#                                    toolchain through scripts/setup-web-deps.sh)
#      e2e/playground.mjs           (the real page in headless Chromium, served by
#                                    `irplay serve`; screenshots and figures go to
#                                    target/e2e/)
#   5. scripts/test-aarch64-host.sh (in-process native runs on an AArch64
#      host: a cross build of irplay, by the Debian rustc step 4 installs,
#      programs run under qemu-aarch64; the build is cached in target/)
# Extra arguments go to the test binaries, e.g. `scripts/test.sh parse/ok`
# (IRPLAY_NO_E2E=1 skips step 4 for quick local runs).
# Exits non-zero when anything fails.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

t0=$SECONDS
# Hygiene first: formatting and lints take a minute or two; the suites take many.
if ! cargo fmt --all --check >/dev/null 2>&1; then
  cargo fmt --all --check 2>&1 | head -40
  echo "test result: FAILED. 0 passed; 1 failed; 0 ignored (cargo fmt --all --check: run cargo fmt --all)"
  exit 1
fi
if ! cargo clippy --workspace --all-targets --quiet -- -D warnings; then
  echo "test result: FAILED. 0 passed; 1 failed; 0 ignored (cargo clippy --workspace --all-targets -D warnings)"
  exit 1
fi
th=$SECONDS
"$ROOT/scripts/setup-test-deps.sh"
"$ROOT/scripts/gen-corpus.sh" "$ROOT/target/corpus"
"$ROOT/scripts/gen-run-corpus.sh" "$ROOT/target/run-corpus"
"$ROOT/scripts/gen-bitcode-corpus.sh" "$ROOT/target/bitcode-corpus"
t1=$SECONDS

profile=(--release)
if [ "${IRPLAY_TEST_PROFILE:-release}" = debug ]; then profile=(); fi

log="$ROOT/target/test-output.log"
mkdir -p "$ROOT/target"
set +e
cargo test --workspace "${profile[@]}" --no-fail-fast -- "$@" 2>&1 | tee "$log"
status=${PIPESTATUS[0]}
set -e
t2=$SECONDS


if [ "${IRPLAY_NO_E2E:-}" != 1 ]; then
  set +e
  e2e_status=0
  cargo xtask web 2>&1 | tee -a "$log" || e2e_status=1
  if [ "$e2e_status" = 0 ]; then
    (cd "$ROOT/e2e" && { [ -d node_modules/playwright-core ] || npm ci --no-audit --no-fund --loglevel=error; }) || e2e_status=1
    # The binary the test run built (building it again alone would resolve features
    # differently and recompile much of the dependency tree).
    bin="$ROOT/target/release/irplay"
    if [ "${IRPLAY_TEST_PROFILE:-release}" = debug ]; then bin="$ROOT/target/debug/irplay"; fi
    port="${IRPLAY_E2E_PORT:-18080}"
    "$bin" serve --port "$port" --dir "$ROOT/www/dist" > "$ROOT/target/e2e-server.log" 2>&1 &
    server=$!
    for _ in $(seq 50); do
      curl -sf -o /dev/null "http://127.0.0.1:$port/" && break
      sleep 0.1
    done
    node "$ROOT/e2e/playground.mjs" "http://127.0.0.1:$port/" 2>&1 | tee -a "$log"
    [ "${PIPESTATUS[0]}" = 0 ] || e2e_status=1
    kill "$server" 2>/dev/null
    wait "$server" 2>/dev/null
  else
    echo "test result: FAILED. 0 passed; 1 failed; 0 ignored (the playground did not build)" | tee -a "$log"
  fi
  [ "$e2e_status" = 0 ] || status=1
  set -e
fi
t3=$SECONDS

# In-process native runs on an AArch64 host, under qemu (scripts/test-aarch64-host.sh: a
# cross build of irplay without the wasm engine by Debian's rustc with -Zbuild-std, which
# the playground's setup installs, cached; then about 30 programs).
set +e
"$ROOT/scripts/setup-web-deps.sh"
"$ROOT/scripts/test-aarch64-host.sh" 2>&1 | tee -a "$log"
[ "${PIPESTATUS[0]}" = 0 ] || status=1
set -e
ta=$SECONDS

# One closing line over all test binaries.
awk '/^test result: /{
       for (i = 1; i <= NF; i++) {
         if ($(i+1) ~ /^passed/) p += $i
         if ($(i+1) ~ /^failed/) f += $i
         if ($(i+1) ~ /^ignored/) s += $i
       }
       n++
     }
     END { if (n) printf "\nsummary: %d passed, %d failed, %d skipped\n", p, f, s }' "$log"
echo "test.sh: fmt+clippy $((th - t0))s, setup+corpus $((t1 - th))s, build+tests $((t2 - t1))s, playground+e2e $((t3 - t2))s, aarch64 host $((ta - t3))s, exit $status"
exit "$status"
