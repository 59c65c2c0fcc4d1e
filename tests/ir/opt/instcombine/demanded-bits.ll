; RUN: irplay opt -p instcombine %s
; Bits that do not matter. @crc_byte: one byte step of a CRC, `crc32_tab[(crc ^ (x & 255))
; & 255]` with the byte passed as an `i8`: the `zext (trunc x to i8) to i32` becomes a mask
; of a `trunc` to `i32`, the mask goes under the outer `and 255`, and the index (`zext` of
; the masked `xor`) is computed in `i64` directly from `x`. @sum_low: `and (add (and a, 255),
; b), 15`: the inner mask keeps every bit that matters (bits 0-3 of a sum depend only on
; bits 0-3 of its operands), so it goes, with the `nuw` that spoke of it. @widen: `zext
; (trunc i8 x to i4) to i16` is `and (zext x), 15`.
; Does NOT fire: @mask_too_narrow (the inner mask 7 drops bit 3, which the outer 15 keeps),
; @shared (the `xor` has another use, so its operands must stay), @trunc_shared (the `trunc`
; has another use: evaluating in `i64` would not remove it).
; Oracle: opt-19 -passes=instcombine gives the same @sum_low; for @crc_byte it keeps the index
; as `zext nneg (and (xor (trunc x), crc), 255)` (four instructions to our three; in its O2
; pipeline it reaches our form), for @widen it masks in `i8` and then extends (as many
; instructions); it moves @mask_too_narrow's outer mask onto %b, leaves @shared alone and
; rewrites @trunc_shared's second `zext` as a mask of %x; the programs print the same.

@fmt = private constant [22 x i8] c"%d %d %d %d %d %d %d\0A\00"
@tab = internal global [256 x i32] zeroinitializer, align 16
declare i32 @printf(ptr, ...)

define i32 @crc_byte(i32 %crc, i64 %x) {
  %m = and i64 %x, 255
  %b = trunc i64 %m to i8
  %b32 = zext i8 %b to i32
  %t = xor i32 %crc, %b32
  %i = and i32 %t, 255
  %i64 = zext i32 %i to i64
  %p = getelementptr inbounds [256 x i32], ptr @tab, i64 0, i64 %i64
  %v = load i32, ptr %p, align 4
  %s = lshr i32 %crc, 8
  %r = xor i32 %s, %v
  ret i32 %r
}

define i32 @sum_low(i32 %a, i32 %b) {
  %m = and i32 %a, 255
  %s = add nuw i32 %m, %b
  %r = and i32 %s, 15
  ret i32 %r
}

define i16 @widen(i8 %x) {
  %t = trunc i8 %x to i4
  %r = zext i4 %t to i16
  ret i16 %r
}

define i32 @mask_too_narrow(i32 %a, i32 %b) {
  %m = and i32 %a, 7
  %s = xor i32 %m, %b
  %r = and i32 %s, 15
  ret i32 %r
}

define i32 @shared(i32 %a, i32 %b) {
  %m = and i32 %a, 255
  %s = xor i32 %m, %b
  %r = and i32 %s, 15
  %u = add i32 %r, %s
  ret i32 %u
}

define i64 @trunc_shared(i32 %crc, i64 %x) {
  %t = trunc i64 %x to i32
  %y = xor i32 %crc, %t
  %i = and i32 %y, 255
  %i64 = zext i32 %i to i64
  %t64 = zext i32 %t to i64
  %r = add i64 %i64, %t64
  ret i64 %r
}

define void @init() {
entry:
  br label %loop

loop:
  %k = phi i64 [ 0, %entry ], [ %k.next, %loop ]
  %v = trunc i64 %k to i32
  %v3 = mul i32 %v, 2654435761
  %p = getelementptr inbounds [256 x i32], ptr @tab, i64 0, i64 %k
  store i32 %v3, ptr %p, align 4
  %k.next = add nuw nsw i64 %k, 1
  %c = icmp ult i64 %k.next, 256
  br i1 %c, label %loop, label %exit

exit:
  ret void
}

define i32 @main() {
  call void @init()
  %a = call i32 @crc_byte(i32 -1, i64 1234567)
  %b = call i32 @sum_low(i32 1000, i32 77)
  %c16 = call i16 @widen(i8 -3)
  %c = zext i16 %c16 to i32
  %d = call i32 @mask_too_narrow(i32 29, i32 6)
  %e = call i32 @shared(i32 300, i32 12)
  %f64 = call i64 @trunc_shared(i32 99, i64 4294967299)
  %f = trunc i64 %f64 to i32
  %r = call i32 (ptr, ...) @printf(ptr @fmt, i32 %a, i32 %b, i32 %c, i32 %d, i32 %e, i32 %f, i32 0)
  ret i32 0
}
