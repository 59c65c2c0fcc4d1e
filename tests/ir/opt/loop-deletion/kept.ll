; RUN: irplay opt -p loop-deletion %s
; Loops that must stay. @store: it writes memory. @used_after: its sum is used after it.
; @maybe_forever: a flag-free counter tested with `sle` against a parameter: with %n the
; largest i32 the test never fails, so the loop may not end (deleting it would make a hanging
; program return). @even_step: a flag-free counter stepping by 2 tested with `ne`: it never
; meets an odd bound. @call: the call may not return. @unknown_test: the exit test is not on
; an induction variable, and the function is not `mustprogress`.
; Oracle: opt-19 -passes=loop-deletion keeps all six loops; the program prints the same.

@fmt = private constant [7 x i8] c"%d %d\0A\00"
@g = global i32 0
declare i32 @printf(ptr, ...)

define void @store(i32 %n) {
entry:
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  store i32 %i, ptr @g, align 4
  %i.next = add nsw i32 %i, 1
  %c = icmp slt i32 %i.next, %n
  br i1 %c, label %loop, label %exit

exit:
  ret void
}

define i32 @used_after(i32 %n) {
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
  ret i32 %s.next
}

define void @maybe_forever(i32 %n) {
entry:
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %i.next = add i32 %i, 1
  %c = icmp sle i32 %i.next, %n
  br i1 %c, label %loop, label %exit

exit:
  ret void
}

define void @even_step(i32 %n) {
entry:
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %i.next = add i32 %i, 2
  %c = icmp ne i32 %i.next, %n
  br i1 %c, label %loop, label %exit

exit:
  ret void
}

define void @call(i32 %n) {
entry:
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  call void @effect()
  %i.next = add nsw i32 %i, 1
  %c = icmp slt i32 %i.next, %n
  br i1 %c, label %loop, label %exit

exit:
  ret void
}

define void @unknown_test(ptr %p) {
entry:
  br label %loop

loop:
  %x = load i32, ptr %p, align 4
  %c = icmp eq i32 %x, 0
  br i1 %c, label %loop, label %exit

exit:
  ret void
}

define void @effect() {
  ret void
}

define i32 @main() {
  %x = alloca i32, align 4
  store i32 5, ptr %x, align 4
  call void @store(i32 10)
  %a = call i32 @used_after(i32 10)
  call void @maybe_forever(i32 10)
  call void @even_step(i32 10)
  call void @call(i32 3)
  call void @unknown_test(ptr %x)
  %v = load i32, ptr @g, align 4
  %r = call i32 (ptr, ...) @printf(ptr @fmt, i32 %a, i32 %v)
  ret i32 0
}
