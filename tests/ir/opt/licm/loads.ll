; RUN: irplay opt -p licm %s
; Loads: in @no_store the load of @g runs on every iteration and nothing in the loop writes
; memory, so it moves to the preheader. In @other_object the loop stores to the alloca %buf,
; a different object than @g: the load of @g is hoisted, the load of %buf is not. In
; @conditional the load sits in a block that does not run on every iteration (the pointer
; may be invalid when the loop does not reach it: hoisting could add undefined behaviour),
; so it stays. In @with_call the loop calls a function that may write @g: nothing moves.
; Oracle: opt-19 -passes=licm hoists the same loads (it also promotes the store to %buf to a
; register, which we do not do); the three programs print the same.

@g = global i32 5
@fmt = private constant [13 x i8] c"%d %d %d %d\0A\00"
declare i32 @printf(ptr, ...)

define i32 @no_store(i32 %n) {
entry:
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %s = phi i32 [ 0, %entry ], [ %s.next, %loop ]
  %v = load i32, ptr @g
  %s.next = add i32 %s, %v
  %i.next = add i32 %i, 1
  %c = icmp slt i32 %i.next, %n
  br i1 %c, label %loop, label %exit

exit:
  ret i32 %s.next
}

define i32 @other_object(i32 %n) {
entry:
  %buf = alloca i32
  store i32 0, ptr %buf
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %v = load i32, ptr @g
  %old = load i32, ptr %buf
  %new = add i32 %old, %v
  store i32 %new, ptr %buf
  %i.next = add i32 %i, 1
  %c = icmp slt i32 %i.next, %n
  br i1 %c, label %loop, label %exit

exit:
  %r = load i32, ptr %buf
  ret i32 %r
}

define i32 @conditional(ptr %p, i32 %n) {
entry:
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %latch ]
  %s = phi i32 [ 0, %entry ], [ %s.next, %latch ]
  %valid = icmp ne ptr %p, null
  br i1 %valid, label %read, label %latch

read:
  %v = load i32, ptr %p
  br label %latch

latch:
  %w = phi i32 [ %v, %read ], [ 1, %loop ]
  %s.next = add i32 %s, %w
  %i.next = add i32 %i, 1
  %c = icmp slt i32 %i.next, %n
  br i1 %c, label %loop, label %exit

exit:
  ret i32 %s.next
}

define void @bump() {
  %v = load i32, ptr @g
  %w = add i32 %v, 1
  store i32 %w, ptr @g
  ret void
}

define i32 @with_call(i32 %n) {
entry:
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %s = phi i32 [ 0, %entry ], [ %s.next, %loop ]
  %v = load i32, ptr @g
  call void @bump()
  %s.next = add i32 %s, %v
  %i.next = add i32 %i, 1
  %c = icmp slt i32 %i.next, %n
  br i1 %c, label %loop, label %exit

exit:
  ret i32 %s.next
}

define i32 @main() {
  %a = call i32 @no_store(i32 4)
  %b = call i32 @other_object(i32 3)
  %c = call i32 @conditional(ptr null, i32 3)
  %d = call i32 @with_call(i32 3)
  %p = call i32 (ptr, ...) @printf(ptr @fmt, i32 %a, i32 %b, i32 %c, i32 %d)
  ret i32 0
}
