; RUN: irplay run %s
; LLVM 19 declares an intrinsic that a call names without a declaration, with
; the call's type: clang-19 -O2 output pasted without its declarations runs.
; Oracle: a native build (clang-19 FILE.ll) prints the same stdout.

@.f = private constant [10 x i8] c"%d %d %d\0A\00"
@g = global i32 2147483647

declare i32 @printf(ptr, ...)

define i32 @main() {
  %x = load i32, ptr @g
  %m = call i32 @llvm.umin.i32(i32 %x, i32 7)
  %s = call i32 @llvm.sadd.sat.i32(i32 %x, i32 %m)
  %o = call { i32, i1 } @llvm.sadd.with.overflow.i32(i32 %x, i32 1)
  %ob = extractvalue { i32, i1 } %o, 1
  %oz = zext i1 %ob to i32
  call i32 (ptr, ...) @printf(ptr @.f, i32 %m, i32 %s, i32 %oz)
  ret i32 0
}
