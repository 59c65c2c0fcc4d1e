; RUN: irplay run %s
; EXIT: 1
; strchr "locates the first occurrence of c ... in the string pointed to by s" (C11
; 7.24.5.2) and stops there. %buf holds "abc" and nothing else was ever stored (no
; terminator): the search for 'b' stops at offset 1, so the undef bytes after "abc" are
; never looked at and this is no undefined behaviour (a search that reaches them is, as
; for strlen in string-undef-byte.ll). The exit status is the offset found.
; Oracle: a native build (clang-19 FILE.ll) exits with 1 too.
declare ptr @strchr(ptr, i32)

define i32 @main() {
  %buf = alloca [8 x i8]
  store i16 25185, ptr %buf
  %p2 = getelementptr i8, ptr %buf, i64 2
  store i8 99, ptr %p2
  %r = call ptr @strchr(ptr %buf, i32 98)
  %ri = ptrtoint ptr %r to i64
  %bi = ptrtoint ptr %buf to i64
  %d = sub i64 %ri, %bi
  %t = trunc i64 %d to i32
  ret i32 %t
}
