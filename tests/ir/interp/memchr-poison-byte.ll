; RUN: irplay run %s
; EXIT: 70
; memchr decides on every byte it reads (C17 7.24.5.1: it "shall behave as if it reads the
; characters sequentially and stops as soon as a matching character is found"): an undef or
; poison byte before the match is undefined behaviour, as a branch on it would be (LangRef
; "Poison Values": "immediate undefined behavior occurs if a poison value is used as" "the
; condition operand of a br instruction"). The buffer holds 'a' 'b' 'c', then a poison byte,
; then zeros; the search for 'z' reaches the poison byte, and the report follows it back to
; the `add nsw` that overflowed.
declare ptr @memchr(ptr, i32, i64)

define i32 @main() {
  %buf = alloca [8 x i8]
  store i64 6513249, ptr %buf
  %x = add nsw i8 127, 1
  %p3 = getelementptr i8, ptr %buf, i64 3
  store i8 %x, ptr %p3
  %r = call ptr @memchr(ptr %buf, i32 122, i64 8)
  %n = icmp eq ptr %r, null
  %z = zext i1 %n to i32
  ret i32 %z
}
