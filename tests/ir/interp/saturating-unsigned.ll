; RUN: irplay run %s
; Unsigned saturating addition and shift clamp to the maximum whatever the operands' top
; bits: "llvm.uadd.sat ... the result is clamped to the maximum unsigned value" and
; "llvm.ushl.sat ... If the result value does not fit in the result type, then the result
; is clamped to the maximum unsigned value" (LangRef, Saturation Arithmetic Intrinsics).
; usub.sat clamps to 0, and the signed ones to the side of the true result.
; Oracle: stdout compared with this file compiled by clang-19 and run natively.
declare i8 @llvm.uadd.sat.i8(i8, i8)
declare i8 @llvm.ushl.sat.i8(i8, i8)
declare i8 @llvm.usub.sat.i8(i8, i8)
declare i8 @llvm.sadd.sat.i8(i8, i8)
declare i8 @llvm.ssub.sat.i8(i8, i8)
declare i8 @llvm.sshl.sat.i8(i8, i8)
declare i128 @llvm.uadd.sat.i128(i128, i128)
declare <2 x i16> @llvm.uadd.sat.v2i16(<2 x i16>, <2 x i16>)
declare i32 @printf(ptr, ...)
@fmt = private constant [6 x i8] c"%llx\0A\00"
@in = global [4 x i8] [i8 1, i8 -1, i8 -127, i8 100]

define void @show8(i8 %v) {
  %z = zext i8 %v to i64
  %r = call i32 (ptr, ...) @printf(ptr @fmt, i64 %z)
  ret void
}

define i32 @main() {
  %one = load i8, ptr @in
  %p1 = getelementptr i8, ptr @in, i64 1
  %ff = load i8, ptr %p1
  %p2 = getelementptr i8, ptr @in, i64 2
  %x81 = load i8, ptr %p2
  %p3 = getelementptr i8, ptr @in, i64 3
  %hundred = load i8, ptr %p3
  ; 1 + 255 and 100 + 255: 255.
  %a = call i8 @llvm.uadd.sat.i8(i8 %one, i8 %ff)
  call void @show8(i8 %a)
  %b = call i8 @llvm.uadd.sat.i8(i8 %hundred, i8 %ff)
  call void @show8(i8 %b)
  ; 0x81 << 1 and 100 << 2: 255; 1 << 1: 2.
  %c = call i8 @llvm.ushl.sat.i8(i8 %x81, i8 %one)
  call void @show8(i8 %c)
  %two = add i8 %one, 1
  %d = call i8 @llvm.ushl.sat.i8(i8 %hundred, i8 %two)
  call void @show8(i8 %d)
  %e = call i8 @llvm.ushl.sat.i8(i8 %one, i8 %one)
  call void @show8(i8 %e)
  ; 1 - 255: 0.
  %f = call i8 @llvm.usub.sat.i8(i8 %one, i8 %ff)
  call void @show8(i8 %f)
  ; -127 + -1 = -128 fits; -127 - 100 and -127 << 1 clamp to -128; 100 - -127 to 127.
  %g = call i8 @llvm.sadd.sat.i8(i8 %x81, i8 %ff)
  call void @show8(i8 %g)
  %h = call i8 @llvm.ssub.sat.i8(i8 %x81, i8 %hundred)
  call void @show8(i8 %h)
  %i = call i8 @llvm.sshl.sat.i8(i8 %x81, i8 %one)
  call void @show8(i8 %i)
  %j = call i8 @llvm.ssub.sat.i8(i8 %hundred, i8 %x81)
  call void @show8(i8 %j)
  ; i128: 1 + (2^128 - 1) clamps to all ones.
  %w1 = zext i8 %one to i128
  %wm = sext i8 %ff to i128
  %k = call i128 @llvm.uadd.sat.i128(i128 %w1, i128 %wm)
  %klo = trunc i128 %k to i64
  %kh = lshr i128 %k, 64
  %khi = trunc i128 %kh to i64
  %r1 = call i32 (ptr, ...) @printf(ptr @fmt, i64 %khi)
  %r2 = call i32 (ptr, ...) @printf(ptr @fmt, i64 %klo)
  ; Vectors: <1, 0xffff> + <0xffff, 1>.
  %s1 = zext i8 %one to i16
  %sm = sext i8 %ff to i16
  %v0 = insertelement <2 x i16> poison, i16 %s1, i64 0
  %v1 = insertelement <2 x i16> %v0, i16 %sm, i64 1
  %u0 = insertelement <2 x i16> poison, i16 %sm, i64 0
  %u1 = insertelement <2 x i16> %u0, i16 %s1, i64 1
  %l = call <2 x i16> @llvm.uadd.sat.v2i16(<2 x i16> %v1, <2 x i16> %u1)
  %l0 = extractelement <2 x i16> %l, i64 0
  %l1 = extractelement <2 x i16> %l, i64 1
  %l0z = zext i16 %l0 to i64
  %l1z = zext i16 %l1 to i64
  %r3 = call i32 (ptr, ...) @printf(ptr @fmt, i64 %l0z)
  %r4 = call i32 (ptr, ...) @printf(ptr @fmt, i64 %l1z)
  ret i32 0
}
