; RUN: irplay run %s
; RUN: irplay run --engine wasm %s
; EXIT: 3
; Control flow: a dense switch (jump table), a sparse switch (compare chain), phis that
; swap (parallel copies), a critical edge, an irreducible loop, and recursion.

@d = private constant [4 x i8] c"%d\0A\00"
declare i32 @printf(ptr, ...)

define i32 @dense(i32 %x) {
entry:
  switch i32 %x, label %def [
    i32 10, label %a
    i32 11, label %b
    i32 12, label %c
    i32 13, label %a
    i32 15, label %b
  ]
a:
  br label %out
b:
  br label %out
c:
  br label %out
def:
  br label %out
out:
  %r = phi i32 [ 1, %a ], [ 2, %b ], [ 3, %c ], [ -1, %def ]
  ret i32 %r
}

define i32 @sparse(i64 %x) {
entry:
  switch i64 %x, label %def [
    i64 -1, label %a
    i64 1000000000000, label %b
  ]
a:
  ret i32 7
b:
  ret i32 8
def:
  ret i32 9
}

; Fibonacci with a phi swap: (a, b) <- (b, a + b).
define i32 @fib(i32 %n) {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  %a = phi i32 [ 0, %entry ], [ %b, %loop ]
  %b = phi i32 [ 1, %entry ], [ %ab, %loop ]
  %ab = add i32 %a, %b
  %i1 = add i32 %i, 1
  %done = icmp eq i32 %i1, %n
  br i1 %done, label %exit, label %loop
exit:
  ret i32 %b
}

; Irreducible: two entries into the cycle {l1, l2}.
define i32 @irreducible(i1 %c, i32 %n) {
entry:
  br i1 %c, label %l1, label %l2
l1:
  %x = phi i32 [ 0, %entry ], [ %y2, %l2 ]
  %x1 = add i32 %x, 1
  %t = icmp sge i32 %x1, %n
  br i1 %t, label %exit, label %l2
l2:
  %y = phi i32 [ 100, %entry ], [ %x1, %l1 ]
  %y2 = add i32 %y, 10
  %t2 = icmp sge i32 %y2, %n
  br i1 %t2, label %exit, label %l1
exit:
  %r = phi i32 [ %x1, %l1 ], [ %y2, %l2 ]
  ret i32 %r
}

define i32 @fact(i32 %n) {
entry:
  %z = icmp sle i32 %n, 1
  br i1 %z, label %base, label %rec
base:
  ret i32 1
rec:
  %m = sub i32 %n, 1
  %f = call i32 @fact(i32 %m)
  %r = mul i32 %n, %f
  ret i32 %r
}

define void @show(i32 %v) {
  call i32 (ptr, ...) @printf(ptr @d, i32 %v)
  ret void
}

define i32 @main() {
entry:
  br label %loop
loop:
  %i = phi i32 [ 9, %entry ], [ %i1, %loop ]
  %v = call i32 @dense(i32 %i)
  call void @show(i32 %v)
  %i1 = add i32 %i, 1
  %c = icmp slt i32 %i1, 17
  br i1 %c, label %loop, label %next
next:
  %s1 = call i32 @sparse(i64 -1)
  call void @show(i32 %s1)
  %s2 = call i32 @sparse(i64 1000000000000)
  call void @show(i32 %s2)
  %s3 = call i32 @sparse(i64 4294967295)
  call void @show(i32 %s3)
  %f = call i32 @fib(i32 20)
  call void @show(i32 %f)
  %r1 = call i32 @irreducible(i1 true, i32 50)
  call void @show(i32 %r1)
  %r2 = call i32 @irreducible(i1 false, i32 50)
  call void @show(i32 %r2)
  %r3 = call i32 @fact(i32 10)
  call void @show(i32 %r3)
  ret i32 3
}
