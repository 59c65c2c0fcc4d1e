; RUN: irplay opt -p simplifycfg %s
; If-conversion: the phi at the join of a small `if`/`else` becomes a `select`, the code of
; the conditional blocks running before the branch. @crc_step: the diamond of a CRC step
; (`lshr` and `xor` on one side, `lshr` on the other: cost 3). @triangle: `if` without
; `else`; the moved `add nsw` may overflow on the path that did not run it, which gives
; poison the `select` does not pick. @div_const: `udiv` by a non-zero constant cannot trap
; (and one instruction may go over the budget on its own). Left alone: @div_var (a division
; by a variable could be by zero), @load (a load may trap), @over_budget (five instructions
; cost more than 4), @mul_rem (a 64-bit `mul` and a remainder cost more than 4), @four_phis
; (more than three phis), @bool_or (an `i1` join of a binary operation, kept for LLVM's
; `&&`/`||` folds).
; Oracle: opt-19 -passes=simplifycfg forms the same selects and leaves the same six joins
; (it names a select made from a triangle `%spec.select`); the programs print the same.

@fmt = private constant [28 x i8] c"%d %d %d %d %d %d %d %d %d\0A\00"
declare i32 @printf(ptr, ...)

define i32 @crc_step(i32 %crc) {
entry:
  %bit = and i32 %crc, 1
  %odd = icmp ne i32 %bit, 0
  br i1 %odd, label %then, label %else

then:
  %s1 = lshr i32 %crc, 1
  %x = xor i32 %s1, -306674912
  br label %join

else:
  %s2 = lshr i32 %crc, 1
  br label %join

join:
  %r = phi i32 [ %x, %then ], [ %s2, %else ]
  ret i32 %r
}

define i32 @triangle(i32 %a, i1 %c) {
entry:
  br i1 %c, label %then, label %join

then:
  %b = add nsw i32 %a, 2147483647
  br label %join

join:
  %r = phi i32 [ %b, %then ], [ %a, %entry ]
  ret i32 %r
}

define i32 @div_const(i32 %a, i1 %c) {
entry:
  br i1 %c, label %then, label %join

then:
  %q = udiv i32 %a, 7
  br label %join

join:
  %r = phi i32 [ %q, %then ], [ 0, %entry ]
  ret i32 %r
}

define i32 @div_var(i32 %a, i32 %d) {
entry:
  %nz = icmp ne i32 %d, 0
  br i1 %nz, label %then, label %join

then:
  %q = udiv i32 %a, %d
  br label %join

join:
  %r = phi i32 [ %q, %then ], [ 0, %entry ]
  ret i32 %r
}

define i32 @load(ptr %p) {
entry:
  %nn = icmp ne ptr %p, null
  br i1 %nn, label %then, label %join

then:
  %v = load i32, ptr %p, align 4
  br label %join

join:
  %r = phi i32 [ %v, %then ], [ -1, %entry ]
  ret i32 %r
}

define i32 @over_budget(i32 %a, i1 %c) {
entry:
  br i1 %c, label %then, label %join

then:
  %t1 = mul i32 %a, 3
  %t2 = add i32 %t1, 5
  %t3 = xor i32 %t2, 9
  %t4 = shl i32 %t3, 1
  %t5 = sub i32 %t4, %a
  br label %join

join:
  %r = phi i32 [ %t5, %then ], [ %a, %entry ]
  ret i32 %r
}

define i64 @mul_rem(i64 %r, i64 %b, i1 %c) {
entry:
  br i1 %c, label %then, label %join

then:
  %p = mul i64 %r, %b
  %q = urem i64 %p, 1000000007
  br label %join

join:
  %x = phi i64 [ %q, %then ], [ %r, %entry ]
  ret i64 %x
}

define i32 @four_phis(i32 %a, i1 %c) {
entry:
  br i1 %c, label %then, label %join

then:
  br label %join

join:
  %p1 = phi i32 [ 1, %then ], [ %a, %entry ]
  %p2 = phi i32 [ 2, %then ], [ %a, %entry ]
  %p3 = phi i32 [ 3, %then ], [ %a, %entry ]
  %p4 = phi i32 [ 4, %then ], [ %a, %entry ]
  %s1 = add i32 %p1, %p2
  %s2 = add i32 %p3, %p4
  %s = add i32 %s1, %s2
  ret i32 %s
}

define i32 @bool_or(i32 %a, i32 %b) {
entry:
  %ca = icmp eq i32 %a, 0
  br i1 %ca, label %join, label %rhs

rhs:
  %x = and i32 %b, 3
  %cb = icmp eq i32 %x, 0
  %both = and i1 %cb, %ca
  br label %join

join:
  %r = phi i1 [ true, %entry ], [ %both, %rhs ]
  %z = zext i1 %r to i32
  ret i32 %z
}

define i32 @main() {
  %p = alloca i32, align 4
  store i32 42, ptr %p, align 4
  %a = call i32 @crc_step(i32 12345)
  %b = call i32 @triangle(i32 5, i1 false)
  %c = call i32 @div_const(i32 100, i1 true)
  %d = call i32 @div_var(i32 100, i32 0)
  %e = call i32 @load(ptr %p)
  %f = call i32 @over_budget(i32 7, i1 true)
  %g = call i32 @four_phis(i32 7, i1 false)
  %h = call i32 @bool_or(i32 1, i32 4)
  %i = call i64 @mul_rem(i64 123456789, i64 987654321, i1 true)
  %i32 = trunc i64 %i to i32
  %r = call i32 (ptr, ...) @printf(ptr @fmt, i32 %a, i32 %b, i32 %c, i32 %d, i32 %e, i32 %f, i32 %g, i32 %h, i32 %i32)
  ret i32 0
}
