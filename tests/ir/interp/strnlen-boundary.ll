; RUN: irplay run %s
; EXIT: 4
; `strnlen(s, 4)` reads at most 4 bytes: the undef bytes after them are never looked at, so
; this is no undefined behaviour (see string-undef-byte.ll for a read that reaches them).
declare i64 @strnlen(ptr, i64)

define i32 @main() {
  %buf = alloca [8 x i8]
  store i32 1684234849, ptr %buf
  %n = call i64 @strnlen(ptr %buf, i64 4)
  %t = trunc i64 %n to i32
  ret i32 %t
}
