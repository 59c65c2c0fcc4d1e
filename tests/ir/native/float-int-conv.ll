; RUN: irplay run %s
; Conversions between floats and integers: sitofp and uitofp from i32 and i64 (including an
; i64 above 2^63) to float and double, fptosi and fptoui back (in range), fpext and
; fptrunc, and bitcasts between floats and integers.
; Oracle: lli-19 prints the same stdout.

@ff = private constant [21 x i8] c"%g %g %g %g %g %g\0A\00\00\00"
@fi = private constant [28 x i8] c"%d %u %lld %llu %d %lld %x\0A\00"
declare i32 @printf(ptr, ...)

define void @to_fp(i32 %a, i64 %b) noinline {
  %s32f = sitofp i32 %a to float
  %u32d = uitofp i32 %a to double
  %s64d = sitofp i64 %b to double
  %u64d = uitofp i64 %b to double
  %u64f = uitofp i64 %b to float
  %s64f = sitofp i64 %b to float
  %d1 = fpext float %s32f to double
  %d2 = fpext float %u64f to double
  %d3 = fpext float %s64f to double
  call i32 (ptr, ...) @printf(ptr @ff, double %d1, double %u32d, double %s64d, double %u64d, double %d2, double %d3)
  ret void
}

define void @to_int(double %d, double %u, double %big, float %f) noinline {
  %a = fptosi double %d to i32
  %b = fptoui double %u to i32
  %c = fptosi float %f to i64
  %e = fptoui double %big to i64
  %t = fptrunc double %d to float
  %g = fptosi float %t to i32
  %h = bitcast double %d to i64
  %k = bitcast float %f to i32
  call i32 (ptr, ...) @printf(ptr @fi, i32 %a, i32 %b, i64 %c, i64 %e, i32 %g, i64 %h, i32 %k)
  ret void
}

define i32 @main() {
  call void @to_fp(i32 -5, i64 -9000000000)
  call void @to_fp(i32 2000000000, i64 -1)
  call void @to_fp(i32 7, i64 9223372036854775807)
  call void @to_int(double 3.99, double 4000000000.5, double 1.0e19, float -2.5)
  call void @to_int(double -1000.75, double 1.5, double 12345.0, float 1048576.0)
  call void @to_int(double -0.0, double 0.0, double 9.5e18, float -0.0)
  ret i32 0
}
