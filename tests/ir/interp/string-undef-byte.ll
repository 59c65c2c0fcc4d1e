; RUN: irplay run %s
; EXIT: 70
; The C library decides on every byte of a string up to its terminator (it looks for the
; NUL), so an undef or poison byte among them is undefined behaviour, as a branch on it would
; be: here `strlen` of a stack buffer whose first two bytes were stored and whose third (the
; would-be terminator) never was. The report names the byte and where its undef state arose.
; Natively the result depends on whatever the stack held.
declare i64 @strlen(ptr)

define i32 @main() {
  %buf = alloca [8 x i8]
  store i8 104, ptr %buf
  %p1 = getelementptr i8, ptr %buf, i64 1
  store i8 105, ptr %p1
  %n = call i64 @strlen(ptr %buf)
  %t = trunc i64 %n to i32
  ret i32 %t
}
