; RUN: irplay opt -p reassociate %s
; Trees of add/sub, mul, and, or, xor are regrouped so constants combine and equal
; operands meet: `(x + 3) + (y + 5)` → `(x + y) + 8`; `x + z - x` → `z`; `(x * 3) * 5` →
; `x * 15`; `(y ^ z) ^ y` → `z`; `((z & 12) & z) & 10` → `z & 8`; `(x | 1) | 6` → `x | 7`.
; The `nsw`/`nuw` flags of rewritten trees are dropped (the new intermediate sums are not the
; ones the flags were about); @flags: `(x + MAX) - MAX` with nsw is `x`.
; Does NOT fire: a node with another use stays (@shared), and a tree that would not get
; smaller is left as it is.
; Oracle: opt-19 -passes=reassociate gives equivalent trees (it also reorders trees by rank
; alone, which we do not); the input, our output and opt-19's output print the same under
; `irplay run`.

@fmt = private constant [13 x i8] c"%d %d %d %d\0A\00"

declare i32 @printf(ptr, ...)

define i32 @sums(i32 %x, i32 %y, i32 %z) {
  %a = add nsw i32 %x, 3
  %b = add nsw i32 %y, 5
  %c = add nsw i32 %a, %b
  %d = add i32 %x, %z
  %e = sub i32 %d, %x
  %r = mul i32 %c, %e
  ret i32 %r
}

define i32 @others(i32 %x, i32 %y, i32 %z) {
  %m = mul i32 %x, 3
  %n = mul i32 %m, 5
  %o = xor i32 %y, %z
  %p = xor i32 %o, %y
  %q = and i32 %z, 12
  %r = and i32 %q, %z
  %s = and i32 %r, 10
  %t = or i32 %x, 1
  %u = or i32 %t, 6
  %v1 = mul i32 %n, %p
  %v2 = sdiv i32 %v1, %s
  %v3 = sdiv i32 %v2, %u
  ret i32 %v3
}

define i32 @flags(i32 %x) {
  %a = add nsw i32 %x, 2147483647
  %b = add nsw i32 %a, -2147483647
  ret i32 %b
}

define i32 @shared(i32 %x) {
  %a = add i32 %x, 3
  %b = add i32 %a, 4
  %c = mul i32 %a, %b
  ret i32 %c
}

define i32 @main() {
  %a = call i32 @sums(i32 10, i32 20, i32 7)
  %b = call i32 @others(i32 9, i32 77, i32 14)
  %c = call i32 @flags(i32 -5)
  %d = call i32 @shared(i32 2)
  call i32 (ptr, ...) @printf(ptr @fmt, i32 %a, i32 %b, i32 %c, i32 %d)
  ret i32 0
}
