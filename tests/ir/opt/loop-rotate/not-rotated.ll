; RUN: irplay opt -p loop-rotate %s
; Loops left alone: @rotated already tests at the bottom (its latch exits); @call_in_header
; has a call in its header (we do not duplicate calls); @big_header has 17 instructions in
; its header, above LLVM's default limit of 16.
; Oracle: opt-19 -passes=loop-rotate leaves @rotated and @big_header as they are; it does
; rotate @call_in_header (duplicating the call into the guard), which we deliberately do
; not do; the three programs print the same.

@fmt = private constant [10 x i8] c"%d %d %d\0A\00"
declare i32 @printf(ptr, ...)
declare i32 @abs(i32)

define i32 @rotated(i32 %n) {
entry:
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %i.next = add i32 %i, 1
  %c = icmp slt i32 %i.next, %n
  br i1 %c, label %loop, label %exit

exit:
  ret i32 %i.next
}

define i32 @call_in_header(i32 %n) {
entry:
  br label %h

h:
  %i = phi i32 [ -3, %entry ], [ %i.next, %body ]
  %a = call i32 @abs(i32 %i)
  %c = icmp slt i32 %a, %n
  br i1 %c, label %body, label %exit

body:
  %i.next = add i32 %i, 1
  br label %h

exit:
  ret i32 %i
}

define i32 @big_header(i32 %n) {
entry:
  br label %h

h:
  %i = phi i32 [ 0, %entry ], [ %i.next, %body ]
  %x1 = add i32 %i, 1
  %x2 = add i32 %x1, 2
  %x3 = add i32 %x2, 3
  %x4 = add i32 %x3, 4
  %x5 = add i32 %x4, 5
  %x6 = add i32 %x5, 6
  %x7 = add i32 %x6, 7
  %x8 = add i32 %x7, 8
  %x9 = add i32 %x8, 9
  %x10 = add i32 %x9, 10
  %x11 = add i32 %x10, 11
  %x12 = add i32 %x11, 12
  %x13 = add i32 %x12, 13
  %x14 = add i32 %x13, 14
  %x15 = add i32 %x14, 15
  %x16 = sub i32 %x15, 120
  %c = icmp slt i32 %x16, %n
  br i1 %c, label %body, label %exit

body:
  %i.next = add i32 %i, 1
  br label %h

exit:
  ret i32 %x16
}

define i32 @main() {
  %a = call i32 @rotated(i32 5)
  %b = call i32 @call_in_header(i32 2)
  %c = call i32 @big_header(i32 7)
  %p = call i32 (ptr, ...) @printf(ptr @fmt, i32 %a, i32 %b, i32 %c)
  ret i32 0
}
