; Undefined behaviour from poison. @main doubles %x until it "turns negative",
; a common way to detect overflow in C. But the add carries nsw ("no signed
; wrap"), a promise that it never overflows: when it does, the result is
; poison, and the icmp that reads it is poison too. Branching on poison is
; undefined behaviour, so the run stops right after x = 2048000000. irplay
; reports the br, where the poison arose (the add nsw) and the icmp it went
; through.
; In the playground, read the report and follow the poison marks back.

@fmt = private constant [8 x i8] c"x = %d\0A\00"
@over = private constant [19 x i8] c"overflow detected\0A\00"

declare i32 @printf(ptr noundef, ...)

define i32 @main() {
entry:
  br label %loop
loop:
  %x = phi i32 [ 1000000, %entry ], [ %twice, %loop ]
  call i32 (ptr, ...) @printf(ptr @fmt, i32 %x)
  %twice = add nsw i32 %x, %x
  %negative = icmp slt i32 %twice, 0
  br i1 %negative, label %overflowed, label %loop
overflowed:
  call i32 (ptr, ...) @printf(ptr @over)
  ret i32 1
}

; RUN: irplay check %s
; RUN: irplay run %s
; EXIT: 70
