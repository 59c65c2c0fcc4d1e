#!/usr/bin/env bash
# `irplay run --engine native` on an AArch64 Linux host: the in-process loader (AArch64
# relocations, stubs, instruction cache sync, fault reports), checked under qemu-aarch64.
#
#   1. cross-builds irplay for aarch64-unknown-linux-gnu without the wasm engine (Debian's
#      rustc with -Zbuild-std; cached in target/aarch64-host, or $IRPLAY_AARCH64_TARGET_DIR)
#   2. runs a set of tests/ir programs with that irplay under `qemu-aarch64 -L
#      /usr/aarch64-linux-gnu`, in process, and compares:
#      - programs that end normally: stdout with the interpreter's golden (NAME.ll.stdout)
#        and the status with its `; EXIT:` line (arguments from the `; RUN:` line)
#      - faults: stdout, stderr and status exactly as the x86-64 host's in-process run
#        (whose reports tests/native.rs checks against the interpreter's); a stack overflow
#        only by its status and first line, since where it faults depends on the CPU
#
# Needs qemu-user, gcc-aarch64-linux-gnu, /usr/bin/rustc with the standard library's
# source (rust-src); a missing tool fails the run. Prints `test result: ok. N passed;
# 0 failed` (or FAILED) and exits non-zero on any mismatch.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
TARGET_ROOT="${CARGO_TARGET_DIR:-$ROOT/target}"
HOST_BIN="$TARGET_ROOT/release/irplay"
A64_DIR="${IRPLAY_AARCH64_TARGET_DIR:-$ROOT/target/aarch64-host}"
A64_BIN="$A64_DIR/aarch64-unknown-linux-gnu/release/irplay"
QEMU=(qemu-aarch64 -L /usr/aarch64-linux-gnu)

fail() {
  echo "test result: FAILED. 0 passed; 1 failed; 0 ignored (aarch64 host: $1)"
  exit 1
}
for tool in qemu-aarch64 aarch64-linux-gnu-gcc /usr/bin/rustc; do
  command -v "$tool" >/dev/null || fail "$tool is not installed (apt-get install qemu-user gcc-aarch64-linux-gnu rustc rust-src)"
done

t0=$SECONDS
if ! RUSTC=/usr/bin/rustc RUSTC_BOOTSTRAP=1 CARGO_TARGET_DIR="$A64_DIR" \
  CARGO_TARGET_AARCH64_UNKNOWN_LINUX_GNU_LINKER=aarch64-linux-gnu-gcc \
  /usr/bin/cargo build --quiet --release -Zbuild-std --target aarch64-unknown-linux-gnu \
  -p irplay --bin irplay --no-default-features; then
  fail "the cross build of irplay failed"
fi
if [ ! -x "$HOST_BIN" ]; then
  cargo build --quiet --release -p irplay --bin irplay || fail "the host build of irplay failed"
fi
tb=$SECONDS

# NAME (under tests/) and how it is checked: `golden` or `fault` or `overflow`.
PROGRAMS=(
  "ir/native/arith.ll golden"
  "ir/native/compare-branch.ll golden"
  "ir/native/float-int-conv.ll golden"
  "ir/native/globals.ll golden"
  "ir/native/load-store-widths.ll golden"
  "ir/native/many-args.ll golden"
  "ir/native/phi-loops.ll golden"
  "ir/native/select.ll golden"
  "ir/native/switch-table.ll golden"
  "ir/native/varargs-printf.ll golden"
  "ir/interp/aggregates.ll golden"
  "ir/interp/exit-status.ll golden"
  "ir/interp/main-argv.ll golden"
  "ir/interp/main-envp.ll golden"
  "ir/interp/getenv.ll golden"
  "ir/interp/printf-formats.ll golden"
  "ir/interp/qsort-comparator.ll golden"
  "ir/interp/global-ctors.ll golden"
  "ir/interp/global-dtors-atexit.ll golden"
  "ir/interp/global-dtors-exit.ll golden"
  "ir/interp/switch.ll golden"
  "../examples/learn/01-hello.ll golden"
  "../examples/learn/09-calls-varargs.ll golden"
  "../examples/learn/10-memory.ll golden"
  "../examples/learn/15-recursion.ll golden"
  "ir/interp/sdiv-by-zero.ll fault"
  "ir/interp/udiv-by-zero.ll fault"
  "ir/interp/unreachable.ll fault"
  "ir/interp/null-load.ll fault"
  "aarch64-host/libc-fault.ll fault"
  "aarch64-host/stack-overflow.ll overflow"
)

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
passed=0
failed=0
cd "$ROOT/tests"
for entry in "${PROGRAMS[@]}"; do
  read -r file how <<<"$entry"
  args=(--)
  run_line="$(grep -m1 '^; RUN:' "$file" || true)"
  if [[ "$run_line" == *" -- "* ]]; then
    # Split at spaces, quotes kept (as the harnesses read `; RUN:` lines).
    read -r -a more <<<"${run_line#* -- }"
    args+=("${more[@]}")
  fi
  # The line's `--env NAME=VALUE` options (before ` -- `): the program's environment.
  envs=()
  read -r -a words <<<"${run_line%% -- *}"
  for ((i = 0; i + 1 < ${#words[@]}; i++)); do
    if [ "${words[$i]}" = --env ]; then envs+=(--env "${words[$((i + 1))]}"); fi
  done
  stdin=/dev/null
  [ -f "$file.stdin" ] && stdin="$file.stdin"
  set +e
  timeout 60 "${QEMU[@]}" "$A64_BIN" run --engine native "${envs[@]}" "$file" "${args[@]}" \
    <"$stdin" >"$tmp/out" 2>"$tmp/err"
  status=$?
  set -e
  ok=1
  case "$how" in
    golden)
      want_status="$(sed -n 's/^; EXIT: *\([0-9]*\).*/\1/p' "$file" | head -1)"
      want_status="${want_status:-0}"
      want_out="$file.stdout"
      [ -f "$want_out" ] || want_out=/dev/null
      cmp -s "$tmp/out" "$want_out" || ok=0
      [ "$status" = "$want_status" ] || ok=0
      ;;
    fault | overflow)
      set +e
      "$HOST_BIN" run --engine native "${envs[@]}" "$file" "${args[@]}" \
        <"$stdin" >"$tmp/hout" 2>"$tmp/herr"
      want_status=$?
      set -e
      [ "$status" = "$want_status" ] || ok=0
      cmp -s "$tmp/out" "$tmp/hout" || ok=0
      if [ "$how" = fault ]; then
        cmp -s "$tmp/err" "$tmp/herr" || ok=0
      else
        [ "$(head -1 "$tmp/err")" = "$(head -1 "$tmp/herr")" ] || ok=0
      fi
      ;;
  esac
  if [ "$ok" = 1 ]; then
    echo "test aarch64-host/$file ... ok"
    passed=$((passed + 1))
  else
    echo "test aarch64-host/$file ... FAILED (status $status, expected $want_status)"
    echo "--- stdout:"; head -20 "$tmp/out"
    echo "--- stderr:"; head -20 "$tmp/err"
    failed=$((failed + 1))
  fi
done
echo "aarch64 host: build $((tb - t0)) s, runs $((SECONDS - tb)) s"
if [ "$failed" = 0 ]; then
  echo "test result: ok. $passed passed; 0 failed; 0 ignored"
else
  echo "test result: FAILED. $passed passed; $failed failed; 0 ignored"
  exit 1
fi
