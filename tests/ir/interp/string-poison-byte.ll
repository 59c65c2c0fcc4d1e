; RUN: irplay run %s
; EXIT: 70
; A poison byte inside a string passed to the C library (`puts`) is undefined behaviour; the
; report follows the poison back to the `add nsw` that overflowed.
declare i32 @puts(ptr)

define i32 @main() {
  %buf = alloca [4 x i8]
  store i32 0, ptr %buf
  store i8 72, ptr %buf
  %x = add nsw i8 127, 1
  %p1 = getelementptr i8, ptr %buf, i64 1
  store i8 %x, ptr %p1
  %r = call i32 @puts(ptr %buf)
  ret i32 0
}
