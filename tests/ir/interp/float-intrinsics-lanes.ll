; RUN: irplay run %s
; LangRef 'llvm.is.fpclass', 'llvm.powi', 'llvm.ldexp', 'llvm.lround',
; 'llvm.lrint', 'llvm.round', 'llvm.minimum'/'llvm.maximum' (NaN propagates,
; -0.0 < +0.0), 'llvm.minnum'/'llvm.maxnum' (a NaN operand gives the other),
; 'llvm.fptosi.sat', 'llvm.vector.reduce.fadd' (in order from the start value)
; and 'llvm.vector.reduce.fmax': on vectors, with a scalar operand (the
; is.fpclass test mask, the powi exponent) going to every lane, and on scalars
; at the edges (subnormals, infinities, ties). NaN results print as `nan`.
; Oracle: a native build (clang-19 FILE.ll -lm) prints the same stdout.

@.f = private constant [4 x i8] c"%a\0A\00"
@.i = private constant [6 x i8] c"%llx\0A\00"
@.nan = private constant [5 x i8] c"nan\0A\00"
@dv = global <4 x double> <double 2.5, double -0.0, double 0x7FF8000000000000, double 1.0e-310>
@fv = global <4 x float> <float -2.5, float 0.5, float 0x7FF0000000000000, float 3.0>

declare i32 @printf(ptr, ...)
declare <4 x i1> @llvm.is.fpclass.v4f64(<4 x double>, i32)
declare <4 x i1> @llvm.is.fpclass.v4f32(<4 x float>, i32)
declare <4 x double> @llvm.powi.v4f64.i32(<4 x double>, i32)
declare float @llvm.powi.f32.i32(float, i32)
declare double @llvm.ldexp.f64.i32(double, i32)
declare float @llvm.ldexp.f32.i32(float, i32)
declare i64 @llvm.lround.i64.f64(double)
declare i32 @llvm.lround.i32.f32(float)
declare i64 @llvm.llrint.i64.f64(double)
declare <4 x float> @llvm.round.v4f32(<4 x float>)
declare <4 x double> @llvm.minimum.v4f64(<4 x double>, <4 x double>)
declare <4 x double> @llvm.maximum.v4f64(<4 x double>, <4 x double>)
declare <4 x double> @llvm.minnum.v4f64(<4 x double>, <4 x double>)
declare <4 x double> @llvm.maxnum.v4f64(<4 x double>, <4 x double>)
declare <4 x i32> @llvm.fptosi.sat.v4i32.v4f32(<4 x float>)
declare <4 x i8> @llvm.fptoui.sat.v4i8.v4f32(<4 x float>)
declare float @llvm.vector.reduce.fadd.v4f32(float, <4 x float>)
declare double @llvm.vector.reduce.fmax.v4f64(<4 x double>)
declare <4 x float> @llvm.copysign.v4f32(<4 x float>, <4 x float>)

define void @pd(double %d) {
  %n = fcmp uno double %d, %d
  br i1 %n, label %nan, label %num
nan:
  call i32 (ptr, ...) @printf(ptr @.nan)
  ret void
num:
  call i32 (ptr, ...) @printf(ptr @.f, double %d)
  ret void
}

define void @pf(float %f) {
  %d = fpext float %f to double
  call void @pd(double %d)
  ret void
}

define void @pi(i64 %x) {
  call i32 (ptr, ...) @printf(ptr @.i, i64 %x)
  ret void
}

define void @pv(<4 x double> %v) {
  %a = extractelement <4 x double> %v, i32 0
  %b = extractelement <4 x double> %v, i32 1
  %c = extractelement <4 x double> %v, i32 2
  %d = extractelement <4 x double> %v, i32 3
  call void @pd(double %a)
  call void @pd(double %b)
  call void @pd(double %c)
  call void @pd(double %d)
  ret void
}

define void @pvf(<4 x float> %v) {
  %e = fpext <4 x float> %v to <4 x double>
  call void @pv(<4 x double> %e)
  ret void
}

define void @pm(<4 x i1> %m) {
  %b = bitcast <4 x i1> %m to i4
  %z = zext i4 %b to i64
  call void @pi(i64 %z)
  ret void
}

define i32 @main() {
  %d = load <4 x double>, ptr @dv
  %f = load <4 x float>, ptr @fv
  ; every class, one test bit at a time
  br label %cls
cls:
  %k = phi i32 [ 0, %0 ], [ %k1, %cls ]
  %bit = shl i32 1, %k
  %c1 = call <4 x i1> @llvm.is.fpclass.v4f64(<4 x double> %d, i32 3)
  call void @pm(<4 x i1> %c1)
  %k1 = add i32 %k, 1
  %kd = icmp eq i32 %k1, 1
  br i1 %kd, label %after, label %cls
after:
  %c2 = call <4 x i1> @llvm.is.fpclass.v4f64(<4 x double> %d, i32 144)
  call void @pm(<4 x i1> %c2)
  %c3 = call <4 x i1> @llvm.is.fpclass.v4f64(<4 x double> %d, i32 96)
  call void @pm(<4 x i1> %c3)
  %c4 = call <4 x i1> @llvm.is.fpclass.v4f32(<4 x float> %f, i32 516)
  call void @pm(<4 x i1> %c4)
  %c5 = call <4 x i1> @llvm.is.fpclass.v4f32(<4 x float> %f, i32 264)
  call void @pm(<4 x i1> %c5)
  %p1 = call <4 x double> @llvm.powi.v4f64.i32(<4 x double> %d, i32 -3)
  call void @pv(<4 x double> %p1)
  %p2 = call float @llvm.powi.f32.i32(float 0x3FF19999A0000000, i32 40)
  call void @pf(float %p2)
  %p3 = call float @llvm.powi.f32.i32(float 2.0, i32 -2147483648)
  call void @pf(float %p3)
  %l1 = call double @llvm.ldexp.f64.i32(double 2.5, i32 -1074)
  call void @pd(double %l1)
  %l2 = call double @llvm.ldexp.f64.i32(double 1.0e-310, i32 2000)
  call void @pd(double %l2)
  %l3 = call double @llvm.ldexp.f64.i32(double 3.0, i32 -2100)
  call void @pd(double %l3)
  %l4 = call float @llvm.ldexp.f32.i32(float 3.0, i32 -149)
  call void @pf(float %l4)
  %l5 = call float @llvm.ldexp.f32.i32(float 0x3810000000000000, i32 200)
  call void @pf(float %l5)
  %r1 = call i64 @llvm.lround.i64.f64(double -2.5)
  call void @pi(i64 %r1)
  %r2 = call i32 @llvm.lround.i32.f32(float 0x3FDFFFFFE0000000)
  %r2z = zext i32 %r2 to i64
  call void @pi(i64 %r2z)
  %r3 = call i64 @llvm.llrint.i64.f64(double 2.5)
  call void @pi(i64 %r3)
  %r4 = call i64 @llvm.llrint.i64.f64(double -3.5)
  call void @pi(i64 %r4)
  %ro = call <4 x float> @llvm.round.v4f32(<4 x float> %f)
  call void @pvf(<4 x float> %ro)
  %z = shufflevector <4 x double> %d, <4 x double> poison, <4 x i32> <i32 1, i32 0, i32 3, i32 2>
  %m1 = call <4 x double> @llvm.minimum.v4f64(<4 x double> %d, <4 x double> <double 0.0, double 0.0, double 1.0, double 1.0>)
  call void @pv(<4 x double> %m1)
  %m2 = call <4 x double> @llvm.maximum.v4f64(<4 x double> %d, <4 x double> %z)
  call void @pv(<4 x double> %m2)
  %m3 = call <4 x double> @llvm.minnum.v4f64(<4 x double> %d, <4 x double> <double 3.0, double 3.0, double 3.0, double 3.0>)
  call void @pv(<4 x double> %m3)
  %m4 = call <4 x double> @llvm.maxnum.v4f64(<4 x double> %d, <4 x double> %z)
  call void @pv(<4 x double> %m4)
  %s1 = call <4 x i32> @llvm.fptosi.sat.v4i32.v4f32(<4 x float> %f)
  %s1d = sitofp <4 x i32> %s1 to <4 x double>
  call void @pv(<4 x double> %s1d)
  %s2 = call <4 x i8> @llvm.fptoui.sat.v4i8.v4f32(<4 x float> %f)
  %s2d = uitofp <4 x i8> %s2 to <4 x double>
  call void @pv(<4 x double> %s2d)
  %a1 = call float @llvm.vector.reduce.fadd.v4f32(float 1.0e8, <4 x float> <float 1.0, float 3.0, float -1.0e8, float 0.25>)
  call void @pf(float %a1)
  %a2 = call double @llvm.vector.reduce.fmax.v4f64(<4 x double> %d)
  call void @pd(double %a2)
  %cs = call <4 x float> @llvm.copysign.v4f32(<4 x float> <float 1.0, float 2.0, float 3.0, float 4.0>, <4 x float> %f)
  call void @pvf(<4 x float> %cs)
  ret i32 0
}
