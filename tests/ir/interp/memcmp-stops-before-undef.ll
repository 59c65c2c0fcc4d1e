; RUN: irplay run %s
; EXIT: 1
; C11 7.24.4.1: memcmp "compares the first n characters of the object pointed to by s1 to
; the first n characters of the object pointed to by s2"; its sign is that of the first
; pair that differs, so the bytes after that pair decide nothing. Here both buffers are 8
; bytes, only the first two bytes of %a were ever stored, and the buffers differ at offset
; 1 ('b' < 'c'): the undef bytes of %a after it are never looked at, so this is no
; undefined behaviour (see memcmp-undef-byte.ll for a comparison that reaches them).
; Oracle: a native build (clang-19 FILE.ll) exits with 1 too.
declare i32 @memcmp(ptr, ptr, i64)

define i32 @main() {
  %a = alloca [8 x i8]
  %b = alloca [8 x i8]
  store i16 25185, ptr %a
  store i64 7595434461045744481, ptr %b
  %r = call i32 @memcmp(ptr %a, ptr %b, i64 8)
  %neg = icmp slt i32 %r, 0
  %z = zext i1 %neg to i32
  ret i32 %z
}
