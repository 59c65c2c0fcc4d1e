; RUN: irplay opt -p instcombine %s
; Cast chains and narrowing: `trunc (zext x)` → x or a single cast; `zext (zext x)`,
; `sext (sext x)`, `sext (zext x)` → one cast; `zext (trunc x)` back to x's type → `and`;
; `trunc (mul (sext a), (sext b))` → `mul` in the narrow type (the low bits of the product
; depend only on the low bits; the `nsw` of the wide multiply is dropped); `icmp` of a
; `zext`/`sext` against a constant of the narrow range, or of two extensions from one type,
; compares the narrow values (unsigned predicates for `zext`). Does NOT fire: the compare
; against a constant outside the narrow range (@outside: decided by known bits instead),
; and the narrowing of a wide operation with another use (@shared).
; Oracle: opt-19 -passes=instcombine gives the same or equivalent instructions; the input,
; our output and opt-19's output print the same under `irplay run`.

@fmt = private constant [10 x i8] c"%d %d %d\0A\00"

declare i32 @printf(ptr, ...)

define i16 @mul16(i16 %a, i16 %b) {
  %x = sext i16 %a to i32
  %y = sext i16 %b to i32
  %m = mul nsw i32 %x, %y
  %t = trunc i32 %m to i16
  ret i16 %t
}

define i32 @chains(i8 %c, i32 %w) {
  %z = zext i8 %c to i16
  %zz = zext i16 %z to i64
  %t = trunc i64 %zz to i32
  %s = sext i8 %c to i16
  %ss = sext i16 %s to i32
  %u = zext i8 %c to i16
  %us = sext i16 %u to i32
  %n = trunc i32 %w to i8
  %nz = zext i8 %n to i32
  %r1 = add i32 %t, %ss
  %r2 = add i32 %r1, %us
  %r3 = add i32 %r2, %nz
  ret i32 %r3
}

define i32 @compares(i8 %a, i8 %b) {
  %za = zext i8 %a to i32
  %zb = zext i8 %b to i32
  %c1 = icmp slt i32 %za, 100
  %c2 = icmp sgt i32 %za, %zb
  %sa = sext i8 %a to i32
  %c3 = icmp slt i32 %sa, -5
  %e1 = zext i1 %c1 to i32
  %e2 = zext i1 %c2 to i32
  %e3 = zext i1 %c3 to i32
  %s2 = shl i32 %e2, 1
  %s3 = shl i32 %e3, 2
  %r = or i32 %e1, %s2
  %r2 = or i32 %r, %s3
  ret i32 %r2
}

define i1 @outside(i8 %a) {
  %za = zext i8 %a to i32
  %c = icmp ult i32 %za, 300
  ret i1 %c
}

define i32 @shared(i16 %a, i16 %b) {
  %x = zext i16 %a to i32
  %y = zext i16 %b to i32
  %m = add i32 %x, %y
  %t = trunc i32 %m to i16
  %z = zext i16 %t to i32
  %r = xor i32 %z, %m
  ret i32 %r
}

define i32 @main() {
  %m = call i16 @mul16(i16 300, i16 -7)
  %ms = sext i16 %m to i32
  %c1 = call i32 @chains(i8 -3, i32 1000)
  %c2 = call i32 @chains(i8 77, i32 -1)
  %k1 = call i32 @compares(i8 50, i8 -3)
  %k2 = call i32 @compares(i8 -10, i8 3)
  %k3 = call i32 @compares(i8 120, i8 119)
  %o = call i1 @outside(i8 -1)
  %oz = zext i1 %o to i32
  %s = call i32 @shared(i16 -1, i16 2)
  call i32 (ptr, ...) @printf(ptr @fmt, i32 %ms, i32 %c1, i32 %c2)
  call i32 (ptr, ...) @printf(ptr @fmt, i32 %k1, i32 %k2, i32 %k3)
  call i32 (ptr, ...) @printf(ptr @fmt, i32 %oz, i32 %s, i32 0)
  ret i32 0
}
