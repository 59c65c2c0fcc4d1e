; RUN: irplay run %s
; LangRef 'sitofp', 'uitofp', 'fptosi', 'fptoui' on integers wider than 64
; bits: i128 and i72 to double and float rounded once (to nearest, ties to
; even; the extremes, values just above 2^64), and double to i128 and i72
; (in range: out of range is poison).
; Oracle: a native build (clang-19 FILE.ll --rtlib=compiler-rt) prints the
; same stdout.

declare i32 @printf(ptr, ...)
@f = private constant [4 x i8] c"%a\0A\00"
@fi = private constant [11 x i8] c"%llx %llx\0A\00"
@vals = global [6 x i128] [i128 0, i128 -1, i128 170141183460469231731687303715884105727, i128 -170141183460469231731687303715884105728, i128 18446744073709551617, i128 36893488147419103231]
@v72 = global [3 x i72] [i72 -1, i72 2361183241434822606847, i72 -2361183241434822606848]
@ds = global [5 x double] [double 0.0, double -1.5, double 1.0e30, double -3.0e20, double 18446744073709551616.0]
define void @p(i128 %v) {
  %lo = trunc i128 %v to i64
  %s = lshr i128 %v, 64
  %hi = trunc i128 %s to i64
  call i32 (ptr, ...) @printf(ptr @fi, i64 %hi, i64 %lo)
  ret void
}
define i32 @main() {
entry:
  br label %l
l:
  %i = phi i32 [0, %entry], [%i1, %l]
  %pv = getelementptr [6 x i128], ptr @vals, i32 0, i32 %i
  %v = load i128, ptr %pv
  %a = sitofp i128 %v to double
  call i32 (ptr, ...) @printf(ptr @f, double %a)
  %b = uitofp i128 %v to double
  call i32 (ptr, ...) @printf(ptr @f, double %b)
  %c = sitofp i128 %v to float
  %cd = fpext float %c to double
  call i32 (ptr, ...) @printf(ptr @f, double %cd)
  %d = uitofp i128 %v to float
  %dd = fpext float %d to double
  call i32 (ptr, ...) @printf(ptr @f, double %dd)
  %i1 = add i32 %i, 1
  %done = icmp eq i32 %i1, 6
  br i1 %done, label %m, label %l
m:
  %j = phi i32 [0, %l], [%j1, %m]
  %pw = getelementptr [3 x i72], ptr @v72, i32 0, i32 %j
  %w = load i72, ptr %pw
  %e = sitofp i72 %w to double
  call i32 (ptr, ...) @printf(ptr @f, double %e)
  %g = uitofp i72 %w to double
  call i32 (ptr, ...) @printf(ptr @f, double %g)
  %j1 = add i32 %j, 1
  %jd = icmp eq i32 %j1, 3
  br i1 %jd, label %n, label %m
n:
  %k = phi i32 [0, %m], [%k1, %n]
  %pd = getelementptr [5 x double], ptr @ds, i32 0, i32 %k
  %x = load double, ptr %pd
  %q = fptosi double %x to i128
  call void @p(i128 %q)
  %ax = call double @llvm.fabs.f64(double %x)
  %r = fptoui double %ax to i128
  call void @p(i128 %r)
  %xs = fmul double %x, 1.0e-10
  %r72 = fptosi double %xs to i72
  %r72s = sext i72 %r72 to i128
  call void @p(i128 %r72s)
  %k1 = add i32 %k, 1
  %kd = icmp eq i32 %k1, 5
  br i1 %kd, label %o, label %n
o:
  ret i32 0
}
declare double @llvm.fabs.f64(double)
