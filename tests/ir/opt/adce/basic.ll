; RUN: irplay opt -p adce %s
; Aggressive dead code elimination: a diamond whose two sides only compute a phi nobody uses
; (the branch steers dead code only: it becomes unconditional, the computations go), a cycle of
; phis and adds that only feed each other, and an unused load. The loop itself stays: its
; back-edge branch is live (LLVM 19's adce does not remove loops, which might not terminate).
; What is printed and stored stays.
; Oracle: opt-19 -passes=adce gives the same instructions; the input, our output and
; opt-19's output print the same under `irplay run`.

@fmt = private constant [4 x i8] c"%d\0A\00"
@g = global i32 0

declare i32 @printf(ptr, ...)

define i32 @f(i32 %n, i1 %c) {
entry:
  %unused = load i32, ptr @g, align 4
  br i1 %c, label %a, label %b
a:
  %x = add i32 %n, 1
  br label %j
b:
  %y = mul i32 %n, 3
  br label %j
j:
  %p = phi i32 [ %x, %a ], [ %y, %b ]
  br label %loop
loop:
  %i = phi i32 [ 0, %j ], [ %i2, %loop ]
  %s = phi i32 [ %p, %j ], [ %s2, %loop ]
  %s2 = add i32 %s, %i
  %i2 = add i32 %i, 1
  %d = icmp slt i32 %i2, %n
  br i1 %d, label %loop, label %exit
exit:
  store i32 %i2, ptr @g, align 4
  %r = shl i32 %n, 1
  ret i32 %r
}

define i32 @main() {
  %a = call i32 @f(i32 5, i1 true)
  %b = call i32 @f(i32 7, i1 false)
  %g = load i32, ptr @g, align 4
  %p1 = call i32 (ptr, ...) @printf(ptr @fmt, i32 %a)
  %p2 = call i32 (ptr, ...) @printf(ptr @fmt, i32 %b)
  %p3 = call i32 (ptr, ...) @printf(ptr @fmt, i32 %g)
  ret i32 0
}
