; RUN: irplay run %s
; EXIT: 70
; scanf("%s") stores every non-space character of the input and a NUL: a word of 9
; characters does not fit the 8-byte buffer (C17 7.21.6.2p12: the array "shall be large
; enough to accept the sequence and a terminating null character"; 7.1.4: an argument
; outside the object's bounds is undefined). The store is reported as out of bounds.
; Oracle: the report reviewed by hand against the texts quoted; natively the program writes
; past the buffer without a diagnostic.
@fmt = private constant [3 x i8] c"%s\00"

declare i32 @__isoc99_scanf(ptr, ...)

define i32 @main() {
  %buf = alloca [8 x i8]
  %n = call i32 (ptr, ...) @__isoc99_scanf(ptr @fmt, ptr %buf)
  ret i32 %n
}
