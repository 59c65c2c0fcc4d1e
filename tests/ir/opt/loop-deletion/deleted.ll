; RUN: irplay opt -p loop-deletion %s
; Loops without effects whose results go unused, and that provably end, are deleted.
; @sum_unused: an `add nsw` counter against a parameter (it ends, or its step overflows into
; poison and the branch on it is undefined behaviour). @exit_phi: the exit phi receives the
; invariant %k from the loop, which now arrives from the preheader. @odd_step: a flag-free
; counter stepping by 3 (odd, so it meets every value) tested with `ne`. @progress: a loop
; on a loaded value with no induction variable, in a `mustprogress` function. @nested: the
; inner loop goes first, then the outer one.
; Oracle: opt-19 -passes=loop-deletion deletes the same five loops; the programs print the same.

@fmt = private constant [10 x i8] c"%d %d %d\0A\00"
declare i32 @printf(ptr, ...)

define i32 @sum_unused(i32 %n) {
entry:
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %s = phi i32 [ 0, %entry ], [ %s.next, %loop ]
  %s.next = add i32 %s, %i
  %i.next = add nsw i32 %i, 1
  %c = icmp slt i32 %i.next, %n
  br i1 %c, label %loop, label %exit

exit:
  ret i32 %n
}

define i32 @exit_phi(i32 %n, i32 %k) {
entry:
  br label %loop

loop:
  %i = phi i32 [ %n, %entry ], [ %i.next, %loop ]
  %i.next = add nuw i32 %i, -1
  %c = icmp ugt i32 %i.next, 7
  br i1 %c, label %loop, label %exit

exit:
  %r = phi i32 [ %k, %loop ]
  ret i32 %r
}

define i32 @odd_step(i32 %n) {
entry:
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %sq = mul i32 %i, %i
  %i.next = add i32 %i, 3
  %c = icmp ne i32 %i.next, %n
  br i1 %c, label %loop, label %exit

exit:
  ret i32 1
}

define i32 @progress(ptr %p) mustprogress {
entry:
  br label %loop

loop:
  %x = load i32, ptr %p, align 4
  %c = icmp eq i32 %x, 0
  br i1 %c, label %loop, label %exit

exit:
  ret i32 2
}

define i32 @nested(i32 %n) {
entry:
  br label %outer

outer:
  %i = phi i32 [ 0, %entry ], [ %i.next, %outer.latch ]
  br label %inner

inner:
  %j = phi i32 [ 0, %outer ], [ %j.next, %inner ]
  %j.next = add nuw nsw i32 %j, 1
  %ci = icmp ult i32 %j.next, 10
  br i1 %ci, label %inner, label %outer.latch

outer.latch:
  %i.next = add nsw i32 %i, 1
  %co = icmp slt i32 %i.next, %n
  br i1 %co, label %outer, label %exit

exit:
  ret i32 3
}

define i32 @main() {
  %x = alloca i32, align 4
  store i32 5, ptr %x, align 4
  %a = call i32 @sum_unused(i32 100)
  %b = call i32 @exit_phi(i32 50, i32 9)
  %c = call i32 @odd_step(i32 30)
  %d = call i32 @progress(ptr %x)
  %e = call i32 @nested(i32 4)
  %ab = add i32 %a, %b
  %cd = add i32 %c, %d
  %cde = add i32 %cd, %e
  %r = call i32 (ptr, ...) @printf(ptr @fmt, i32 %ab, i32 %cde, i32 %e)
  ret i32 0
}
