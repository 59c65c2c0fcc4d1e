; FAIL: irplay check %s
; Intrinsics: a call must match the intrinsic's signature (llvm.ctpop.i32
; takes an i32).

declare i32 @llvm.ctpop.i32(i32)

define i32 @f(i64 %x) {
  %r = call i32 @llvm.ctpop.i32(i64 %x)   ; ERROR: intrinsic
  ret i32 %r
}
