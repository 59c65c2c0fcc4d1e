; Atomic instructions read and modify memory as one indivisible step, so that
; threads sharing the memory never see half an update. atomicrmw applies an
; operation (add, xchg, max, ...) and returns the OLD value. cmpxchg writes the
; new value only if memory still holds the expected one, and returns
; { old value, i1 success }. The ordering (seq_cst, acquire, ...) says what
; other memory accesses may be reordered around it. This program has one
; thread, so the results are easy to predict.
; In the playground, compare each old value with the counter after it.

@counter = global i32 10
@rmw = private constant [30 x i8] c"atomicrmw %s: old %d, now %d\0A\00"
@cas = private constant [50 x i8] c"cmpxchg expecting %d: old %d, success %d, now %d\0A\00"
@s.add = private constant [4 x i8] c"add\00"
@s.xchg = private constant [5 x i8] c"xchg\00"

declare i32 @printf(ptr noundef, ...)

define void @try_cas(i32 %expected, i32 %new) {
  %res = cmpxchg ptr @counter, i32 %expected, i32 %new seq_cst seq_cst
  %old = extractvalue { i32, i1 } %res, 0
  %ok = extractvalue { i32, i1 } %res, 1
  %ok32 = zext i1 %ok to i32
  %now = load atomic i32, ptr @counter seq_cst, align 4
  call i32 (ptr, ...) @printf(ptr @cas, i32 %expected, i32 %old, i32 %ok32, i32 %now)
  ret void
}

define i32 @main() {
  %old1 = atomicrmw add ptr @counter, i32 5 seq_cst
  %now1 = load atomic i32, ptr @counter seq_cst, align 4
  call i32 (ptr, ...) @printf(ptr @rmw, ptr @s.add, i32 %old1, i32 %now1)
  %old2 = atomicrmw xchg ptr @counter, i32 100 acq_rel
  %now2 = load atomic i32, ptr @counter acquire, align 4
  call i32 (ptr, ...) @printf(ptr @rmw, ptr @s.xchg, i32 %old2, i32 %now2)
  fence seq_cst
  call void @try_cas(i32 100, i32 7)   ; memory holds 100: succeeds
  call void @try_cas(i32 100, i32 9)   ; memory now holds 7: fails, no write
  ret i32 0
}

; RUN: irplay check %s
; RUN: irplay run %s
