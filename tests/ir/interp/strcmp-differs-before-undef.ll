; RUN: irplay run %s
; EXIT: 1
; strcmp compares the strings character by character and its result is determined by "the
; first pair of characters ... that differ" (C11 7.24.4); it stops there. %a holds "abc"
; and nothing else was ever stored (no terminator), %b holds "abx": they differ at offset 2,
; so the undef bytes of %a after it are never looked at and this is no undefined behaviour
; (see strcmp-undef-byte.ll for a comparison that reaches an undef byte). The exit status
; says the result is negative ('c' < 'x').
; Oracle: a native build (clang-19 FILE.ll) exits with 1 too.
declare i32 @strcmp(ptr, ptr)

define i32 @main() {
  %a = alloca [8 x i8]
  %b = alloca [8 x i8]
  store i16 25185, ptr %a
  %a2 = getelementptr i8, ptr %a, i64 2
  store i8 99, ptr %a2
  store i32 7889505, ptr %b
  %r = call i32 @strcmp(ptr %a, ptr %b)
  %neg = icmp slt i32 %r, 0
  %z = zext i1 %neg to i32
  ret i32 %z
}
