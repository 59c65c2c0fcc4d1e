; RUN: irplay opt -p mem2reg %s
; What mem2reg must leave alone: a volatile load (%vol) or store (%vols), an atomic access
; (%at), a load of another type than the alloca's (%wide: an i32 load of an i64 slot), a
; store of a narrower value (%narrow), an array allocation (%arr, count 2), and an alloca
; outside the entry block (%late). Each stays with all its loads and stores; %ok, next to
; them, is promoted.
; Oracle: opt-19 -passes=mem2reg promotes %ok, as we do, and also %at and %arr: LLVM
; promotes simple atomic loads and stores of an alloca whose address does not escape (no
; other thread can see it), and an array allocation accessed only at offset 0. We keep
; both on purpose, for now (missed optimizations, not differences in behaviour).

define i32 @f(i32 %x, i1 %c) {
entry:
  %vol = alloca i32, align 4
  %vols = alloca i32, align 4
  %at = alloca i32, align 4
  %wide = alloca i64, align 8
  %narrow = alloca i32, align 4
  %arr = alloca i32, i32 2, align 4
  %ok = alloca i32, align 4
  store i32 %x, ptr %vol, align 4
  %v1 = load volatile i32, ptr %vol, align 4
  store volatile i32 %x, ptr %vols, align 4
  store atomic i32 %x, ptr %at seq_cst, align 4
  %v2 = load atomic i32, ptr %at seq_cst, align 4
  store i64 7, ptr %wide, align 8
  %v3 = load i32, ptr %wide, align 4
  store i16 1, ptr %narrow, align 2
  store i32 %x, ptr %arr, align 4
  %v4 = load i32, ptr %arr, align 4
  store i32 %v4, ptr %ok, align 4
  br i1 %c, label %more, label %done

more:
  %late = alloca i32, align 4
  store i32 %x, ptr %late, align 4
  %v5 = load i32, ptr %late, align 4
  br label %done

done:
  %r = load i32, ptr %ok, align 4
  %s1 = add i32 %r, %v1
  %s2 = add i32 %s1, %v2
  %s3 = add i32 %s2, %v3
  ret i32 %s3
}
