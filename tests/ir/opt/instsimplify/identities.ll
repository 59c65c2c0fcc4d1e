; RUN: irplay opt -p instsimplify %s
; Identities and known bits on registers: x+0, x-0, x-x, x*1, x*0, x&-1, x&x, x|0, x|x,
; x^0, x^x, shifts by 0, x/1, x%1; `and` with a mask that the known bits already imply;
; icmp decided by the range the known bits allow (`(x & 255) ugt 255`, `ult x, 0`) or by
; the operand being compared with itself; select with equal arms or a constant condition;
; trunc of zext back to the original type; phi with one incoming value that dominates.
; Does NOT fire: `select c, x, undef` (x may be poison where undef was not, LangRef
; "Undefined Values"), and a phi whose common value does not dominate it.
; Oracle: opt-19 -passes=instsimplify gives the same output; the input, our output and
; opt-19's output print the same under `irplay run`.

@fmt = private constant [10 x i8] c"%d %d %d\0A\00"

declare i32 @printf(ptr, ...)

define i32 @ids(i32 %x, i32 %y, i1 %c) {
  %a = add i32 %x, 0
  %b = sub i32 %a, 0
  %d = sub i32 %b, %b
  %m = mul i32 %y, 1
  %z = mul i32 %y, 0
  %n = and i32 %m, -1
  %nn = and i32 %n, %n
  %o = or i32 %nn, 0
  %oo = or i32 %o, %o
  %p = xor i32 %oo, 0
  %pp = xor i32 %p, %p
  %s = shl i32 %p, 0
  %u = udiv i32 %s, 1
  %r = urem i32 %u, 1
  %sel = select i1 %c, i32 %u, i32 %u
  %sel2 = select i1 true, i32 %sel, i32 %x
  %t1 = add i32 %sel2, %d
  %t2 = add i32 %t1, %z
  %t3 = add i32 %t2, %pp
  %t4 = add i32 %t3, %r
  ret i32 %t4
}

define i32 @known(i32 %x, i8 %b) {
  %k = and i32 %x, 255
  %l = and i32 %k, 1023
  %c1 = icmp ugt i32 %k, 255
  %c2 = icmp ult i32 %x, 0
  %c3 = icmp sle i32 %x, %x
  %z = zext i8 %b to i32
  %c4 = icmp slt i32 %z, 0
  %w = zext i8 %b to i16
  %t = trunc i16 %w to i8
  %tz = zext i8 %t to i32
  %o = or i32 %k, 256
  %c5 = icmp eq i32 %o, 0
  %e1 = zext i1 %c1 to i32
  %e2 = zext i1 %c2 to i32
  %e3 = zext i1 %c3 to i32
  %e4 = zext i1 %c4 to i32
  %e5 = zext i1 %c5 to i32
  %s1 = add i32 %l, %e1
  %s2 = add i32 %s1, %e2
  %s3 = add i32 %s2, %e3
  %s4 = add i32 %s3, %e4
  %s5 = add i32 %s4, %tz
  %s6 = add i32 %s5, %e5
  ret i32 %s6
}

define i32 @phis(i1 %c, i32 %x) {
entry:
  %a = add i32 %x, 1
  br i1 %c, label %l, label %r
l:
  %b = mul i32 %x, 3
  br label %j
r:
  br label %j
j:
  %p = phi i32 [ %a, %l ], [ %a, %r ]
  %q = phi i32 [ %b, %l ], [ undef, %r ]
  %u = select i1 %c, i32 %q, i32 undef
  %s = add i32 %p, %u
  ret i32 %s
}

define i32 @main() {
  %a = call i32 @ids(i32 7, i32 9, i1 true)
  %b = call i32 @known(i32 -3, i8 -1)
  %c = call i32 @phis(i1 true, i32 5)
  call i32 (ptr, ...) @printf(ptr @fmt, i32 %a, i32 %b, i32 %c)
  ret i32 0
}
