; RUN: irplay opt -p dce %s
; Calls: an unused call is removed only when it can have no effect. Intrinsics LLVM declares
; `memory(none) nounwind willreturn` (`llvm.smax`, `llvm.ctpop`, `llvm.fabs`) go; a function
; whose attributes say `memory(none)` or `memory(read)` with `nounwind` and `willreturn` goes.
; Without `willreturn` the call might loop forever, without `nounwind` it might unwind, and
; a call that may write memory has a side effect: those stay. So does `llvm.assume` (it
; states a fact the rest of the function may rely on).
; Oracle: opt-19 -passes=dce removes the same calls, but one: it also removes the unused
; call of @pure with a "deopt" bundle. We keep every call with operand bundles, on purpose
; (conservative: a bundle may carry semantics we do not model).

declare i32 @llvm.smax.i32(i32, i32)
declare i32 @llvm.ctpop.i32(i32)
declare double @llvm.fabs.f64(double)
declare void @llvm.assume(i1)
declare i32 @pure(i32) memory(none) nounwind willreturn
declare i32 @reads(ptr) memory(read) nounwind willreturn
declare i32 @may.loop(i32) memory(none) nounwind
declare i32 @may.unwind(i32) memory(none) willreturn
declare i32 @writes(ptr) nounwind willreturn
declare i32 @opaque(i32)

define void @f(i32 %x, double %d, ptr %p) {
  %m = call i32 @llvm.smax.i32(i32 %x, i32 0)
  %c = call i32 @llvm.ctpop.i32(i32 %m)
  %a = call double @llvm.fabs.f64(double %d)
  %cmp = icmp sgt i32 %x, 0
  call void @llvm.assume(i1 %cmp)
  %p1 = call i32 @pure(i32 %x)
  %r1 = call i32 @reads(ptr %p)
  %l1 = call i32 @may.loop(i32 %x)
  %u1 = call i32 @may.unwind(i32 %x)
  %w1 = call i32 @writes(ptr %p)
  %o1 = call i32 @opaque(i32 %x)
  %b1 = call i32 @pure(i32 %x) [ "deopt"(i32 %x) ]
  %site = call i32 @opaque(i32 %x) #0
  ret void
}

attributes #0 = { memory(none) nounwind willreturn }
