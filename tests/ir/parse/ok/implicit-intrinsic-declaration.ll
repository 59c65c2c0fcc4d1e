; RUN: irplay check %s
; LLVM 19 declares an intrinsic that a call names without a declaration, with
; the call's type (llvm-as-19 accepts this module and llvm-dis-19 prints the
; declarations after @f, where the first call made them).
define i32 @f(i32 %a, i32 %b, <4 x float> %v) {
  %m = call i32 @llvm.umin.i32(i32 %a, i32 %b)
  %s = call i32 @llvm.umin.i32(i32 %m, i32 7)
  %r = call <4 x float> @llvm.fabs.v4f32(<4 x float> %v)
  %o = call { i32, i1 } @llvm.sadd.with.overflow.i32(i32 %s, i32 %b)
  %x = extractvalue { i32, i1 } %o, 0
  ret i32 %x
}

define i32 @g() {
  %p = call i32 @llvm.umin.i32(i32 1, i32 2)
  ret i32 %p
}
