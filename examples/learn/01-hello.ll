; Hello, LLVM IR! A module is a list of globals and functions; @main is where
; the program starts. This one counts from 1 to 3 and calls the C library's
; printf each time. The counter %i is defined by a phi: its value depends on
; which block we came from (0 from %entry, %next from the loop itself).
; In the playground, look at the CFG (entry -> loop -> loop ... -> done)
; and at the three lines in the run output.

@greeting = private constant [18 x i8] c"hello, world #%d\0A\00"

declare i32 @printf(ptr noundef, ...)

define i32 @main() {
entry:
  br label %loop

loop:
  %i = phi i32 [ 1, %entry ], [ %next, %loop ]
  call i32 (ptr, ...) @printf(ptr @greeting, i32 %i)
  %next = add i32 %i, 1
  %again = icmp sle i32 %next, 3
  br i1 %again, label %loop, label %done

done:
  ret i32 0
}

; RUN: irplay check %s
; RUN: irplay run %s
