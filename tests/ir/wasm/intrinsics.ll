; RUN: irplay run %s
; RUN: irplay run --engine wasm %s
; Integer intrinsics expanded inline: min/max, abs, ctpop, ctlz, cttz, funnel shifts, on
; legal and odd widths.

@d = private constant [4 x i8] c"%d\0A\00"
declare i32 @printf(ptr, ...)
declare i32 @llvm.smax.i32(i32, i32)
declare i8 @llvm.smin.i8(i8, i8)
declare i16 @llvm.umax.i16(i16, i16)
declare i64 @llvm.umin.i64(i64, i64)
declare i8 @llvm.abs.i8(i8, i1)
declare i32 @llvm.abs.i32(i32, i1)
declare i32 @llvm.ctpop.i32(i32)
declare i8 @llvm.ctlz.i8(i8, i1)
declare i64 @llvm.ctlz.i64(i64, i1)
declare i16 @llvm.cttz.i16(i16, i1)

define void @p(i32 %v) {
  call i32 (ptr, ...) @printf(ptr @d, i32 %v)
  ret void
}

define i32 @main() {
  %a = call i32 @llvm.smax.i32(i32 -5, i32 3)
  call void @p(i32 %a)
  %b = call i8 @llvm.smin.i8(i8 -5, i8 3)
  %bw = sext i8 %b to i32
  call void @p(i32 %bw)
  %c = call i16 @llvm.umax.i16(i16 -5, i16 3)
  %cw = zext i16 %c to i32
  call void @p(i32 %cw)
  %e = call i64 @llvm.umin.i64(i64 -5, i64 3)
  %ew = trunc i64 %e to i32
  call void @p(i32 %ew)
  %f = call i8 @llvm.abs.i8(i8 -7, i1 false)
  %fw = zext i8 %f to i32
  call void @p(i32 %fw)
  %f2 = call i8 @llvm.abs.i8(i8 -128, i1 false)
  %f2w = zext i8 %f2 to i32
  call void @p(i32 %f2w)
  %g = call i32 @llvm.abs.i32(i32 -100, i1 true)
  call void @p(i32 %g)
  %h = call i32 @llvm.ctpop.i32(i32 255)
  call void @p(i32 %h)
  %i = call i8 @llvm.ctlz.i8(i8 1, i1 false)
  %iw = zext i8 %i to i32
  call void @p(i32 %iw)
  %i0 = call i8 @llvm.ctlz.i8(i8 0, i1 false)
  %i0w = zext i8 %i0 to i32
  call void @p(i32 %i0w)
  %j = call i64 @llvm.ctlz.i64(i64 1, i1 false)
  %jw = trunc i64 %j to i32
  call void @p(i32 %jw)
  %k = call i16 @llvm.cttz.i16(i16 0, i1 false)
  %kw = zext i16 %k to i32
  call void @p(i32 %kw)
  %k2 = call i16 @llvm.cttz.i16(i16 8, i1 false)
  %k2w = zext i16 %k2 to i32
  call void @p(i32 %k2w)
  call i32 @rotates()
  ret i32 0
}

declare i32 @llvm.fshl.i32(i32, i32, i32)
declare i8 @llvm.fshr.i8(i8, i8, i8)

define i32 @rotates() {
  %r1 = call i32 @llvm.fshl.i32(i32 -2147483647, i32 -2147483647, i32 1)
  call void @p(i32 %r1)
  %r2 = call i32 @llvm.fshl.i32(i32 305419896, i32 -1412567295, i32 36)
  call void @p(i32 %r2)
  %r3 = call i32 @llvm.fshl.i32(i32 7, i32 9, i32 0)
  call void @p(i32 %r3)
  %r4 = call i8 @llvm.fshr.i8(i8 1, i8 -128, i8 3)
  %r4w = zext i8 %r4 to i32
  call void @p(i32 %r4w)
  %r5 = call i8 @llvm.fshr.i8(i8 1, i8 -128, i8 8)
  %r5w = zext i8 %r5 to i32
  call void @p(i32 %r5w)
  ret i32 0
}
