; RUN: irplay run %s
; LangRef "Arithmetic with Overflow Intrinsics": "The ... intrinsics ... [work]
; on any integer bit width or vectors of integers": the result is a struct of
; the wrapped vector and a vector of overflow bits, taken apart with
; extractvalue.
; Oracle: a native build (clang-19 FILE.ll) prints the same stdout.

declare i32 @printf(ptr, ...)
declare {<4 x i32>, <4 x i1>} @llvm.sadd.with.overflow.v4i32(<4 x i32>, <4 x i32>)
declare {<2 x i8>, <2 x i1>} @llvm.umul.with.overflow.v2i8(<2 x i8>, <2 x i8>)
@f = private constant [9 x i8] c"%d %llx\0A\00"
@g = global <4 x i32> <i32 2147483647, i32 1, i32 -2147483648, i32 5>
define i32 @main() {
  %v = load <4 x i32>, ptr @g
  %r = call {<4 x i32>, <4 x i1>} @llvm.sadd.with.overflow.v4i32(<4 x i32> %v, <4 x i32> <i32 1, i32 1, i32 -1, i32 -10>)
  %a = extractvalue {<4 x i32>, <4 x i1>} %r, 0
  %o = extractvalue {<4 x i32>, <4 x i1>} %r, 1
  %a0 = extractelement <4 x i32> %a, i32 0
  %ob = bitcast <4 x i1> %o to i4
  %oz = zext i4 %ob to i64
  call i32 (ptr, ...) @printf(ptr @f, i32 %a0, i64 %oz)
  %a3 = extractelement <4 x i32> %a, i32 3
  call i32 (ptr, ...) @printf(ptr @f, i32 %a3, i64 %oz)
  %m = call {<2 x i8>, <2 x i1>} @llvm.umul.with.overflow.v2i8(<2 x i8> <i8 16, i8 3>, <2 x i8> <i8 16, i8 5>)
  %mo = extractvalue {<2 x i8>, <2 x i1>} %m, 1
  %mb = bitcast <2 x i1> %mo to i2
  %mz = zext i2 %mb to i64
  %mv = extractvalue {<2 x i8>, <2 x i1>} %m, 0
  %mv1 = extractelement <2 x i8> %mv, i32 1
  %mv1z = zext i8 %mv1 to i32
  call i32 (ptr, ...) @printf(ptr @f, i32 %mv1z, i64 %mz)
  ret i32 0
}
