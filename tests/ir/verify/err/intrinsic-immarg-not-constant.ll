; FAIL: irplay check %s
; Intrinsics: an immarg parameter needs a constant argument.

declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1 immarg)

define void @f(ptr %d, ptr %s, i1 %v) {
  call void @llvm.memcpy.p0.p0.i64(ptr %d, ptr %s, i64 8, i1 %v)   ; ERROR: immarg
  ret void
}
