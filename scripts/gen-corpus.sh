#!/usr/bin/env bash
# Generates the conformance corpus of valid LLVM 19 modules used by the `ir`
# test harness (tests/run.rs), from local generators only (nothing fetched):
#
#   csmith-NNNN-{O0,O2,O3,O0g}.ll  N csmith programs (seeds 1..N) compiled by
#                                  clang-19 at -O0, -O2, -O3 and -O0 -g
#   csmith-NNNN-O2g.ll             -O2 -g for the first few seeds
#   stress-NNNN.ll                 llvm-stress-19 -size 200, seeds 1..40
#   stress-sv-NNNN.ll              the same with --enable-scalable-vectors, seeds 1..10
#
# Usage: scripts/gen-corpus.sh [OUTDIR] [N]   (defaults: target/corpus, 60)
#
# Deterministic (fixed seeds) and idempotent: existing files are kept, so a
# second run is nearly free. Every module is checked with llvm-as-19 and
# dropped (with a warning) if rejected. Env: JOBS (default 2).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
OUT="${1:-$ROOT/target/corpus}"
N="${2:-60}"
JOBS="${JOBS:-2}"
STRESS_N=40
STRESS_SV_N=10
O2G_N=10
# Bump when the recipe changes, to regenerate instead of mixing recipes.
RECIPE="v3 csmith:--max-funcs 6 --no-packed-struct --max-block-depth 3 stress:-size 200"

for t in csmith clang-19 llvm-stress-19 llvm-as-19 timeout xargs; do
  command -v "$t" >/dev/null || { echo "gen-corpus: $t not found (run scripts/setup-test-deps.sh)" >&2; exit 1; }
done
[ -f /usr/include/csmith/csmith.h ] || { echo "gen-corpus: csmith.h missing (libcsmith-dev)" >&2; exit 1; }

mkdir -p "$OUT/.src"
OUT="$(cd "$OUT" && pwd)"
if [ "$(cat "$OUT/.recipe" 2>/dev/null || true)" != "$RECIPE" ]; then
  # Made by another recipe (or by nobody): start over, touching only our files.
  find "$OUT" -maxdepth 1 \( -name 'csmith-*.ll' -o -name 'stress-*.ll' \) -delete
  rm -f "$OUT"/.src/csmith-*.c
  printf '%s\n' "$RECIPE" >"$OUT/.recipe"
fi

start=$SECONDS

# One csmith seed: the C program and its clang-19 compilations.
gen_csmith() {
  local seed="$1" out="$2" o2g="$3"
  local id; id=$(printf '%04d' "$seed")
  local src="$out/.src/csmith-$id.c"
  local variants=("O0:-O0" "O2:-O2" "O3:-O3" "O0g:-O0 -g")
  [ "$seed" -le "$o2g" ] && variants+=("O2g:-O2 -g")
  local need=0 v
  for v in "${variants[@]}"; do [ -f "$out/csmith-$id-${v%%:*}.ll" ] || need=1; done
  [ "$need" = 1 ] || return 0
  if [ ! -f "$src" ]; then
    # Run from .src with a relative -o: csmith writes its options into the file.
    if ! (cd "$out/.src" && timeout 60 csmith --seed "$seed" --max-funcs 6 --no-packed-struct \
          --max-block-depth 3 -o "csmith-$id.c.tmp" >/dev/null); then
      rm -f "$src.tmp"
      echo "gen-corpus: warning: csmith seed $seed failed; skipped" >&2
      return 0
    fi
    mv "$src.tmp" "$src"
  fi
  for v in "${variants[@]}"; do
    local name="${v%%:*}" flags="${v#*:}"
    local dst="$out/csmith-$id-$name.ll"
    [ -f "$dst" ] && continue
    # Compile from the source directory so source_filename is machine-independent.
    # shellcheck disable=SC2086
    if (cd "$out/.src" && timeout 60 clang-19 -S -emit-llvm -w -I/usr/include/csmith -fdebug-compilation-dir=. $flags \
          "csmith-$id.c" -o "$dst.tmp") 2>/dev/null \
        && llvm-as-19 "$dst.tmp" -o /dev/null 2>/dev/null; then
      mv "$dst.tmp" "$dst"
    else
      rm -f "$dst.tmp"
      echo "gen-corpus: warning: csmith seed $seed at $flags failed or timed out; skipped" >&2
    fi
  done
  return 0
}

# One llvm-stress module. Its text is valid as printed (no llvm-as|llvm-dis
# normalization is needed); it is still checked with llvm-as-19.
gen_stress() {
  local kind="$1" seed="$2" out="$3"
  local id; id=$(printf '%04d' "$seed")
  local dst extra=()
  if [ "$kind" = sv ]; then dst="$out/stress-sv-$id.ll"; extra=(--enable-scalable-vectors)
  else dst="$out/stress-$id.ll"; fi
  [ -f "$dst" ] && return 0
  if timeout 60 llvm-stress-19 "${extra[@]}" -seed "$seed" -size 200 -o "$dst.tmp" \
      && llvm-as-19 "$dst.tmp" -o /dev/null 2>/dev/null; then
    mv "$dst.tmp" "$dst"
  else
    rm -f "$dst.tmp"
    echo "gen-corpus: warning: llvm-stress seed $seed ($kind) rejected by llvm-as-19; skipped" >&2
  fi
  return 0
}
export -f gen_csmith gen_stress

{
  for s in $(seq 1 "$N"); do printf 'gen_csmith %s %q %s\n' "$s" "$OUT" "$O2G_N"; done
  for s in $(seq 1 "$STRESS_N"); do printf 'gen_stress plain %s %q\n' "$s" "$OUT"; done
  for s in $(seq 1 "$STRESS_SV_N"); do printf 'gen_stress sv %s %q\n' "$s" "$OUT"; done
} | xargs -d '\n' -P "$JOBS" -I{} bash -c '{}'

count=$(find "$OUT" -maxdepth 1 \( -name 'csmith-*.ll' -o -name 'stress-*.ll' \) | wc -l)
expected=$(( 4 * N + (N < O2G_N ? N : O2G_N) + STRESS_N + STRESS_SV_N ))
echo "gen-corpus: $count modules in ${OUT#"$ROOT"/} (expected $expected) in $((SECONDS - start))s"
if [ "$count" -lt $(( expected * 9 / 10 )) ]; then
  echo "gen-corpus: too many modules failed to generate" >&2
  exit 1
fi
