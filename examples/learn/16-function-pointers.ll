; Functions are values too: @add is a ptr to the function's code. It can be
; stored in a table, passed as an argument and called later through the
; pointer ("indirect call"). The call instruction then names the callee by a
; %register instead of @name, and must spell out the function type, since a
; ptr does not say what it points to.
; In the playground, look at the loop in @main loading a pointer from @ops
; and calling it, and at @apply_twice, which calls whatever it is given.

@ops = private constant [3 x ptr] [ptr @add, ptr @sub, ptr @mul]
@names = private constant [3 x i8] c"+-*"
@fmt = private constant [13 x i8] c"7 %c 3 = %d\0A\00"
@twice = private constant [31 x i8] c"apply_twice(mul by 3, 5) = %d\0A\00"

declare i32 @printf(ptr noundef, ...)

define i32 @add(i32 %a, i32 %b) {
  %r = add i32 %a, %b
  ret i32 %r
}
define i32 @sub(i32 %a, i32 %b) {
  %r = sub i32 %a, %b
  ret i32 %r
}
define i32 @mul(i32 %a, i32 %b) {
  %r = mul i32 %a, %b
  ret i32 %r
}

; f(f(x, 3), 3)
define i32 @apply_twice(ptr %f, i32 %x) {
  %once = call i32 %f(i32 %x, i32 3)
  %again = call i32 %f(i32 %once, i32 3)
  ret i32 %again
}

define i32 @main() {
entry:
  br label %loop
loop:
  %k = phi i64 [ 0, %entry ], [ %k.next, %loop ]
  %slot = getelementptr inbounds [3 x ptr], ptr @ops, i64 0, i64 %k
  %fn = load ptr, ptr %slot
  %res = call i32 %fn(i32 7, i32 3)
  %cp = getelementptr inbounds [3 x i8], ptr @names, i64 0, i64 %k
  %c = load i8, ptr %cp
  %c32 = zext i8 %c to i32
  call i32 (ptr, ...) @printf(ptr @fmt, i32 %c32, i32 %res)
  %k.next = add i64 %k, 1
  %more = icmp ult i64 %k.next, 3
  br i1 %more, label %loop, label %done
done:
  %t = call i32 @apply_twice(ptr @mul, i32 5)
  call i32 (ptr, ...) @printf(ptr @twice, i32 %t)
  ret i32 0
}

; RUN: irplay check %s
; RUN: irplay run %s
