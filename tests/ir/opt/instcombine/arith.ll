; RUN: irplay opt -p instcombine %s
; Arithmetic with constants: constants go right (`add 5, x` → `add x, 5`); `sub x, C` →
; `add x, -C` (`nsw` kept since C is not the minimum, `nuw` dropped: unsigned overflow of the
; two forms differs); `(x + C1) + C2` → `x + (C1+C2)` with the flags dropped (nsw on the
; parts does not imply nsw on the whole); `mul x, 8` → `shl x, 3` (`nsw`/`nuw` kept: same
; overflow); `udiv exact x, 4` → `lshr exact x, 2`; `urem x, 16` → `and x, 15`; `icmp sle x,
; C` → `icmp slt x, C+1`, `icmp uge x, C` → `icmp ugt x, C-1`, `icmp ult x, 1` → `icmp eq x,
; 0`; `mul x, -2147483648` → `shl x, 31`. Flags NOT kept: `sub nsw x, -2147483648` becomes
; `add x, -2147483648` without `nsw` (x - MIN and x + MIN overflow for different x).
; Does NOT fire: a reassociation whose inner operation has another use (@shared).
; Oracle: opt-19 -passes=instcombine gives equivalent instructions (it keeps more flags
; where it can prove them); the input, our output and opt-19's output print the same under
; `irplay run`.

@fmt = private constant [13 x i8] c"%d %d %d %d\0A\00"

declare i32 @printf(ptr, ...)

define i32 @consts(i32 %x) {
  %a = add nsw i32 5, %x
  %b = sub nsw i32 %a, 12
  %c = add nuw i32 %b, 100
  %d = sub nuw i32 %c, 1
  ret i32 %d
}

define i32 @strength(i32 %x, i32 %y) {
  %m = mul nsw i32 %x, 8
  %d = udiv exact i32 %m, 4
  %r = urem i32 %y, 16
  %s = add i32 %d, %r
  %u = mul i32 %y, -2147483648
  %v = add i32 %s, %u
  ret i32 %v
}

define i32 @minsub(i32 %x) {
  %t = sub nsw i32 %x, -2147483648
  ret i32 %t
}

define i32 @preds(i32 %x) {
  %c1 = icmp sle i32 %x, 7
  %c2 = icmp uge i32 %x, 3
  %c3 = icmp ult i32 %x, 1
  %e1 = zext i1 %c1 to i32
  %e2 = zext i1 %c2 to i32
  %e3 = zext i1 %c3 to i32
  %s2 = shl i32 %e2, 1
  %s3 = shl i32 %e3, 2
  %r = or i32 %e1, %s2
  %r2 = or i32 %r, %s3
  ret i32 %r2
}

define i32 @shared(i32 %x) {
  %a = add i32 %x, 3
  %b = add i32 %a, 4
  %c = mul i32 %a, %b
  ret i32 %c
}

define i32 @main() {
  %a = call i32 @consts(i32 10)
  %b = call i32 @consts(i32 -2147483600)
  %c = call i32 @strength(i32 5, i32 37)
  %d = call i32 @strength(i32 -3, i32 2)
  %p1 = call i32 @preds(i32 0)
  %p2 = call i32 @preds(i32 5)
  %p3 = call i32 @preds(i32 -1)
  %s0 = call i32 @shared(i32 2)
  %ms = call i32 @minsub(i32 -5)
  %s = add i32 %s0, %ms
  call i32 (ptr, ...) @printf(ptr @fmt, i32 %a, i32 %b, i32 %c, i32 %d)
  call i32 (ptr, ...) @printf(ptr @fmt, i32 %p1, i32 %p2, i32 %p3, i32 %s)
  ret i32 0
}
