#!/usr/bin/env bash
# Installs what the test suite needs on a Debian 12 (bookworm) machine:
# the LLVM 19 tools used as the oracle (llvm-as-19, llvm-dis-19, ...), clang-19
# and csmith for the generated corpus, lld-19, wabt and binaryen, and Chromium
# for the playground's end-to-end tests, compiler-rt's builtins for native
# builds of `bfloat` code (the cross-engine matrix), gcc as `cc` (links the native
# backend's objects) and llvm-objdump-19 (reads them back), and for the AArch64 back end
# the cross C compiler aarch64-linux-gnu-gcc (links its executables, with the AArch64 C
# library in /usr/aarch64-linux-gnu, and its C++ runtime for programs that use it) and
# qemu-user's qemu-aarch64 (runs them), clang and LLVM 15 and 16 (older producers of the
# bitcode corpus), and LLVM 14 (whose typed-pointer bitcode must be refused by name).
# Idempotent and quiet: does nothing when everything is already there.
# Runs apt-get as root (or through sudo when not root).
set -euo pipefail

PACKAGES=(gcc clang-19 llvm-19 libclang-rt-19-dev csmith libcsmith-dev wabt lld-19 binaryen chromium fonts-liberation curl
          qemu-user gcc-aarch64-linux-gnu libc6-dev-arm64-cross libstdc++-12-dev-arm64-cross
          clang-15 llvm-15 clang-16 llvm-16 llvm-14)
# One file per package, to tell whether it is installed without asking apt.
PROBES=(
  clang-19 llvm-as-19 llvm-dis-19 opt-19 llvm-link-19 llvm-stress-19 llvm-objdump-19 cc
  /usr/lib/llvm-19/lib/clang/19/lib/linux/libclang_rt.builtins-x86_64.a
  csmith /usr/include/csmith/csmith.h wat2wasm ld.lld-19 wasm-opt chromium curl
  qemu-aarch64 aarch64-linux-gnu-gcc /usr/aarch64-linux-gnu/lib/libc.so.6
  /usr/lib/gcc-cross/aarch64-linux-gnu/12/libstdc++.so
  clang-15 clang++-15 llvm-as-15 llvm-dis-15 clang-16 clang++-16 llvm-as-16 llvm-dis-16
  llvm-as-14
)

missing=()
for p in "${PROBES[@]}"; do
  if [[ "$p" == /* ]]; then [ -e "$p" ] || missing+=("$p")
  else command -v "$p" >/dev/null 2>&1 || missing+=("$p"); fi
done
if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi

echo "setup-test-deps: missing ${missing[*]}; installing ${PACKAGES[*]}" >&2
SUDO=()
if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null 2>&1 || { echo "setup-test-deps: need root (or sudo) to apt-get install" >&2; exit 1; }
  SUDO=(sudo)
fi
export DEBIAN_FRONTEND=noninteractive
"${SUDO[@]}" apt-get update -qq >/dev/null
"${SUDO[@]}" apt-get install -y -qq --no-install-recommends "${PACKAGES[@]}" >/dev/null

for p in "${PROBES[@]}"; do
  if [[ "$p" == /* ]]; then [ -e "$p" ] && continue
  else command -v "$p" >/dev/null 2>&1 && continue; fi
  echo "setup-test-deps: $p still missing after install" >&2
  exit 1
done
echo "setup-test-deps: installed" >&2
