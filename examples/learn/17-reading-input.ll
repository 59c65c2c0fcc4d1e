; A program can read its standard input: in the playground, type into the
; "standard input" box of the Run tab (try "4 8 15 16 23 42"); irplay run
; passes its own standard input on.
; scanf returns how many values it stored: 1 while it finds a number, 0 when
; the input has something else, and EOF (-1) at the end of the input. The
; loop below stops on anything but 1, so an empty input sums no numbers.
; %n is an alloca, so its value lives in memory: scanf writes it through the
; pointer, and the load after the call reads what scanf stored.

@fmt.in = private constant [3 x i8] c"%d\00"
@fmt.out = private constant [56 x i8] c"%d numbers, sum %d, largest %d; scanf last returned %d\0A\00"

declare i32 @__isoc99_scanf(ptr noundef, ...)
declare i32 @printf(ptr noundef, ...)

define i32 @main() {
entry:
  %n = alloca i32
  br label %read

read:
  %count = phi i32 [ 0, %entry ], [ %count.next, %add ]
  %sum = phi i32 [ 0, %entry ], [ %sum.next, %add ]
  %max = phi i32 [ -2147483648, %entry ], [ %max.next, %add ]
  %got = call i32 (ptr, ...) @__isoc99_scanf(ptr @fmt.in, ptr %n)
  %one = icmp eq i32 %got, 1
  br i1 %one, label %add, label %done

add:
  %v = load i32, ptr %n
  %count.next = add i32 %count, 1
  %sum.next = add i32 %sum, %v
  %max.next = call i32 @llvm.smax.i32(i32 %max, i32 %v)
  br label %read

done:
  call i32 (ptr, ...) @printf(ptr @fmt.out, i32 %count, i32 %sum, i32 %max, i32 %got)
  ret i32 0
}

declare i32 @llvm.smax.i32(i32, i32)

; RUN: irplay check %s
; RUN: irplay run %s
; Oracle: lli-19 and a native build (clang-19), given the input of
; 17-reading-input.ll.stdin, print the same line.
