; RUN: irplay run %s
; EXIT: 2
; C17 7.24.5.1: memchr "shall behave as if it reads the characters sequentially and stops as
; soon as a matching character is found". The search for 'c' in a 4-byte buffer is given a
; length of 100, but finds the byte at offset 2 and reads no further, so this is no out of
; bounds access (see memchr-past-end.ll for a search that runs off the end). The exit status
; is the offset found.
; Oracle: a native build (clang-19 FILE.ll) exits with 2 too.
declare ptr @memchr(ptr, i32, i64)

define i32 @main() {
  %buf = alloca [4 x i8]
  store i32 6513249, ptr %buf
  %r = call ptr @memchr(ptr %buf, i32 99, i64 100)
  %ri = ptrtoint ptr %r to i64
  %bi = ptrtoint ptr %buf to i64
  %d = sub i64 %ri, %bi
  %t = trunc i64 %d to i32
  ret i32 %t
}
