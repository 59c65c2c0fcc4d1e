; RUN: irplay run %s -- one two
; EXIT: 3
; A main that takes argc alone (C17 5.1.2.2.1 allows "some other
; implementation-defined manner"; C compilers pass the usual registers and a
; main with fewer parameters ignores the rest): argc counts the program name
; and the arguments, here 3.
; Oracle: lli-19 with the arguments `one two`, and a native clang-19 build run
; as `./x one two`, exit 3.

define i32 @main(i32 %argc) {
entry:
  ret i32 %argc
}
