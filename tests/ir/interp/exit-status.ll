; RUN: irplay run %s
; EXIT: 44
; exit is a library function, specified by C17 7.22.4.4 ("The exit function"):
; "First, all functions registered by the atexit function are called, in the
; reverse order of their registration" and then "all open streams with
; unwritten buffered data are flushed"; the parent sees the status modulo 256
; (POSIX wait: only its low 8 bits), so exit(300) is status 44. The code after
; the call is never reached.
; Oracle: a native build (clang-19 FILE.ll) prints the same stdout and exits
; 44. (lli-19 exits 44 as well but does not run atexit handlers registered by
; JIT code, so it is not the oracle for the output.)

@a = private constant [7 x i8] c"first\0A\00"
@b = private constant [8 x i8] c"second\0A\00"
@m = private constant [11 x i8] c"in main %d\00"
@nl = private constant [2 x i8] c"\0A\00"
declare i32 @printf(ptr, ...)
declare i32 @atexit(ptr)
declare void @exit(i32) noreturn

define void @h1() {
  call i32 (ptr, ...) @printf(ptr @a)
  ret void
}

define void @h2() {
  call i32 (ptr, ...) @printf(ptr @b)
  ret void
}

define i32 @main() {
  call i32 @atexit(ptr @h1)
  call i32 @atexit(ptr @h2)
  ; no newline: the buffered text must still be flushed at exit
  call i32 (ptr, ...) @printf(ptr @m, i32 300)
  call void @exit(i32 300)
  unreachable
}
