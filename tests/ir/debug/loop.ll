; RUN: irplay check %s
; A loop that calls a function: `%i` takes 0, 1, 2, 3; stepping forward and back.
declare i32 @printf(ptr, ...)
@fmt = private constant [4 x i8] c"%d\0A\00"

define i32 @sq(i32 %x) {
  %y = mul i32 %x, %x
  ret i32 %y
}

define i32 @main() {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %n, %loop ]
  %s = call i32 @sq(i32 %i)
  %r = call i32 (ptr, ...) @printf(ptr @fmt, i32 %s)
  %n = add i32 %i, 1
  %c = icmp slt i32 %n, 4
  br i1 %c, label %loop, label %done
done:
  ret i32 %n
}
