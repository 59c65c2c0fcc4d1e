; RUN: irplay run %s
; LangRef "'call' Instruction" (LLVM 19 text): "The musttail marker means that
; the call must be tail call optimized in order for the program to be
; correct." and among its guarantees "The call will not cause unbounded stack
; growth if it is part of a recursive cycle in the call graph." Ten million
; mutually recursive musttail calls (an even/odd countdown) must run in
; constant stack: the interpreter's call-depth limit (100000 frames by
; default) would stop them otherwise.
; Oracle: lli-19 and a native build (clang-19 FILE.ll) print the same stdout
; and exit with the same status.

@f = private constant [27 x i8] c"even(10000000) = %d, %lld\0A\00"
declare i32 @printf(ptr, ...)

define i32 @even(i64 %n, i64 %acc) {
  %z = icmp eq i64 %n, 0
  br i1 %z, label %yes, label %rec
yes:
  ret i32 1
rec:
  %m = sub i64 %n, 1
  %a = add i64 %acc, %n
  %r = musttail call i32 @odd(i64 %m, i64 %a)
  ret i32 %r
}

define i32 @odd(i64 %n, i64 %acc) {
  %z = icmp eq i64 %n, 0
  br i1 %z, label %no, label %rec
no:
  ret i32 0
rec:
  %m = sub i64 %n, 1
  %a = add i64 %acc, %n
  %r = musttail call i32 @even(i64 %m, i64 %a)
  ret i32 %r
}

define i64 @sum(i64 %n, i64 %acc) {
  %z = icmp eq i64 %n, 0
  br i1 %z, label %done, label %rec
done:
  ret i64 %acc
rec:
  %m = sub i64 %n, 1
  %a = add i64 %acc, %n
  %r = musttail call i64 @sum(i64 %m, i64 %a)
  ret i64 %r
}

define i32 @main() {
  %e = call i32 @even(i64 10000000, i64 0)
  %s = call i64 @sum(i64 1000, i64 0)
  call i32 (ptr, ...) @printf(ptr @f, i32 %e, i64 %s)
  ret i32 0
}
