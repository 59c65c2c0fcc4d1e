#!/usr/bin/env bash
# Generates the run corpus of the `ir` test harness (tests/run.rs, trials
# `run/...`): csmith programs whose native behaviour is the oracle for
# `irplay run`.
#
#   csmith-NNNN.expected   what the native program did: first line `exit N`,
#                          then its stdout, byte for byte
#   csmith-NNNN-O0.ll      the program compiled by clang-19 -S -emit-llvm -O0
#   csmith-NNNN-O2.ll      ... and -O2
#
# Usage: scripts/gen-run-corpus.sh [OUTDIR] [N]   (defaults: target/run-corpus, 150)
#
# Seeds start at 1001 (gen-corpus.sh uses 1..N) and go up until N seeds are
# kept. A seed is dropped when csmith or clang fails, when its native run
# (`clang-19 -O2`, under `timeout 5`) times out or is killed by a signal, or
# when the native -O0 build disagrees with the -O2 one (the program is then
# not deterministic C, e.g. it has undefined behaviour csmith did not avoid).
# Kept seeds are the first N that pass, so the corpus is deterministic; every
# result (kept or dropped, and why) is cached in OUTDIR/.src, so a second run
# is nearly free. Env: JOBS (default 2).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
OUT="${1:-$ROOT/target/run-corpus}"
N="${2:-150}"
JOBS="${JOBS:-2}"
FIRST_SEED=1001
# Gives up when this many seeds in a row could not reach N (something is broken).
MAX_SEEDS=$(( N * 3 + 100 ))
CSMITH_FLAGS="--max-funcs 5 --max-block-depth 3 --no-packed-struct"
CFLAGS="-w -I/usr/include/csmith"
NATIVE_TIMEOUT=5
# Bump when the recipe changes, to regenerate instead of mixing recipes.
RECIPE="run-v1 seeds:$FIRST_SEED.. csmith:$CSMITH_FLAGS clang-19:$CFLAGS native:-O2,-O0 timeout:$NATIVE_TIMEOUT"

for t in csmith clang-19 llvm-as-19 timeout xargs cmp; do
  command -v "$t" >/dev/null || { echo "gen-run-corpus: $t not found (run scripts/setup-test-deps.sh)" >&2; exit 1; }
done
[ -f /usr/include/csmith/csmith.h ] || { echo "gen-run-corpus: csmith.h missing (libcsmith-dev)" >&2; exit 1; }

mkdir -p "$OUT/.src"
OUT="$(cd "$OUT" && pwd)"
SRC="$OUT/.src"
if [ "$(cat "$OUT/.recipe" 2>/dev/null || true)" != "$RECIPE" ]; then
  # Made by another recipe (or by nobody): start over, touching only our files.
  find "$OUT" -maxdepth 1 \( -name 'csmith-*.ll' -o -name 'csmith-*.expected' \) -delete
  find "$SRC" -maxdepth 1 -name 'csmith-*' -delete
  printf '%s\n' "$RECIPE" >"$OUT/.recipe"
fi

start=$SECONDS

# One seed, into the cache: either .src/csmith-NNNN.{expected,-O0.ll,-O2.ll}
# (kept) or .src/csmith-NNNN.dropped (one line: why).
gen_seed() {
  local seed="$1" src="$2" csmith_flags="$3" cflags="$4" tmo="$5"
  local id; id=$(printf '%04d' "$seed")
  local base="$src/csmith-$id"
  [ -f "$base.dropped" ] && return 0
  [ -f "$base.expected" ] && [ -f "$base-O0.ll" ] && [ -f "$base-O2.ll" ] && return 0
  drop() { echo "$1" >"$base.dropped"; rm -f "$base".tmp* "$base".bin* "$base".out*; }
  cd "$src"
  if [ ! -f "$base.c" ]; then
    # Run from .src with a relative -o: csmith writes its options into the file.
    # shellcheck disable=SC2086
    if ! timeout 60 csmith --seed "$seed" $csmith_flags -o "csmith-$id.c.tmp" >/dev/null 2>&1; then
      drop "csmith failed"; return 0
    fi
    mv "csmith-$id.c.tmp" "$base.c"
  fi
  # The oracle: the native -O2 build (and -O0 must agree with it).
  local opt status
  for opt in O2 O0; do
    # shellcheck disable=SC2086
    if ! timeout 120 clang-19 -$opt $cflags "csmith-$id.c" -o "$base.bin-$opt" >/dev/null 2>&1; then
      drop "native clang-19 -$opt build failed"; return 0
    fi
    status=0
    # (The braces keep bash's "Segmentation fault" notice off the terminal.)
    { timeout "$tmo" "$base.bin-$opt" </dev/null >"$base.out-$opt"; } 2>/dev/null || status=$?
    if [ "$status" = 124 ]; then drop "native -$opt run timed out (${tmo}s)"; return 0; fi
    if [ "$status" -gt 128 ]; then drop "native -$opt run killed by signal $((status - 128))"; return 0; fi
    printf 'exit %s\n' "$status" >"$base.tmp-$opt"
    cat "$base.out-$opt" >>"$base.tmp-$opt"
  done
  if ! cmp -s "$base.tmp-O2" "$base.tmp-O0"; then
    drop "native -O0 and -O2 builds disagree"; return 0
  fi
  # The modules under test. Compiled from .src so source_filename is relative.
  for opt in O0 O2; do
    # shellcheck disable=SC2086
    if ! timeout 120 clang-19 -S -emit-llvm -$opt $cflags "csmith-$id.c" -o "$base.tmp.ll" >/dev/null 2>&1 \
        || ! llvm-as-19 "$base.tmp.ll" -o /dev/null 2>/dev/null; then
      drop "clang-19 -S -emit-llvm -$opt failed or llvm-as-19 rejects it"; return 0
    fi
    mv "$base.tmp.ll" "$base-$opt.ll"
  done
  mv "$base.tmp-O2" "$base.expected"
  rm -f "$base".tmp* "$base".bin* "$base".out*
  return 0
}
export -f gen_seed

# Seeds are processed in rounds, each just large enough (plus a margin for
# drops) to reach N kept seeds, so a cached corpus does no work at all.
next=$FIRST_SEED
last=$(( FIRST_SEED + MAX_SEEDS - 1 ))
while :; do
  kept=0
  for (( s = FIRST_SEED; s < next; s++ )); do
    [ -f "$SRC/csmith-$(printf '%04d' "$s").expected" ] && kept=$((kept + 1))
  done
  [ "$kept" -ge "$N" ] && break
  if [ "$next" -gt "$last" ]; then
    echo "gen-run-corpus: only $kept of $N seeds kept after trying $MAX_SEEDS; giving up" >&2
    exit 1
  fi
  want=$(( N - kept ))
  batch=$(( want + want / 5 + 2 ))
  end=$(( next + batch - 1 ))
  [ "$end" -gt "$last" ] && end=$last
  for (( s = next; s <= end; s++ )); do
    printf 'gen_seed %s %q %q %q %s\n' "$s" "$SRC" "$CSMITH_FLAGS" "$CFLAGS" "$NATIVE_TIMEOUT"
  done | xargs -d '\n' -P "$JOBS" -I{} bash -c '{}'
  next=$(( end + 1 ))
done

# Publish the first N kept seeds; remove anything else from OUT.
declare -A want_files=()
kept=0 dropped=0
for (( s = FIRST_SEED; s < next && kept < N; s++ )); do
  id=$(printf '%04d' "$s")
  if [ -f "$SRC/csmith-$id.expected" ]; then
    kept=$((kept + 1))
    for f in "csmith-$id.expected" "csmith-$id-O0.ll" "csmith-$id-O2.ll"; do
      want_files[$f]=1
      cmp -s "$SRC/$f" "$OUT/$f" 2>/dev/null || cp "$SRC/$f" "$OUT/$f"
    done
  else
    dropped=$((dropped + 1))
  fi
done
last_seed=$((s - 1))
for f in "$OUT"/csmith-*.ll "$OUT"/csmith-*.expected; do
  [ -e "$f" ] || continue
  [ -n "${want_files[$(basename "$f")]:-}" ] || rm -f "$f"
done

modules=$(find "$OUT" -maxdepth 1 -name 'csmith-*.ll' | wc -l)
echo "gen-run-corpus: seeds $FIRST_SEED..$last_seed: $kept kept, $dropped dropped; $modules modules in ${OUT#"$ROOT"/} in $((SECONDS - start))s"
if [ "$dropped" -gt 0 ]; then
  for (( s = FIRST_SEED; s <= last_seed; s++ )); do
    f="$SRC/csmith-$(printf '%04d' "$s").dropped"
    if [ -f "$f" ]; then cat "$f"; fi
  done | sort | uniq -c | sed 's/^ */  dropped: /'
fi
if [ "$kept" -lt "$N" ] || [ "$modules" -ne $(( 2 * N )) ]; then
  echo "gen-run-corpus: expected $N seeds and $(( 2 * N )) modules" >&2
  exit 1
fi
