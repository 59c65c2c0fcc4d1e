; RUN: irplay run %s
; LangRef "Integer Type", "Aggregate Types": a struct holding i128 and i72
; fields loaded, taken apart, rebuilt and stored whole; the overflow
; intrinsics and ctlz on i128, as Rust's u128 arithmetic uses them.
; Oracle: a native build (clang-19 FILE.ll --rtlib=compiler-rt) prints the
; same stdout.

declare i32 @printf(ptr, ...)
declare {i128, i1} @llvm.umul.with.overflow.i128(i128, i128)
declare i128 @llvm.ctlz.i128(i128, i1)
@f = private constant [14 x i8] c"%llx %llx %d\0A\00"
%S = type { i128, i8, i72 }
@s = global %S { i128 340282366920938463463374607431768211455, i8 7, i72 -3 }
@t = global %S zeroinitializer
define i32 @main() {
  %v = load %S, ptr @s
  %a = extractvalue %S %v, 0
  %c = extractvalue %S %v, 2
  %cz = sext i72 %c to i128
  %m = call {i128, i1} @llvm.umul.with.overflow.i128(i128 %a, i128 3)
  %mv = extractvalue {i128, i1} %m, 0
  %mo = extractvalue {i128, i1} %m, 1
  %w = insertvalue %S %v, i128 %mv, 0
  store %S %w, ptr @t
  %back = load i128, ptr @t
  %lo = trunc i128 %back to i64
  %hs = lshr i128 %back, 64
  %hi = trunc i128 %hs to i64
  %oz = zext i1 %mo to i32
  call i32 (ptr, ...) @printf(ptr @f, i64 %hi, i64 %lo, i32 %oz)
  %cl = call i128 @llvm.ctlz.i128(i128 %cz, i1 false)
  %c3 = lshr i128 %cz, 100
  %cl2 = call i128 @llvm.ctlz.i128(i128 %c3, i1 false)
  %l1 = trunc i128 %cl to i64
  %l2 = trunc i128 %cl2 to i64
  call i32 (ptr, ...) @printf(ptr @f, i64 %l1, i64 %l2, i32 0)
  ret i32 0
}
