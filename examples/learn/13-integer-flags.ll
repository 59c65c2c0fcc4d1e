; Integer flags are promises the producer of the IR makes to the optimizer.
; nuw: the unsigned result does not wrap; nsw: the signed result does not
; wrap; exact (on udiv, sdiv, lshr, ashr): no nonzero bits are dropped, the
; division has no remainder. Kept promises change nothing; a broken promise
; makes the result poison (not a wrapped number). Without flags, add on i8
; simply wraps around modulo 256.
; In the playground, all printed lines are well defined; look at the poison
; mark on %broken, which is computed but never used (so it does no harm).

@fmt = private constant [9 x i8] c"%s = %d\0A\00"
@s1 = private constant [22 x i8] c"add i8 127, 1 (wraps)\00"
@s2 = private constant [23 x i8] c"add nuw nsw i8 100, 27\00"
@s3 = private constant [21 x i8] c"udiv exact i32 96, 8\00"
@s4 = private constant [22 x i8] c"ashr exact i32 -64, 3\00"
@s5 = private constant [33 x i8] c"sub nuw i8 200, 55 (as unsigned)\00"

declare i32 @printf(ptr noundef, ...)

define void @show(ptr %what, i32 %v) {
  call i32 (ptr, ...) @printf(ptr @fmt, ptr %what, i32 %v)
  ret void
}

define i32 @main() {
  %w = add i8 127, 1                  ; -128: plain add wraps
  %w32 = sext i8 %w to i32
  call void @show(ptr @s1, i32 %w32)
  %k = add nuw nsw i8 100, 27         ; 127: both promises kept
  %k32 = sext i8 %k to i32
  call void @show(ptr @s2, i32 %k32)
  %d = udiv exact i32 96, 8           ; 12: 96 is a multiple of 8
  call void @show(ptr @s3, i32 %d)
  %s = ashr exact i32 -64, 3          ; -8: the low 3 bits were zero
  call void @show(ptr @s4, i32 %s)
  %u = sub nuw i8 200, 55             ; 145: no unsigned borrow
  %u32 = zext i8 %u to i32
  call void @show(ptr @s5, i32 %u32)
  %broken = add nsw i8 127, 1         ; promise broken: poison, unused
  ret i32 0
}

; RUN: irplay check %s
; RUN: irplay run %s
