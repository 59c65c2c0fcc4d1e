; RUN: irplay run %s
; Funnel shifts (fshl, fshr) and population counts (ctpop) on narrow integers of
; widths 7, 8, 16, 32 and 64, with amounts 0, in range, equal to and beyond the
; width (taken modulo the width, LangRef "'llvm.fshl.*' Intrinsic").
; Oracle: stdout compared with this file compiled by clang-19 and run natively.
declare i8 @llvm.fshl.i8(i8, i8, i8)
declare i16 @llvm.fshr.i16(i16, i16, i16)
declare i32 @llvm.fshl.i32(i32, i32, i32)
declare i32 @llvm.fshr.i32(i32, i32, i32)
declare i64 @llvm.fshl.i64(i64, i64, i64)
declare i64 @llvm.fshr.i64(i64, i64, i64)
declare i7 @llvm.fshl.i7(i7, i7, i7)
declare i7 @llvm.fshr.i7(i7, i7, i7)
declare i32 @llvm.ctpop.i32(i32)
declare i64 @llvm.ctpop.i64(i64)
declare i7 @llvm.ctpop.i7(i7)
declare i32 @printf(ptr, ...)
@fmt = private constant [6 x i8] c"%llx\0A\00"

define void @show(i64 %v) {
  %r = call i32 (ptr, ...) @printf(ptr @fmt, i64 %v)
  ret void
}

define i32 @main() {
entry:
  br label %loop
loop:
  %s = phi i32 [ 0, %entry ], [ %s1, %loop ]
  %s8 = trunc i32 %s to i8
  %a = call i8 @llvm.fshl.i8(i8 -61, i8 90, i8 %s8)
  %a64 = zext i8 %a to i64
  call void @show(i64 %a64)
  %s16 = trunc i32 %s to i16
  %b = call i16 @llvm.fshr.i16(i16 4660, i16 -22136, i16 %s16)
  %b64 = zext i16 %b to i64
  call void @show(i64 %b64)
  %c = call i32 @llvm.fshl.i32(i32 305419896, i32 -1698898192, i32 %s)
  %c64 = zext i32 %c to i64
  call void @show(i64 %c64)
  %d = call i32 @llvm.fshr.i32(i32 305419896, i32 -1698898192, i32 %s)
  %d64 = zext i32 %d to i64
  call void @show(i64 %d64)
  %s64 = zext i32 %s to i64
  %e = call i64 @llvm.fshl.i64(i64 81985529216486895, i64 -81985529216486896, i64 %s64)
  call void @show(i64 %e)
  %f = call i64 @llvm.fshr.i64(i64 81985529216486895, i64 -81985529216486896, i64 %s64)
  call void @show(i64 %f)
  %s7 = trunc i32 %s to i7
  %g = call i7 @llvm.fshl.i7(i7 37, i7 -38, i7 %s7)
  %g64 = zext i7 %g to i64
  call void @show(i64 %g64)
  %h = call i7 @llvm.fshr.i7(i7 37, i7 -38, i7 %s7)
  %h64 = zext i7 %h to i64
  call void @show(i64 %h64)
  %x = mul i32 %s, 123456791
  %p = call i32 @llvm.ctpop.i32(i32 %x)
  %p64 = zext i32 %p to i64
  call void @show(i64 %p64)
  %xl = mul i64 %s64, -7046029254386353131
  %q = call i64 @llvm.ctpop.i64(i64 %xl)
  call void @show(i64 %q)
  %x7 = trunc i32 %x to i7
  %u = call i7 @llvm.ctpop.i7(i7 %x7)
  %u64 = zext i7 %u to i64
  call void @show(i64 %u64)
  %s1 = add i32 %s, 9
  %done = icmp ugt i32 %s1, 140
  br i1 %done, label %out, label %loop
out:
  ret i32 0
}
