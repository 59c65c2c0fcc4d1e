; A loop is a cycle in the CFG: a header block that the loop's latch branches
; back to. Values that live across iterations are loop-carried phis: %total
; below starts at 0 and gets the updated total on every trip round the outer
; loop. The inner loop (over %j) has its own phis and runs to the end every
; time the outer loop (over %i) goes round once.
; In the playground, look for the two back edges in the CFG (%inner to
; itself, %outer.latch -> %outer) and at the row sums in the output.

@row = private constant [39 x i8] c"row %d: sum of %d*j for j=1..%d is %d\0A\00"
@all = private constant [11 x i8] c"total: %d\0A\00"

declare i32 @printf(ptr noundef, ...)

define i32 @main() {
entry:
  br label %outer

outer:                                            ; for (i = 1; i <= 4; i++)
  %i = phi i32 [ 1, %entry ], [ %i.next, %outer.latch ]
  %total = phi i32 [ 0, %entry ], [ %total.next, %outer.latch ]
  br label %inner

inner:                                            ;   for (j = 1; j <= i; j++)
  %j = phi i32 [ 1, %outer ], [ %j.next, %inner ]
  %rowsum = phi i32 [ 0, %outer ], [ %rowsum.next, %inner ]
  %prod = mul i32 %i, %j
  %rowsum.next = add i32 %rowsum, %prod
  %j.next = add i32 %j, 1
  %inner.more = icmp sle i32 %j.next, %i
  br i1 %inner.more, label %inner, label %outer.latch

outer.latch:
  call i32 (ptr, ...) @printf(ptr @row, i32 %i, i32 %i, i32 %i, i32 %rowsum.next)
  %total.next = add i32 %total, %rowsum.next
  %i.next = add i32 %i, 1
  %outer.more = icmp sle i32 %i.next, 4
  br i1 %outer.more, label %outer, label %done

done:
  call i32 (ptr, ...) @printf(ptr @all, i32 %total.next)
  ret i32 0
}

; RUN: irplay check %s
; RUN: irplay run %s
