; RUN: irplay check %s
; Reads two characters of standard input and prints their sum; going back and forth reads
; the same input again.
declare i32 @getchar()
declare i32 @printf(ptr, ...)
@fmt = private constant [4 x i8] c"%d\0A\00"

define i32 @main() {
  %a = call i32 @getchar()
  %b = call i32 @getchar()
  %s = add i32 %a, %b
  %r = call i32 (ptr, ...) @printf(ptr @fmt, i32 %s)
  ret i32 0
}
