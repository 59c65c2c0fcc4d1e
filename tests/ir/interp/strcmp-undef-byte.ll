; RUN: irplay run %s
; EXIT: 70
; strcmp decides on every pair of characters up to the first one that differs or their
; common terminator (C11 7.24.4), so an undef or poison byte among them is undefined
; behaviour, as a branch on it would be (LangRef "Undefined Values": "Branching on an
; undefined value is undefined behavior."). %a holds "ab", its third byte was never stored,
; %b is "abc": the comparison reaches that byte; the report names it and its undef origin.
; Natively the result depends on whatever the stack held.
declare i32 @strcmp(ptr, ptr)

define i32 @main() {
  %a = alloca [8 x i8]
  %b = alloca [8 x i8]
  store i16 25185, ptr %a
  store i32 6513249, ptr %b
  %r = call i32 @strcmp(ptr %a, ptr %b)
  ret i32 %r
}
