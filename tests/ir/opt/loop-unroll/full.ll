; RUN: irplay opt -p loop-unroll %s
; Full unrolling of loops with a constant trip count. @latch_test: a rotated loop testing
; `%i.next ult 3` in its latch runs 3 times: copies `%loop.1`, `%loop.2`, values `%x.1`, ...
; @header_test: the header tests the phi (`%i slt 4`, exit on false): the body runs 4 times
; and the header a fifth time, whose body copy is removed. @down: counting down by -2 from
; 9 while `%i.next ne 1` exits after 4 passes (step given as `add -2`), exit on true.
; @sle_i8: `sle` at the i8 limit: 124, 125, 126, 127 (no overflow before the exit).
; Oracle: opt-19 -passes=loop-unroll unrolls the same loops the same number of times (it
; also folds the induction variable and merges the blocks, which we leave to other passes);
; the three programs print the same.

@fmt = private constant [13 x i8] c"%d %d %d %d\0A\00"
declare i32 @printf(ptr, ...)

define i32 @latch_test(i32 %x) {
entry:
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %s = phi i32 [ %x, %entry ], [ %s.next, %loop ]
  %s.next = mul i32 %s, 3
  %i.next = add nuw nsw i32 %i, 1
  %c = icmp ult i32 %i.next, 3
  br i1 %c, label %loop, label %exit

exit:
  ret i32 %s.next
}

define i32 @header_test(i32 %x) {
entry:
  br label %h

h:
  %i = phi i32 [ 0, %entry ], [ %i.next, %body ]
  %s = phi i32 [ %x, %entry ], [ %s.next, %body ]
  %c = icmp slt i32 %i, 4
  br i1 %c, label %body, label %exit

body:
  %t = shl i32 %i, 2
  %s.next = add i32 %s, %t
  %i.next = add nsw i32 %i, 1
  br label %h

exit:
  %r = add i32 %s, %i
  ret i32 %r
}

define i32 @down(i32 %x) {
entry:
  br label %loop

loop:
  %i = phi i32 [ 9, %entry ], [ %i.next, %loop ]
  %p = phi i32 [ 1, %entry ], [ %p.next, %loop ]
  %p.next = mul i32 %p, %i
  %i.next = add i32 %i, -2
  %done = icmp eq i32 %i.next, 1
  br i1 %done, label %exit, label %loop

exit:
  %r = add i32 %p.next, %x
  ret i32 %r
}

define i32 @sle_i8(i32 %x) {
entry:
  br label %loop

loop:
  %i = phi i8 [ 124, %entry ], [ %i.next, %latch ]
  %s = phi i32 [ %x, %entry ], [ %s.next, %latch ]
  %w = sext i8 %i to i32
  %s.next = add i32 %s, %w
  br label %latch

latch:
  %c = icmp sle i8 %i, 126
  %i.next = add nsw i8 %i, 1
  br i1 %c, label %loop, label %exit

exit:
  ret i32 %s.next
}

define i32 @main() {
  %a = call i32 @latch_test(i32 2)
  %b = call i32 @header_test(i32 100)
  %c = call i32 @down(i32 0)
  %d = call i32 @sle_i8(i32 0)
  %p = call i32 (ptr, ...) @printf(ptr @fmt, i32 %a, i32 %b, i32 %c, i32 %d)
  ret i32 0
}
