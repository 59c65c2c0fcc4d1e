; RUN: irplay opt -p loop-rotate %s
; A `while` loop becomes a guarded `do-while`: the header's compare is cloned into the
; preheader as the guard (`%c1`), the header is merged into the latch, which now exits, and
; the body is the new header with phis for the old header phis (`%i1`, `%s1`). The values
; of the header used after the loop get `.lcssa` phis at the exit merging the guard's values
; (loop skipped) and the loop's. @swapped exits on true (the guard branch keeps the
; orientation); @two_exits also leaves from the body, so the body's exit takes the new
; header phi (%i1) and the header's exit gets the new block `%h.done_crit_edge`.
; Oracle: opt-19 -passes=loop-rotate gives the same shape and names (it also adds LCSSA
; phis in `_crit_edge` blocks, and folds the guard of @swapped, `mul i32 1, 1`, to a
; constant, which we leave to other passes); the three programs print the same.

@fmt = private constant [13 x i8] c"%d %d %d %d\0A\00"
declare i32 @printf(ptr, ...)

define i32 @sum(i32 %n) {
entry:
  br label %h

h:
  %i = phi i32 [ 0, %entry ], [ %i.next, %body ]
  %s = phi i32 [ 0, %entry ], [ %s.next, %body ]
  %c = icmp slt i32 %i, %n
  br i1 %c, label %body, label %exit

body:
  %s.next = add nsw i32 %s, %i
  %i.next = add nsw i32 %i, 1
  br label %h

exit:
  %r = mul i32 %s, 10
  %r2 = add i32 %r, %i
  ret i32 %r2
}

define i32 @swapped(i32 %n) {
entry:
  br label %h

h:
  %i = phi i32 [ 1, %entry ], [ %i.next, %latch ]
  %sq = mul i32 %i, %i
  %big = icmp sgt i32 %sq, %n
  br i1 %big, label %exit, label %latch

latch:
  %i.next = add i32 %i, 1
  br label %h

exit:
  ret i32 %sq
}

define i32 @two_exits(i32 %n, i32 %stop) {
entry:
  br label %h

h:
  %i = phi i32 [ 0, %entry ], [ %i.next, %latch ]
  %c = icmp ult i32 %i, %n
  br i1 %c, label %body, label %done

body:
  %hit = icmp eq i32 %i, %stop
  br i1 %hit, label %found, label %latch

latch:
  %i.next = add i32 %i, 1
  br label %h

found:
  %f = add i32 %i, 1000
  ret i32 %f

done:
  ret i32 %i
}

define i32 @main() {
  %a = call i32 @sum(i32 5)
  %a0 = call i32 @sum(i32 0)
  %b = call i32 @swapped(i32 50)
  %c = call i32 @two_exits(i32 10, i32 4)
  %d = call i32 @two_exits(i32 3, i32 4)
  %x = add i32 %c, %d
  %p = call i32 (ptr, ...) @printf(ptr @fmt, i32 %a, i32 %a0, i32 %b, i32 %x)
  ret i32 0
}
