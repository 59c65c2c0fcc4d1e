; RUN: irplay opt -p loop-unroll %s
; Loops left alone. @nsw_overflow: `add nsw i8` from 120 by 5 overflows on the second pass,
; so the compared `%i.next` is poison and the branch on it undefined behaviour (LangRef:
; "branching on poison is undefined behavior"); we refuse to pick a trip count. LLVM's SCEV
; assumes no overflow and unrolls it to one pass, which refines the undefined behaviour; ours is
; the weaker, also correct result. @too_many: 200 passes exceeds our limit of 128.
; @unknown_bound: the bound is an argument. @wraps: without flags, `i8` wraps: 250, 251,
; ... 255, 0, 1, 2 (`ne 3` stops after 9 passes): unrolled, since wrapping is defined.
; Oracle: opt-19 -passes=loop-unroll leaves @too_many and @unknown_bound alone and unrolls
; @wraps 9 times; the three programs print the same (main does not call @nsw_overflow,
; whose execution is undefined behaviour).

@fmt = private constant [10 x i8] c"%d %d %d\0A\00"
declare i32 @printf(ptr, ...)

define i32 @nsw_overflow(i32 %x) {
entry:
  br label %loop

loop:
  %i = phi i8 [ 120, %entry ], [ %i.next, %loop ]
  %s = phi i32 [ %x, %entry ], [ %s.next, %loop ]
  %s.next = add i32 %s, 1
  %i.next = add nsw i8 %i, 5
  %c = icmp slt i8 %i.next, 127
  br i1 %c, label %loop, label %exit

exit:
  ret i32 %s.next
}

define i32 @too_many(i32 %x) {
entry:
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %s = phi i32 [ %x, %entry ], [ %s.next, %loop ]
  %s.next = add i32 %s, %i
  %i.next = add i32 %i, 1
  %c = icmp ult i32 %i.next, 200
  br i1 %c, label %loop, label %exit

exit:
  ret i32 %s.next
}

define i32 @unknown_bound(i32 %n) {
entry:
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %i.next = add i32 %i, 1
  %c = icmp ult i32 %i.next, %n
  br i1 %c, label %loop, label %exit

exit:
  ret i32 %i.next
}

define i32 @wraps(i32 %x) {
entry:
  br label %loop

loop:
  %i = phi i8 [ 250, %entry ], [ %i.next, %loop ]
  %s = phi i32 [ %x, %entry ], [ %s.next, %loop ]
  %z = zext i8 %i to i32
  %s.next = add i32 %s, %z
  %i.next = add i8 %i, 1
  %c = icmp ne i8 %i.next, 3
  br i1 %c, label %loop, label %exit

exit:
  ret i32 %s.next
}

define i32 @main() {
  %a = call i32 @too_many(i32 1)
  %b = call i32 @unknown_bound(i32 7)
  %c = call i32 @wraps(i32 0)
  %p = call i32 (ptr, ...) @printf(ptr @fmt, i32 %a, i32 %b, i32 %c)
  ret i32 0
}
