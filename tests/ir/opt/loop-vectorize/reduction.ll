; RUN: irplay opt -p loop-vectorize %s
; A stencil with a sum: `c[i] = (a[i-1] + 2*a[i] + a[i+1]) >> 2; acc += c[i] ^ b[i]`. The
; three loads of @a become consecutive `<4 x i32>` loads at lane 0's addresses (`i-1`, `i`,
; `i+1`: loads of @a and stores to @c never meet), the sum a `<4 x i32>` phi starting at
; <5, 0, 0, 0> whose `add` loses its `nsw` (partial sums may overflow where the scalar ones
; did not), reduced by `llvm.vector.reduce.add` after the loop. Values used after the loop
; take, on the path from `middle.block`, the last lane (`%last`), the final induction value
; (`%i.next`, through a new `%i.next.lcssa` phi) and the reduced sum (`%acc.next.lcssa`).
; The loop starting at 1 and testing `%i.next slt %n` runs `%n - 1` times when `1 < %n`: the
; calls with 4095, 7, 2, -5 and 1002 take the vector path with and without remaining
; iterations, and the scalar path only. @fill's seed `%s` is a recurrence (neither an
; induction variable nor a reduction): not vectorized.
; Oracle: opt-19 -passes=loop-vectorize vectorizes @stencil (VF 4, interleaved by 2) and not
; @fill; lli-19 and the programs print the same.

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@a = internal global [4100 x i32] zeroinitializer, align 16
@b = internal global [4100 x i32] zeroinitializer, align 16
@c = internal global [4100 x i32] zeroinitializer, align 16
@fmt = private constant [16 x i8] c"%u %u %u %d %u\0A\00"
declare i32 @printf(ptr, ...)

define void @fill(i32 %n) {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %s = phi i32 [ 7, %entry ], [ %s.next, %loop ]
  %s.next = mul i32 %s, 1103515245
  %v = lshr i32 %s.next, 20
  %idx = zext i32 %i to i64
  %pa = getelementptr inbounds [4100 x i32], ptr @a, i64 0, i64 %idx
  store i32 %v, ptr %pa, align 4
  %w = xor i32 %v, 12345
  %pb = getelementptr inbounds [4100 x i32], ptr @b, i64 0, i64 %idx
  store i32 %w, ptr %pb, align 4
  %i.next = add nuw nsw i32 %i, 1
  %cmp = icmp ult i32 %i.next, %n
  br i1 %cmp, label %loop, label %exit
exit:
  ret void
}

define i32 @stencil(i32 %n, ptr %out.i, ptr %out.last) {
entry:
  br label %loop
loop:
  %i = phi i32 [ 1, %entry ], [ %i.next, %loop ]
  %acc = phi i32 [ 5, %entry ], [ %acc.next, %loop ]
  %im1 = add nsw i32 %i, -1
  %x0 = sext i32 %im1 to i64
  %p0 = getelementptr inbounds [4100 x i32], ptr @a, i64 0, i64 %x0
  %v0 = load i32, ptr %p0, align 4
  %x1 = sext i32 %i to i64
  %p1 = getelementptr inbounds [4100 x i32], ptr @a, i64 0, i64 %x1
  %v1 = load i32, ptr %p1, align 4
  %t = shl i32 %v1, 1
  %u = add i32 %v0, %t
  %i.next = add nsw i32 %i, 1
  %x2 = sext i32 %i.next to i64
  %p2 = getelementptr inbounds [4100 x i32], ptr @a, i64 0, i64 %x2
  %v2 = load i32, ptr %p2, align 4
  %sum = add i32 %u, %v2
  %r = lshr i32 %sum, 2
  %pc = getelementptr inbounds [4100 x i32], ptr @c, i64 0, i64 %x1
  store i32 %r, ptr %pc, align 4
  %pb = getelementptr inbounds [4100 x i32], ptr @b, i64 0, i64 %x1
  %vb = load i32, ptr %pb, align 4
  %xr = xor i32 %r, %vb
  %acc.next = add nsw i32 %acc, %xr
  %cmp = icmp slt i32 %i.next, %n
  br i1 %cmp, label %loop, label %exit
exit:
  %last = phi i32 [ %r, %loop ]
  store i32 %i.next, ptr %out.i, align 4
  store i32 %last, ptr %out.last, align 4
  ret i32 %acc.next
}

define i32 @main() {
  %oi = alloca i32, align 4
  %ol = alloca i32, align 4
  call void @fill(i32 4099)
  %s1 = call i32 @stencil(i32 4095, ptr %oi, ptr %ol)
  %s2 = call i32 @stencil(i32 7, ptr %oi, ptr %ol)
  %s3 = call i32 @stencil(i32 2, ptr %oi, ptr %ol)
  %s4 = call i32 @stencil(i32 -5, ptr %oi, ptr %ol)
  %s5 = call i32 @stencil(i32 1002, ptr %oi, ptr %ol)
  %i = load i32, ptr %oi, align 4
  %l = load i32, ptr %ol, align 4
  %x = xor i32 %s1, %s2
  %y = xor i32 %s3, %s4
  %r = call i32 (ptr, ...) @printf(ptr @fmt, i32 %x, i32 %y, i32 %s5, i32 %i, i32 %l)
  ret i32 0
}
