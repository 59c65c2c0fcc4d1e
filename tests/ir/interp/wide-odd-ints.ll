; RUN: irplay run %s
; LangRef "Integer Type": any width from 1 to 2^23 bits. Integers of 65 to 128
; bits other than i128 (clang emits i72 for packed bit-fields): add, mul, ashr,
; sdiv, udiv, srem, icmp, sext, zext and trunc between odd widths, shl, and a
; store and load of the 9-byte value (its store size), as LLVM computes them.
; Oracle: a native build (clang-19 FILE.ll) prints the same stdout.

declare i32 @printf(ptr, ...)
@f = private constant [11 x i8] c"%llx %llx\0A\00"
@g = global i72 4722366482869645213695
@h = global i65 -5
define void @p(i72 %v) {
  %lo = trunc i72 %v to i64
  %s = lshr i72 %v, 64
  %hi = trunc i72 %s to i64
  call i32 (ptr, ...) @printf(ptr @f, i64 %hi, i64 %lo)
  ret void
}
define i32 @main() {
  %x = load i72, ptr @g
  %y = add i72 %x, 3
  call void @p(i72 %y)
  %z = mul i72 %x, %x
  call void @p(i72 %z)
  %a = ashr i72 %x, 3
  call void @p(i72 %a)
  %sd = sdiv i72 %x, 7
  call void @p(i72 %sd)
  %ud = udiv i72 %x, 7
  call void @p(i72 %ud)
  %c = icmp slt i72 %x, 0
  %cz = zext i1 %c to i72
  call void @p(i72 %cz)
  %h = load i65, ptr @h
  %hs = sext i65 %h to i72
  call void @p(i72 %hs)
  %hz = zext i65 %h to i72
  call void @p(i72 %hz)
  %t = trunc i72 %x to i65
  %t2 = sext i65 %t to i72
  call void @p(i72 %t2)
  %sh = shl i72 %x, 70
  call void @p(i72 %sh)
  store i72 %sh, ptr @g
  %r = load i72, ptr @g
  call void @p(i72 %r)
  %srem = srem i72 %sh, 1000
  call void @p(i72 %srem)
  ret i32 0
}
