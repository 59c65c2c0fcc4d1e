; RUN: irplay opt -p licm %s
; Invariant pure instructions move to the preheader: `%x` (whose `nsw` may make it poison:
; hoisting it out of the conditional block only produces that poison on more paths, which
; the LangRef allows since poison is not undefined behaviour) and the chain `%y`, `%q`
; (division by the constant 7 cannot trap). Not hoisted: `%z = udiv %a, %b` (the LangRef:
; division by zero is undefined behaviour; the loop only divides when %b is not zero),
; `%m = srem %a, -1` (srem of INT_MIN by -1 is undefined behaviour), and everything that
; depends on the induction variable.
; Oracle: opt-19 -passes=licm hoists the same instructions (and adds LCSSA phis at the exit,
; which we do not need); the three programs print the same.

@fmt = private constant [10 x i8] c"%d %d %d\0A\00"
declare i32 @printf(ptr, ...)

define i32 @f(i32 %a, i32 %b, i32 %n) {
entry:
  br label %h

h:
  %i = phi i32 [ 0, %entry ], [ %i.next, %latch ]
  %acc = phi i32 [ 0, %entry ], [ %acc.next, %latch ]
  %nz = icmp ne i32 %b, 0
  br i1 %nz, label %then, label %latch

then:
  %x = mul nsw i32 %a, %b
  %y = add i32 %x, 3
  %q = sdiv i32 %y, 7
  %z = udiv i32 %a, %b
  %m = srem i32 %a, -1
  %t1 = add i32 %q, %z
  %t2 = add i32 %t1, %m
  %t3 = add i32 %t2, %i
  br label %latch

latch:
  %v = phi i32 [ 0, %h ], [ %t3, %then ]
  %acc.next = add i32 %acc, %v
  %i.next = add i32 %i, 1
  %c = icmp slt i32 %i.next, %n
  br i1 %c, label %h, label %exit

exit:
  ret i32 %acc.next
}

define i32 @main() {
  %r1 = call i32 @f(i32 100, i32 3, i32 5)
  %r2 = call i32 @f(i32 100, i32 0, i32 5)
  %r3 = call i32 @f(i32 -2147483648, i32 1, i32 2)
  %p = call i32 (ptr, ...) @printf(ptr @fmt, i32 %r1, i32 %r2, i32 %r3)
  ret i32 0
}
