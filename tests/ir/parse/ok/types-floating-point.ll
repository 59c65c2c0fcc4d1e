; RUN: irplay check %s
; LangRef: Floating-Point Types (half, bfloat, float, double, fp128,
; x86_fp80, ppc_fp128) and the X86_amx Type.

@h = global half 0xH3C00
@bf = global bfloat 0xR3F80
@f = global float 1.0
@d = global double 2.5
@q = global fp128 0xL00000000000000003FFF000000000000
@x = global x86_fp80 0xK3FFF8000000000000000
@pq = global ppc_fp128 0xM3FF00000000000000000000000000000

define half @half.ops(half %a, bfloat %b) {
  %e = fpext bfloat %b to float
  %t = fptrunc float %e to half
  %s = fadd half %a, %t
  ret half %s
}

define x86_fp80 @ext.ops(fp128 %a, ppc_fp128 %b, double %c) {
  %x = fpext double %c to x86_fp80
  %y = fptrunc fp128 %a to double
  %z = fptrunc ppc_fp128 %b to double
  %w = fadd double %y, %z
  %r = fpext double %w to x86_fp80
  %m = fmul x86_fp80 %x, %r
  ret x86_fp80 %m
}

define void @amx(ptr %buf, i64 %stride) {
  %t = call x86_amx @llvm.x86.tileloadd64.internal(i16 8, i16 8, ptr %buf, i64 %stride)
  call void @llvm.x86.tilestored64.internal(i16 8, i16 8, ptr %buf, i64 %stride, x86_amx %t)
  ret void
}

declare x86_amx @llvm.x86.tileloadd64.internal(i16, i16, ptr, i64)
declare void @llvm.x86.tilestored64.internal(i16, i16, ptr, i64, x86_amx)
