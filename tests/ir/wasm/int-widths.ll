; RUN: irplay run %s
; RUN: irplay run --engine wasm %s
; Integer legalization: odd widths live zero-extended in i32/i64 registers, so wrap,
; shifts, signed compares, extensions and odd-sized loads and stores must be exact.
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"

@fmt = private constant [5 x i8] c"%s\0A\00\00"
@d = private constant [4 x i8] c"%d\0A\00"
@u = private constant [5 x i8] c"%u\0A\00\00"
@l = private constant [6 x i8] c"%lld\0A\00"
@lx = private constant [6 x i8] c"%llx\0A\00"
@cell40 = global i40 0
@cell24 = global i24 0

declare i32 @printf(ptr, ...)

define i32 @main() {
entry:
  ; i8 wraps: 250 + 10 = 4
  %a = add i8 250, 10
  %a32 = zext i8 %a to i32
  call i32 (ptr, ...) @printf(ptr @d, i32 %a32)
  ; i8 signed view: -56
  %b = mul i8 20, 10
  %b32 = sext i8 %b to i32
  call i32 (ptr, ...) @printf(ptr @d, i32 %b32)
  ; ashr on i8: -128 >> 3 = -16
  %c = ashr i8 -128, 3
  %c32 = sext i8 %c to i32
  call i32 (ptr, ...) @printf(ptr @d, i32 %c32)
  ; lshr on i8: 128 >> 3 = 16
  %c2 = lshr i8 -128, 3
  %c2w = zext i8 %c2 to i32
  call i32 (ptr, ...) @printf(ptr @d, i32 %c2w)
  ; sdiv/srem on i16
  %e = sdiv i16 -7, 2
  %e32 = sext i16 %e to i32
  call i32 (ptr, ...) @printf(ptr @d, i32 %e32)
  %f = srem i16 -7, 2
  %f32 = sext i16 %f to i32
  call i32 (ptr, ...) @printf(ptr @d, i32 %f32)
  ; i1 arithmetic: 1 + 1 = 0
  %g = add i1 true, true
  %g32 = zext i1 %g to i32
  call i32 (ptr, ...) @printf(ptr @d, i32 %g32)
  ; i1 sext: -1
  %h = sext i1 true to i32
  call i32 (ptr, ...) @printf(ptr @d, i32 %h)
  ; signed compare on i8: -1 < 1
  %i = icmp slt i8 -1, 1
  %i32 = zext i1 %i to i32
  call i32 (ptr, ...) @printf(ptr @d, i32 %i32)
  ; unsigned compare on i8: 255 > 1
  %j = icmp ugt i8 -1, 1
  %j32 = zext i1 %j to i32
  call i32 (ptr, ...) @printf(ptr @d, i32 %j32)
  ; i33: 2^32 + 2^32 wraps to 0 (in 33 bits: 2^33 mod 2^33)
  %k = add i33 4294967296, 4294967296
  %k64 = zext i33 %k to i64
  call i32 (ptr, ...) @printf(ptr @l, i64 %k64)
  ; i33 sext of the top bit
  %k2 = sext i33 4294967296 to i64
  call i32 (ptr, ...) @printf(ptr @l, i64 %k2)
  ; i40 store and load (5 bytes)
  store i40 1099511627775, ptr @cell40
  %m = load i40, ptr @cell40
  %m1 = add i40 %m, 2
  %m64 = zext i40 %m1 to i64
  call i32 (ptr, ...) @printf(ptr @l, i64 %m64)
  ; i24 store and load (3 bytes)
  store i24 -2, ptr @cell24
  %n = load i24, ptr @cell24
  %n32 = sext i24 %n to i32
  call i32 (ptr, ...) @printf(ptr @d, i32 %n32)
  ; trunc i64 -> i8 -> sext
  %o = trunc i64 511 to i8
  %o32 = sext i8 %o to i32
  call i32 (ptr, ...) @printf(ptr @d, i32 %o32)
  ; shl on i16 loses high bits
  %p = shl i16 -1, 4
  %p32 = zext i16 %p to i32
  call i32 (ptr, ...) @printf(ptr @u, i32 %p32)
  ; i64 mixed
  %q = mul i64 -1, 3
  call i32 (ptr, ...) @printf(ptr @lx, i64 %q)
  ; udiv/urem on i64 with the top bit set
  %r = udiv i64 -1, 10
  call i32 (ptr, ...) @printf(ptr @l, i64 %r)
  ; sitofp and fptosi on i8
  %s = sitofp i8 -3 to double
  %s2 = fptosi double %s to i8
  %s32 = sext i8 %s2 to i32
  call i32 (ptr, ...) @printf(ptr @d, i32 %s32)
  ; uitofp of an i64 with the top bit
  %t = uitofp i64 -1 to double
  %t2 = fptoui double 1.0e3 to i16
  %t32 = zext i16 %t2 to i32
  call i32 (ptr, ...) @printf(ptr @d, i32 %t32)
  ret i32 0
}
