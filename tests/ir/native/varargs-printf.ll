; RUN: irplay run %s
; EXIT: 110
; Variadic calls to printf: only integers, only doubles (al holds the number of vector
; registers used), more doubles than xmm registers, and strings, chars and pointers mixed.
; Oracle: lli-19 prints the same stdout.

@f1 = private constant [22 x i8] c"%d %ld %u %x %c %s|\0A\00\00"
@f2 = private constant [18 x i8] c"%.3f %g %e %a|\0A\00\00\00"
@f3 = private constant [42 x i8] c"%g %g %g %g %g %g %g %g %g %g %d %s %g|\0A\00\00"
@str = private constant [4 x i8] c"abc\00"
declare i32 @printf(ptr, ...)

define i32 @main() {
  %n1 = call i32 (ptr, ...) @printf(ptr @f1, i32 -42, i64 1234567890123, i32 -1, i32 48879, i32 65, ptr @str)
  %n2 = call i32 (ptr, ...) @printf(ptr @f2, double 3.14159, double 1.0e100, double -0.0, double 0.5)
  %n3 = call i32 (ptr, ...) @printf(ptr @f3, double 1.0, double 2.0, double 3.0, double 4.0, double 5.0, double 6.0, double 7.0, double 8.0, double 9.0, double 10.0, i32 %n1, ptr @str, double 11.5)
  %t = add i32 %n1, %n2
  %u = add i32 %t, %n3
  ret i32 %u
}
