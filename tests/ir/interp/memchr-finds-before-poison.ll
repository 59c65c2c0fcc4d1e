; RUN: irplay run %s
; EXIT: 1
; C17 7.24.5.1: memchr "shall behave as if it reads the characters sequentially and stops as
; soon as a matching character is found". The buffer holds 'a' 'b' 'c', then a poison byte
; (from an `add nsw` that overflowed), then zeros; the search for 'b' stops at offset 1
; before the poison byte, so this is no undefined behaviour (see memchr-poison-byte.ll for a
; search that reaches it). The exit status is the offset found.
; Oracle: a native build (clang-19 FILE.ll) exits with 1 too.
declare ptr @memchr(ptr, i32, i64)

define i32 @main() {
  %buf = alloca [8 x i8]
  store i64 6513249, ptr %buf
  %x = add nsw i8 127, 1
  %p3 = getelementptr i8, ptr %buf, i64 3
  store i8 %x, ptr %p3
  %r = call ptr @memchr(ptr %buf, i32 98, i64 8)
  %ri = ptrtoint ptr %r to i64
  %bi = ptrtoint ptr %buf to i64
  %d = sub i64 %ri, %bi
  %t = trunc i64 %d to i32
  ret i32 %t
}
