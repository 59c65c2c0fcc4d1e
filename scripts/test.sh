#!/usr/bin/env bash
# The one command that installs what the tests need and runs them all:
#   1. scripts/setup-test-deps.sh   (LLVM 19 tools, csmith, ...; no-op if present)
#   2. scripts/gen-corpus.sh        (conformance corpus in target/corpus; cached)
#      scripts/gen-run-corpus.sh    (run corpus in target/run-corpus: csmith
#                                    programs and their native output; cached)
#   3. cargo test --workspace       (release profile by default: the corpus
#      trials are parse-heavy, and optimized code more than pays for its
#      longer build; IRPLAY_TEST_PROFILE=debug to use the dev profile)
# Extra arguments go to the test binaries, e.g. `scripts/test.sh parse/ok`.
# Exits non-zero when anything fails.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

t0=$SECONDS
"$ROOT/scripts/setup-test-deps.sh"
"$ROOT/scripts/gen-corpus.sh" "$ROOT/target/corpus"
"$ROOT/scripts/gen-run-corpus.sh" "$ROOT/target/run-corpus"
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
echo "test.sh: setup+corpus $((t1 - t0))s, build+tests $((t2 - t1))s, exit $status"
exit "$status"
