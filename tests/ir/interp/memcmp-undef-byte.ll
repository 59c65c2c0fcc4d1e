; RUN: irplay run %s
; EXIT: 70
; memcmp decides on every byte pair up to and including the first one that differs (C11
; 7.24.4: the sign of the result "is determined by the sign of the difference between the
; values of the first pair of characters ... that differ"), so an undef or poison byte among
; them is undefined behaviour, as a branch on it would be (LangRef "Undefined Values":
; "Branching on an undefined value is undefined behavior."). Here the first two bytes of %a
; equal those of %b and its third was never stored; the report names that byte and where its
; undef state arose. Natively the result depends on whatever the stack held.
declare i32 @memcmp(ptr, ptr, i64)

define i32 @main() {
  %a = alloca [8 x i8]
  %b = alloca [8 x i8]
  store i16 25185, ptr %a
  store i64 7523094288207667809, ptr %b
  %r = call i32 @memcmp(ptr %a, ptr %b, i64 8)
  ret i32 %r
}
