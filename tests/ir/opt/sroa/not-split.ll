; RUN: irplay opt -p sroa %s
; Allocas that must stay: the address escapes to a call, a volatile store (the LangRef makes
; volatile accesses observable, so they cannot be removed), a variable GEP index, and ranges
; that overlap without being equal (an i64 store read back through an i32 at offset 4).
; Also: a field read before any store reads `undef` (LangRef: an alloca's memory starts
; uninitialized), as opt-19's sroa gives.
; Oracle: opt-19 -passes=sroa keeps the escaping, volatile and variable-index allocas too (it
; splits the volatile one around the volatile access, we keep it whole); it turns the
; overlapping one into shifts (`lshr i64 %x, 32`), where ours keeps the alloca, a weaker result.
; The three programs print the same.

@fmt = private constant [16 x i8] c"%d %d %d %d %d\0A\00"
declare i32 @printf(ptr, ...)


define i32 @escapes() {
  %a = alloca [2 x i32], align 4
  store i32 1, ptr %a, align 4
  call void @touch(ptr %a)
  %v = load i32, ptr %a, align 4
  ret i32 %v
}

define i32 @vol() {
  %a = alloca { i32, i32 }, align 4
  %f = getelementptr inbounds { i32, i32 }, ptr %a, i32 0, i32 1
  store volatile i32 3, ptr %a, align 4
  store i32 4, ptr %f, align 4
  %v = load i32, ptr %f, align 4
  ret i32 %v
}

define i32 @varidx(i64 %i) {
  %a = alloca [2 x i32], align 4
  %p1 = getelementptr inbounds [2 x i32], ptr %a, i64 0, i64 1
  store i32 10, ptr %a, align 4
  store i32 20, ptr %p1, align 4
  %p = getelementptr inbounds [2 x i32], ptr %a, i64 0, i64 %i
  %v = load i32, ptr %p, align 4
  ret i32 %v
}

define i32 @overlap(i64 %x) {
  %a = alloca i64, align 8
  store i64 %x, ptr %a, align 8
  %hi = getelementptr inbounds i8, ptr %a, i64 4
  %v = load i32, ptr %hi, align 4
  ret i32 %v
}

define i32 @uninit(i32 %x) {
  %a = alloca { i32, i32 }, align 4
  %f = getelementptr inbounds { i32, i32 }, ptr %a, i32 0, i32 1
  store i32 %x, ptr %a, align 4
  %v = load i32, ptr %f, align 4
  %w = load i32, ptr %a, align 4
  %u = and i32 %v, 0
  %r = add i32 %u, %w
  ret i32 %r
}

define void @touch(ptr %p) {
  store i32 9, ptr %p, align 4
  ret void
}

define i32 @main() {
  %a = call i32 @escapes()
  %b = call i32 @vol()
  %c = call i32 @varidx(i64 1)
  %d = call i32 @overlap(i64 47244640256)
  %e = call i32 @uninit(i32 6)
  %p = call i32 (ptr, ...) @printf(ptr @fmt, i32 %a, i32 %b, i32 %c, i32 %d, i32 %e)
  ret i32 0
}
