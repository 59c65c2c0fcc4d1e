; RUN: irplay run %s
; EXIT: 70
; The search for 'z' in a 4-byte buffer with a length of 100 finds no match in the buffer's
; bytes and runs past its end: an out of bounds read (C17 7.24.5.1 reads "sequentially"
; until a match), reported as an access of the 100 bytes.
; Oracle: the report reviewed by hand against C17 7.24.5.1 and 7.1.4 (an argument that
; points outside the object is undefined); natively the program exits with 1 without a
; diagnostic.
declare ptr @memchr(ptr, i32, i64)

define i32 @main() {
  %buf = alloca [4 x i8]
  store i32 6513249, ptr %buf
  %r = call ptr @memchr(ptr %buf, i32 122, i64 100)
  %z = icmp eq ptr %r, null
  %t = zext i1 %z to i32
  ret i32 %t
}
