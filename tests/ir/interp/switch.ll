; RUN: irplay run %s
; LangRef "'switch' Instruction": "When the 'switch' instruction is executed,
; this table is searched for the given value. If the value is found, control
; flow is transferred to the corresponding destination; otherwise, control
; flow is transferred to the default destination." Shown with i8 (negative
; cases, wrapping trunc of the loop counter), i128 (a case above 2^64 and -1)
; and two cases sharing a destination.
; Oracle: lli-19 and a native build (clang-19 FILE.ll) print the same stdout
; and exit with the same status.

@f = private constant [12 x i8] c"%lld -> %c\0A\00"
declare i32 @printf(ptr, ...)

define i8 @small(i8 %x) {
  switch i8 %x, label %d [
    i8 -128, label %min
    i8 -1, label %neg1
    i8 0, label %zero
    i8 127, label %max
  ]
min:
  ret i8 109   ; m
neg1:
  ret i8 110   ; n
zero:
  ret i8 122   ; z
max:
  ret i8 88    ; X
d:
  ret i8 100   ; d
}

define i8 @big(i128 %x) {
  switch i128 %x, label %d [
    i128 18446744073709551616, label %two64
    i128 -1, label %ones
    i128 3, label %small
    i128 4, label %small
  ]
two64:
  ret i8 84    ; T
ones:
  ret i8 79    ; O
small:
  ret i8 115   ; s
d:
  ret i8 100   ; d
}

define void @show(i64 %v, i8 %c) {
  %cx = sext i8 %c to i32
  call i32 (ptr, ...) @printf(ptr @f, i64 %v, i32 %cx)
  ret void
}

define i32 @main() {
entry:
  br label %loop
loop:
  %i = phi i32 [ -130, %entry ], [ %next, %loop ]
  %t = trunc i32 %i to i8
  %c = call i8 @small(i8 %t)
  %ix = sext i32 %i to i64
  call void @show(i64 %ix, i8 %c)
  %next = add i32 %i, 43
  %done = icmp sgt i32 %next, 140
  br i1 %done, label %wide, label %loop
wide:
  %b1 = call i8 @big(i128 18446744073709551616)
  call void @show(i64 1, i8 %b1)
  %b2 = call i8 @big(i128 -1)
  call void @show(i64 2, i8 %b2)
  %b3 = call i8 @big(i128 4)
  call void @show(i64 3, i8 %b3)
  %b4 = call i8 @big(i128 18446744073709551615)
  call void @show(i64 4, i8 %b4)
  ret i32 0
}
