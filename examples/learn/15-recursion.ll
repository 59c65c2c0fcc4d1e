; A function may call itself: each call gets its own frame with its own
; argument values, and returns to the call that made it. @factorial makes
; one nested call per step (n, n-1, ..., 0); @fib makes two, so the number
; of calls grows quickly (fib(15) takes 1973 calls). Every recursion needs a
; base case that stops it, here n <= 1 and n == 0.
; In the playground, look at the call stack in the run, and at the CFG of
; @fib: the base case returns early, the other path makes both calls.

@fact = private constant [12 x i8] c"%d! = %lld\0A\00"
@fibs = private constant [14 x i8] c"fib(%d) = %d\0A\00"

declare i32 @printf(ptr noundef, ...)

define i64 @factorial(i32 %n) {
entry:
  %base = icmp eq i32 %n, 0
  br i1 %base, label %one, label %rec
one:
  ret i64 1
rec:
  %m = sub i32 %n, 1
  %sub = call i64 @factorial(i32 %m)
  %n64 = zext i32 %n to i64
  %r = mul i64 %n64, %sub
  ret i64 %r
}

define i32 @fib(i32 %n) {
entry:
  %small = icmp sle i32 %n, 1
  br i1 %small, label %base, label %rec
base:
  ret i32 %n
rec:
  %n1 = sub i32 %n, 1
  %n2 = sub i32 %n, 2
  %f1 = call i32 @fib(i32 %n1)
  %f2 = call i32 @fib(i32 %n2)
  %sum = add i32 %f1, %f2
  ret i32 %sum
}

define i32 @main() {
  %f5 = call i64 @factorial(i32 5)
  call i32 (ptr, ...) @printf(ptr @fact, i32 5, i64 %f5)
  %f20 = call i64 @factorial(i32 20)
  call i32 (ptr, ...) @printf(ptr @fact, i32 20, i64 %f20)
  %fb = call i32 @fib(i32 15)
  call i32 (ptr, ...) @printf(ptr @fibs, i32 15, i32 %fb)
  ret i32 0
}

; RUN: irplay check %s
; RUN: irplay run %s
