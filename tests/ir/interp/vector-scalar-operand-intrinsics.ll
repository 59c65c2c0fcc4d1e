; RUN: irplay run %s
; Vector intrinsics with a scalar operand apply it to every lane: "llvm.powi.v2f32.i32"
; raises each element to the one integer power ('llvm.powi.*' Intrinsic: "the second
; argument is an integer power"), and "llvm.is.fpclass" tests each element against the
; one immediate mask ('llvm.is.fpclass' Intrinsic: "The function checks if op belongs to
; any of the floating-point classes specified by test").
; Oracle: stdout compared with this file compiled by clang-19 and run natively.
declare <2 x float> @llvm.powi.v2f32.i32(<2 x float>, i32)
declare <4 x double> @llvm.powi.v4f64.i32(<4 x double>, i32)
declare <4 x i1> @llvm.is.fpclass.v4f32(<4 x float>, i32)
declare i32 @printf(ptr, ...)
@fmt = private constant [6 x i8] c"%llx\0A\00"
@f = global [4 x float] [float 1.5, float -2.0, float 0x7FF8000000000000, float 0x7FF0000000000000]
@e = global i32 3

define void @show(i64 %v) {
  %r = call i32 (ptr, ...) @printf(ptr @fmt, i64 %v)
  ret void
}

define i32 @main() {
  %v4 = load <4 x float>, ptr @f, align 4
  %v2 = shufflevector <4 x float> %v4, <4 x float> poison, <2 x i32> <i32 0, i32 1>
  %e = load i32, ptr @e
  ; 1.5^3 = 3.375 and (-2)^3 = -8.
  %p = call <2 x float> @llvm.powi.v2f32.i32(<2 x float> %v2, i32 %e)
  %p0 = extractelement <2 x float> %p, i64 0
  %p1 = extractelement <2 x float> %p, i64 1
  %b0 = bitcast float %p0 to i32
  %b1 = bitcast float %p1 to i32
  %z0 = zext i32 %b0 to i64
  %z1 = zext i32 %b1 to i64
  call void @show(i64 %z0)
  call void @show(i64 %z1)
  ; Power -1 of <1.5, 1.5, -2, -2>: lanes 1 and 3 are 0.6666666666666666 and -0.5.
  %d = fpext <2 x float> %v2 to <2 x double>
  %d4 = shufflevector <2 x double> %d, <2 x double> poison, <4 x i32> <i32 0, i32 0, i32 1, i32 1>
  %m1 = sub i32 2, %e
  %q = call <4 x double> @llvm.powi.v4f64.i32(<4 x double> %d4, i32 %m1)
  %q1 = extractelement <4 x double> %q, i64 1
  %q3 = extractelement <4 x double> %q, i64 3
  %c1 = bitcast double %q1 to i64
  %c3 = bitcast double %q3 to i64
  call void @show(i64 %c1)
  call void @show(i64 %c3)
  ; Quiet NaN (2), positive normal (256), positive infinity (512) masks on
  ; <1.5, -2.0, nan, inf>, lane 0 in bit 0: 4, 1, 8; then any NaN or +infinity (515): c.
  %n = call <4 x i1> @llvm.is.fpclass.v4f32(<4 x float> %v4, i32 2)
  %nb = bitcast <4 x i1> %n to i4
  %nz = zext i4 %nb to i64
  call void @show(i64 %nz)
  %o = call <4 x i1> @llvm.is.fpclass.v4f32(<4 x float> %v4, i32 256)
  %ob = bitcast <4 x i1> %o to i4
  %oz = zext i4 %ob to i64
  call void @show(i64 %oz)
  %i = call <4 x i1> @llvm.is.fpclass.v4f32(<4 x float> %v4, i32 512)
  %ib = bitcast <4 x i1> %i to i4
  %iz = zext i4 %ib to i64
  call void @show(i64 %iz)
  %ni = call <4 x i1> @llvm.is.fpclass.v4f32(<4 x float> %v4, i32 515)
  %nib = bitcast <4 x i1> %ni to i4
  %niz = zext i4 %nib to i64
  call void @show(i64 %niz)
  ret i32 0
}
