#!/usr/bin/env bash
# Generates the bitcode corpus of the `bitcode` test harness (tests/bitcode.rs), from local
# tools only. Each case is NAME.bc with NAME.dis.ll, LLVM 19's text of it; cases made from LLVM
# 19 text also have NAME.src.ll (the text the writer is tested on) and NAME.asdis.ll
# (llvm-dis-19 of llvm-as-19 of that text):
#
#   clang19/csmith-NNNN-{O0,O2,O0g,O2g}   clang-19 -c -emit-llvm of csmith seeds 1..N
#   clang19/cxx-NAME-{O0,O2}              clang++-19 of tests/bitcode/NAME.cpp (exceptions)
#   ir/PATH                               llvm-as-19 of every tests/ir/**/*.ll it accepts
#   clang15/..., clang16/...              the same C and C++ sources (seeds 1..OLD_N) by
#                                         clang-15 and clang-16;
#   llvm15/PATH, llvm16/PATH              tests/ir files that llvm-as-15 and llvm-as-16 accept.
#                                         Their NAME.dis.ll is what LLVM 19 makes of them:
#                                         llvm-dis-15 (16), then llvm-as-19 and llvm-dis-19
#                                         (llvm-dis-19 of the file where LLVM 19 no longer
#                                         reads that text).
#
# The csmith C sources are the ones scripts/gen-corpus.sh keeps in target/corpus/.src (run it
# first; CSMITH_SRC=dir to take them from elsewhere).
#
# Usage: scripts/gen-bitcode-corpus.sh [OUTDIR] [N] [OLD_N]
#   (defaults: target/bitcode-corpus, 12, 5)
# Deterministic and cached: a case is made again only when missing, or (tests/ir) when its
# source changed. Env: JOBS (default 2).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
OUT="${1:-$ROOT/target/bitcode-corpus}"
N="${2:-12}"
OLD_N="${3:-5}"
JOBS="${JOBS:-2}"
SRC="${CSMITH_SRC:-$ROOT/target/corpus/.src}"
# Bump when the recipe changes, to regenerate instead of mixing recipes.
RECIPE="v2 c:O0,O2,O0g,O2g cxx:O0,O2"

for t in clang-19 clang++-19 llvm-as-19 llvm-dis-19 clang-15 clang++-15 llvm-as-15 llvm-dis-15 \
         clang-16 clang++-16 llvm-as-16 llvm-dis-16 timeout xargs cmp; do
  command -v "$t" >/dev/null || { echo "gen-bitcode-corpus: $t not found (run scripts/setup-test-deps.sh)" >&2; exit 1; }
done
[ -d "$SRC" ] || { echo "gen-bitcode-corpus: no csmith sources in $SRC (run scripts/gen-corpus.sh first)" >&2; exit 1; }

mkdir -p "$OUT"
OUT="$(cd "$OUT" && pwd)"
if [ "$(cat "$OUT/.recipe" 2>/dev/null || true)" != "$RECIPE" ]; then
  find "$OUT" -mindepth 1 -maxdepth 1 -type d -exec rm -rf {} +
  printf '%s\n' "$RECIPE" >"$OUT/.recipe"
fi
start=$SECONDS

# Nothing to do when the inputs are those of the last complete run (one pass over them, where
# the per-case checks below would start a few thousand processes).
stamp=$( { printf '%s %s %s\n' "$RECIPE" "$N" "$OLD_N"; ls "$SRC"
           (cd "$ROOT/tests" && find ir bitcode -name '*.ll' -o -name '*.cpp' | sort | xargs cat); } \
         | md5sum | cut -d' ' -f1)
if [ "$(cat "$OUT/.stamp" 2>/dev/null || true)" = "$stamp" ]; then
  echo "gen-bitcode-corpus: ${OUT#"$ROOT"/} is up to date"
  exit 0
fi
rm -f "$OUT/.stamp"

# LLVM 19's text of a bitcode file made by LLVM V: llvm-dis-V, then llvm-as-19 and llvm-dis-19
# (for V = 19, llvm-dis-19 alone).
dis19() {
  set -o pipefail
  local v="$1" bc="$2" dst="$3"
  # From standard input, so that no machine path gets into the text (a summary's module path).
  if [ "$v" = 19 ]; then
    llvm-dis-19 -o "$dst" <"$bc"
  else
    # Text that LLVM 19 no longer reads (constant expressions it dropped, `inrange` in its
    # old place): what LLVM 19 makes of the bitcode itself.
    llvm-dis-"$v" -o - <"$bc" | llvm-as-19 -o - | llvm-dis-19 -o "$dst" || llvm-dis-19 -o "$dst" <"$bc"
  fi
}

# One C or C++ compilation by clang-V: DIR/NAME.bc and its texts.
gen_c() {
  local v="$1" src="$2" dst="$3" flags="$4"
  [ -f "$dst.dis.ll" ] && return 0
  mkdir -p "$(dirname "$dst")"
  local cc="clang-$v"
  case "$src" in *.cpp) cc="clang++-$v" ;; esac
  # From the source's directory, so that source_filename is machine-independent.
  # shellcheck disable=SC2086
  if (cd "$(dirname "$src")" && timeout 120 "$cc" -c -emit-llvm -w -I/usr/include/csmith \
        -fdebug-compilation-dir=. $flags "$(basename "$src")" -o "$dst.tmp.bc") 2>/dev/null \
      && dis19 "$v" "$dst.tmp.bc" "$dst.tmp.ll" 2>/dev/null; then
    if [ "$v" = 19 ]; then
      cp "$dst.tmp.ll" "$dst.src.ll"
      (set -o pipefail; llvm-as-19 -o - <"$dst.src.ll" | llvm-dis-19 -o "$dst.asdis.ll")
    fi
    mv "$dst.tmp.bc" "$dst.bc"
    mv "$dst.tmp.ll" "$dst.dis.ll"
  else
    rm -f "$dst.tmp.bc" "$dst.tmp.ll"
    echo "gen-bitcode-corpus: warning: $cc $flags $src failed; skipped" >&2
  fi
  return 0
}

# One tests/ir file through llvm-as-V (skipped quietly when it does not accept it).
gen_ir() {
  local v="$1" src="$2" dst="$3"
  if { [ -f "$dst.dis.ll" ] || [ -f "$dst.rejected" ]; } && cmp -s "$src" "$dst.src.ll"; then
    return 0
  fi
  rm -f "$dst.bc" "$dst.dis.ll" "$dst.src.ll" "$dst.asdis.ll" "$dst.rejected"
  mkdir -p "$(dirname "$dst")"
  # From standard input, so that no machine path becomes the module's source_filename.
  if llvm-as-"$v" -o "$dst.tmp.bc" <"$src" 2>/dev/null && dis19 "$v" "$dst.tmp.bc" "$dst.tmp.ll" 2>/dev/null; then
    if [ "$v" = 19 ]; then
      cp "$dst.tmp.ll" "$dst.asdis.ll"
    fi
    mv "$dst.tmp.bc" "$dst.bc"
    mv "$dst.tmp.ll" "$dst.dis.ll"
  else
    rm -f "$dst.tmp.bc" "$dst.tmp.ll"
    # Remember the rejection, so that the file is not tried again until it changes.
    : >"$dst.rejected"
  fi
  cp "$src" "$dst.src.ll"
  return 0
}
export -f dis19 gen_c gen_ir

# Cases whose tests/ir source is gone.
for d in ir llvm15 llvm16; do
  [ -d "$OUT/$d" ] || continue
  find "$OUT/$d" -name '*.src.ll' | while read -r f; do
    rel="${f#"$OUT/$d/"}"
    [ -f "$ROOT/tests/ir/${rel%.src.ll}" ] || rm -f "${f%.src.ll}".*
  done
done

{
  for v in 19 16 15; do
    n=$N; [ "$v" = 19 ] || n=$OLD_N
    for s in $(seq 1 "$n"); do
      id=$(printf '%04d' "$s")
      [ -f "$SRC/csmith-$id.c" ] || continue
      for var in "O0:-O0" "O2:-O2" "O0g:-O0 -g" "O2g:-O2 -g"; do
        printf 'gen_c %s %q %q %q\n' "$v" "$SRC/csmith-$id.c" "$OUT/clang$v/csmith-$id-${var%%:*}" "${var#*:}"
      done
    done
    for cpp in "$ROOT"/tests/bitcode/*.cpp; do
      name=$(basename "$cpp" .cpp)
      for var in O0 O2; do
        printf 'gen_c %s %q %q %q\n' "$v" "$cpp" "$OUT/clang$v/cxx-$name-$var" "-$var"
      done
    done
  done
  (cd "$ROOT/tests/ir" && find . -name '*.ll' | sort) | while read -r f; do
    f="${f#./}"
    for v in 19 16 15; do
      d=ir; [ "$v" = 19 ] || d="llvm$v"
      printf 'gen_ir %s %q %q\n' "$v" "$ROOT/tests/ir/$f" "$OUT/$d/${f%.ll}"
    done
  done
} | xargs -d '\n' -P "$JOBS" -I{} bash -c '{}'

for d in clang19 clang16 clang15 ir llvm16 llvm15; do
  printf 'gen-bitcode-corpus: %-8s %4d cases\n' "$d" "$(find "$OUT/$d" -name '*.bc' 2>/dev/null | wc -l)"
done
printf '%s\n' "$stamp" >"$OUT/.stamp"
echo "gen-bitcode-corpus: ${OUT#"$ROOT"/} in $((SECONDS - start))s"
