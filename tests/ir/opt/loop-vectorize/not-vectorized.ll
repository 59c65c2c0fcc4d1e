; RUN: irplay opt -p loop-vectorize %s
; Loops left alone. @prefix: the running sum is stored in every iteration (a recurrence, not
; a reduction). @shift: `a[i+1] = a[i] + 1` reads in each iteration what the previous one
; wrote (a dependence one iteration apart, less than 4). @two_ptrs: %p and %q may be the same
; array (LLVM adds a run-time overlap check instead; we do not). @call: a call. @branchy: two
; blocks (an `if` left as a branch). @fsum: a `float` sum (reassociating it changes its
; rounding; it has no `reassoc`). @ne_sext: an index `sext` of a counter without `nsw` tested
; with `ne`: lanes could wrap. @three: a known trip count of 3, below VF 4. @volatile: a
; volatile store.
; Oracle: opt-19 -passes=loop-vectorize leaves all of them except @two_ptrs (vectorized
; behind a run-time check that the ranges do not overlap), @branchy (masked with `select`s)
; and @ne_sext (vectorized with i64 arithmetic); the programs print the same.

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@a = internal global [64 x i32] zeroinitializer, align 16
@f = internal global [64 x float] zeroinitializer, align 16
@fmt = private constant [22 x i8] c"%u %u %u %u %u %u %u\0A\00"
declare i32 @printf(ptr, ...)

define void @prefix() {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %acc = phi i32 [ 0, %entry ], [ %acc.next, %loop ]
  %t = trunc i64 %i to i32
  %acc.next = add i32 %acc, %t
  %p = getelementptr inbounds [64 x i32], ptr @a, i64 0, i64 %i
  store i32 %acc.next, ptr %p, align 4
  %i.next = add nuw nsw i64 %i, 1
  %c = icmp ult i64 %i.next, 64
  br i1 %c, label %loop, label %exit
exit:
  ret void
}

define void @shift() {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %p = getelementptr inbounds [64 x i32], ptr @a, i64 0, i64 %i
  %v = load i32, ptr %p, align 4
  %w = add i32 %v, 1
  %i.next = add nuw nsw i64 %i, 1
  %q = getelementptr inbounds [64 x i32], ptr @a, i64 0, i64 %i.next
  store i32 %w, ptr %q, align 4
  %c = icmp ult i64 %i.next, 63
  br i1 %c, label %loop, label %exit
exit:
  ret void
}

define void @two_ptrs(ptr %p, ptr %q) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %pp = getelementptr inbounds i32, ptr %p, i64 %i
  %v = load i32, ptr %pp, align 4
  %w = mul i32 %v, 3
  %qq = getelementptr inbounds i32, ptr %q, i64 %i
  store i32 %w, ptr %qq, align 4
  %i.next = add nuw nsw i64 %i, 1
  %c = icmp ult i64 %i.next, 32
  br i1 %c, label %loop, label %exit
exit:
  ret void
}

define i32 @ident(i32 %x) {
  ret i32 %x
}

define void @call() {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %t = trunc i64 %i to i32
  %v = call i32 @ident(i32 %t)
  %p = getelementptr inbounds [64 x i32], ptr @a, i64 0, i64 %i
  store i32 %v, ptr %p, align 4
  %i.next = add nuw nsw i64 %i, 1
  %c = icmp ult i64 %i.next, 64
  br i1 %c, label %loop, label %exit
exit:
  ret void
}

define void @branchy() {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %latch ]
  %p = getelementptr inbounds [64 x i32], ptr @a, i64 0, i64 %i
  %v = load i32, ptr %p, align 4
  %odd = trunc i64 %i to i1
  br i1 %odd, label %then, label %latch
then:
  %w = mul i32 %v, 5
  store i32 %w, ptr %p, align 4
  br label %latch
latch:
  %i.next = add nuw nsw i64 %i, 1
  %c = icmp ult i64 %i.next, 64
  br i1 %c, label %loop, label %exit
exit:
  ret void
}

define float @fsum() {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %s = phi float [ 0.0, %entry ], [ %s.next, %loop ]
  %p = getelementptr inbounds [64 x float], ptr @f, i64 0, i64 %i
  %v = load float, ptr %p, align 4
  %s.next = fadd float %s, %v
  %i.next = add nuw nsw i64 %i, 1
  %c = icmp ult i64 %i.next, 64
  br i1 %c, label %loop, label %exit
exit:
  ret float %s.next
}

define void @ne_sext(i32 %n) {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %x = sext i32 %i to i64
  %p = getelementptr inbounds [64 x i32], ptr @a, i64 0, i64 %x
  store i32 %i, ptr %p, align 4
  %i.next = add i32 %i, 1
  %c = icmp ne i32 %i.next, %n
  br i1 %c, label %loop, label %exit
exit:
  ret void
}

define void @three() {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %t = trunc i64 %i to i32
  %p = getelementptr inbounds [64 x i32], ptr @a, i64 0, i64 %i
  store i32 %t, ptr %p, align 4
  %i.next = add nuw nsw i64 %i, 1
  %c = icmp ult i64 %i.next, 3
  br i1 %c, label %loop, label %exit
exit:
  ret void
}

define void @volatile() {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %t = trunc i64 %i to i32
  %p = getelementptr inbounds [64 x i32], ptr @a, i64 0, i64 %i
  store volatile i32 %t, ptr %p, align 4
  %i.next = add nuw nsw i64 %i, 1
  %c = icmp ult i64 %i.next, 64
  br i1 %c, label %loop, label %exit
exit:
  ret void
}

define i32 @main() {
  %p5 = getelementptr inbounds [64 x i32], ptr @a, i64 0, i64 5
  %p40 = getelementptr inbounds [64 x i32], ptr @a, i64 0, i64 40
  call void @prefix()
  %a = load i32, ptr %p40, align 4
  call void @shift()
  %b = load i32, ptr %p40, align 4
  call void @two_ptrs(ptr @a, ptr %p5)
  %c = load i32, ptr %p40, align 4
  call void @call()
  call void @branchy()
  %d = load i32, ptr %p5, align 4
  call void @ne_sext(i32 20)
  %e = load i32, ptr %p5, align 4
  call void @three()
  call void @volatile()
  %g = load i32, ptr %p40, align 4
  %s = call float @fsum()
  %si = fptoui float %s to i32
  %r = call i32 (ptr, ...) @printf(ptr @fmt, i32 %a, i32 %b, i32 %c, i32 %d, i32 %e, i32 %g, i32 %si)
  ret i32 0
}
