; RUN: irplay run %s
; printf is a library function, specified by C17 7.21.6.1 ("The fprintf
; function"). Shown: the conversions d i u x X o c s % e E f F g G a A p
; (null), the length modifiers hh h l ll z j t, the flags - + space # 0, field
; width and precision (also from `*` arguments), and the return value (the
; number of characters written).
; Oracle: lli-19 and a native build (both use glibc's printf) print the same
; stdout and exit 0.

@f1 = private constant [52 x i8] c"[%d] [%i] [%u] [%x] [%X] [%o] [%c] [%s] [%%] [%5s]\0A\00"
@f2 = private constant [52 x i8] c"[%-6d] [%+d] [% d] [%06d] [%#x] [%#o] [%.3d] [%*d]\0A\00"
@f3 = private constant [47 x i8] c"[%hhd] [%hhu] [%hd] [%hu] [%ld] [%lld] [%llu]\0A\00"
@f4 = private constant [32 x i8] c"[%zu] [%jd] [%td] [%lx] [%llX]\0A\00"
@f5 = private constant [38 x i8] c"[%e] [%E] [%f] [%F] [%g] [%G] [%.0f]\0A\00"
@f6 = private constant [43 x i8] c"[%.3e] [%10.4f] [%-10.2f] [%+.1f] [%.10g]\0A\00"
@f7 = private constant [33 x i8] c"[%a] [%A] [%g] [%g] [%f] [%.*f]\0A\00"
@f8 = private constant [28 x i8] c"[%.2s] [%-4c] [%#.3g] [%p]\0A\00"
@f9 = private constant [16 x i8] c"wrote %d chars\0A\00"
@s = private constant [6 x i8] c"hello\00"
declare i32 @printf(ptr, ...)

define i32 @main() {
  call i32 (ptr, ...) @printf(ptr @f1, i32 -42, i32 17, i32 -1, i32 48879, i32 48879, i32 8, i32 65, ptr @s, ptr @s)
  call i32 (ptr, ...) @printf(ptr @f2, i32 42, i32 42, i32 42, i32 -42, i32 255, i32 8, i32 7, i32 8, i32 99)
  call i32 (ptr, ...) @printf(ptr @f3, i32 300, i32 -1, i32 70000, i32 -1, i64 -9000000000, i64 9223372036854775807, i64 -1)
  call i32 (ptr, ...) @printf(ptr @f4, i64 18446744073709551615, i64 -5, i64 -6, i64 3735928559, i64 81985529216486895)
  call i32 (ptr, ...) @printf(ptr @f5, double 1234.5678, double -0.000123, double 3.14159265358979, double 1.0e20, double 0.0001, double 1.0e-10, double 2.5)
  call i32 (ptr, ...) @printf(ptr @f6, double 12345.6789, double 3.14159, double -2.5, double 0.05, double 0x3FD5555555555555)
  call i32 (ptr, ...) @printf(ptr @f7, double 1.0, double -0.1, double 0x7FF0000000000000, double 100000.0, double -0.0, i32 3, double 2.0e-3)
  %n = call i32 (ptr, ...) @printf(ptr @f8, ptr @s, i32 120, double 1.0, ptr null)
  call i32 (ptr, ...) @printf(ptr @f9, i32 %n)
  ret i32 0
}
