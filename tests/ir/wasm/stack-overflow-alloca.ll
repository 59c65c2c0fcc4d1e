; RUN: irplay run --engine wasm %s
; EXIT: 71
; An alloca of a run-time size larger than the whole shadow stack stops the program with a
; stack overflow instead of wrapping below the data image.

declare i32 @printf(ptr, ...)
@fmt = private constant [4 x i8] c"%d\0A\00"

define i32 @main() {
  %n = add i32 2147483632, 0
  %p = alloca i8, i32 %n
  store volatile i8 1, ptr %p
  call i32 (ptr, ...) @printf(ptr @fmt, i32 1)
  ret i32 0
}
