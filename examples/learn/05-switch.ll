; switch jumps to one of many blocks by comparing an integer against a list of
; constants, with a default block for everything else. It is one terminator
; instruction, so the CFG shows one block with many outgoing edges.
; Two cases may share a destination (1 and 3 below both go to %odd_small).
; In the playground, look at the fan-out of %entry in @describe's CFG, and at
; which name the run output prints for each number.

@zero = private constant [5 x i8] c"zero\00"
@odd = private constant [9 x i8] c"odd, < 5\00"
@two = private constant [4 x i8] c"two\00"
@many = private constant [15 x i8] c"something else\00"
@fmt = private constant [10 x i8] c"%d is %s\0A\00"

declare i32 @printf(ptr noundef, ...)

define ptr @describe(i32 %n) {
entry:
  switch i32 %n, label %other [
    i32 0, label %is_zero
    i32 1, label %odd_small
    i32 3, label %odd_small
    i32 2, label %is_two
  ]
is_zero:
  ret ptr @zero
odd_small:
  ret ptr @odd
is_two:
  ret ptr @two
other:
  ret ptr @many
}

define i32 @main() {
entry:
  br label %loop
loop:
  %n = phi i32 [ 0, %entry ], [ %n.next, %loop ]
  %name = call ptr @describe(i32 %n)
  call i32 (ptr, ...) @printf(ptr @fmt, i32 %n, ptr %name)
  %n.next = add i32 %n, 1
  %more = icmp slt i32 %n.next, 5
  br i1 %more, label %loop, label %done
done:
  ret i32 0
}

; RUN: irplay check %s
; RUN: irplay run %s
