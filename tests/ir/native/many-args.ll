; RUN: irplay run %s
; Calls with more arguments than registers: 9 integer arguments (6 in registers, 3 on the
; stack), 10 double arguments (8 in xmm registers, 2 on the stack), and the two kinds mixed
; with floats and narrow integers, in both directions (callee defined here, and printf).
; Oracle: lli-19 prints the same stdout.

@fi = private constant [33 x i8] c"ints %d %d %d %d %d %d %d %d %d\0A\00"
@fd = private constant [21 x i8] c"doubles %g %g %g %g\0A\00"
@fm = private constant [24 x i8] c"mixed %lld %g %d %g %d\0A\00"
declare i32 @printf(ptr, ...)

define i32 @ints(i32 %a, i32 %b, i32 %c, i32 %d, i32 %e, i32 %f, i32 %g, i32 %h, i32 %i) noinline {
  call i32 (ptr, ...) @printf(ptr @fi, i32 %a, i32 %b, i32 %c, i32 %d, i32 %e, i32 %f, i32 %g, i32 %h, i32 %i)
  %s1 = add i32 %a, %i
  %s2 = mul i32 %s1, %h
  ret i32 %s2
}

define double @doubles(double %a, double %b, double %c, double %d, double %e, double %f, double %g, double %h, double %i, double %j) noinline {
  call i32 (ptr, ...) @printf(ptr @fd, double %a, double %h, double %i, double %j)
  %s = fadd double %a, %j
  %t = fmul double %s, %i
  ret double %t
}

define float @mixed(i64 %a, float %b, i8 %c, double %d, i16 %e, i32 %f, i32 %g, i32 %h, i64 %i, float %j) noinline {
  %ci = sext i8 %c to i32
  %ei = zext i16 %e to i32
  %bd = fpext float %b to double
  %s = add i64 %a, %i
  call i32 (ptr, ...) @printf(ptr @fm, i64 %s, double %bd, i32 %ci, double %d, i32 %ei)
  %r = fadd float %b, %j
  ret float %r
}

@fr = private constant [16 x i8] c"results %d %g\0A\00\00"
@ff = private constant [13 x i8] c"float %g %d\0A\00"

define i32 @main() {
  %r = call i32 @ints(i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7, i32 8, i32 9)
  %d = call double @doubles(double 1.5, double 2.0, double 3.0, double 4.0, double 5.0, double 6.0, double 7.0, double 8.25, double 9.5, double 10.75)
  call i32 (ptr, ...) @printf(ptr @fr, i32 %r, double %d)
  %f = call float @mixed(i64 10000000000, float 0.5, i8 -3, double 2.5, i16 65535, i32 6, i32 7, i32 8, i64 -1, float 1.25)
  %fd = fpext float %f to double
  call i32 (ptr, ...) @printf(ptr @ff, double %fd, i32 %r)
  ret i32 0
}
