; RUN: irplay run %s
; RUN: irplay run --engine wasm %s
; The number parsers read only as far as the number goes (C17 7.22.1.4: the subject sequence
; is "the longest initial subsequence ... that is of the expected form"; parsing stops at the
; first character that cannot continue it). Each string below has an undef byte after the
; character that ends its number, which is never read, so every call is defined:
; "12 ?" for atoi, "0x1fz?" for strtol base 0 (also its end pointer), "-2.5e1x?" for strtod
; and "infx?" (the "inity" of "infinity" is compared only up to the 'x') for strtod.
; A 3-byte "77 " with no NUL at all is parsed by strtol too: it stops at the space.
; Oracle: a native build (clang-19 FILE.ll -o x && ./x) prints the same lines.
@fmt = private constant [25 x i8] c"%d %ld %ld %g %g %ld %d\0A\00"

declare i32 @atoi(ptr)
declare i64 @strtol(ptr, ptr, i32)
declare double @strtod(ptr, ptr)
declare i32 @printf(ptr, ...)

define i32 @main() {
  %a = alloca [5 x i8]
  store i16 12849, ptr %a
  %a2 = getelementptr i8, ptr %a, i64 2
  store i8 32, ptr %a2
  %a4 = getelementptr i8, ptr %a, i64 4
  store i8 0, ptr %a4
  %n1 = call i32 @atoi(ptr %a)
  %b = alloca [7 x i8]
  store i32 1714518064, ptr %b
  %b4 = getelementptr i8, ptr %b, i64 4
  store i8 122, ptr %b4
  %b6 = getelementptr i8, ptr %b, i64 6
  store i8 0, ptr %b6
  %end = alloca ptr
  %n2 = call i64 @strtol(ptr %b, ptr %end, i32 0)
  %e = load ptr, ptr %end
  %bi = ptrtoint ptr %b to i64
  %ei = ptrtoint ptr %e to i64
  %used = sub i64 %ei, %bi
  %c = alloca [10 x i8]
  store i32 892219949, ptr %c
  %c4 = getelementptr i8, ptr %c, i64 4
  store i16 12645, ptr %c4
  %c6 = getelementptr i8, ptr %c, i64 6
  store i8 120, ptr %c6
  %c9 = getelementptr i8, ptr %c, i64 9
  store i8 0, ptr %c9
  %d1 = call double @strtod(ptr %c, ptr null)
  %d = alloca [6 x i8]
  store i32 2019978857, ptr %d
  %d5 = getelementptr i8, ptr %d, i64 5
  store i8 0, ptr %d5
  %d2 = call double @strtod(ptr %d, ptr null)
  %f = alloca [3 x i8]
  store i16 14135, ptr %f
  %f2 = getelementptr i8, ptr %f, i64 2
  store i8 32, ptr %f2
  %n3 = call i64 @strtol(ptr %f, ptr null, i32 10)
  %n3t = trunc i64 %n3 to i32
  call i32 (ptr, ...) @printf(ptr @fmt, i32 %n1, i64 %n2, i64 %used, double %d1, double %d2, i64 %n3, i32 %n3t)
  ret i32 0
}
