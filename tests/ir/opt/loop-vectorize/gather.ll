; RUN: irplay opt -p loop-vectorize %s
; A matrix product's inner loop, `s += ma[i][k] * mb[k][j]`: the row of @ma is consecutive
; (one `<4 x i32>` load), the column of @mb is 128 bytes apart per iteration, so each lane
; loads its own element (lane k at `k * 128` bytes from lane 0) and the four are put
; together with `insertelement`; the scale %f is loaded from one place in every iteration
; (a load of an invariant address that no store of the loop may write) and broadcast.
; Oracle: opt-19 -passes=loop-vectorize vectorizes the loop the same way (VF 4, interleaved
; by 2: gathers as scalar loads and `insertelement`s, the invariant load hoisted by its
; own later passes); the programs print the same.

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@ma = internal global [32 x [32 x i32]] zeroinitializer, align 16
@mb = internal global [32 x [32 x i32]] zeroinitializer, align 16
@scale = internal global i32 3, align 4
@fmt = private constant [7 x i8] c"%u %u\0A\00"
declare i32 @printf(ptr, ...)

define void @init() {
entry:
  br label %loop

loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %v = trunc i64 %i to i32
  %a = mul i32 %v, 7
  %b = xor i32 %v, 91
  %pa = getelementptr inbounds i32, ptr @ma, i64 %i
  store i32 %a, ptr %pa, align 4
  %pb = getelementptr inbounds i32, ptr @mb, i64 %i
  store i32 %b, ptr %pb, align 4
  %i.next = add nuw nsw i64 %i, 1
  %c = icmp ult i64 %i.next, 1024
  br i1 %c, label %loop, label %exit

exit:
  ret void
}

define i32 @dot(i64 %i, i64 %j) {
entry:
  %row = getelementptr inbounds [32 x [32 x i32]], ptr @ma, i64 0, i64 %i
  br label %loop

loop:
  %k = phi i32 [ 0, %entry ], [ %k.next, %loop ]
  %s = phi i32 [ 0, %entry ], [ %s.next, %loop ]
  %kx = sext i32 %k to i64
  %pa = getelementptr inbounds [32 x i32], ptr %row, i64 0, i64 %kx
  %a = load i32, ptr %pa, align 4
  %colk = getelementptr inbounds [32 x [32 x i32]], ptr @mb, i64 0, i64 %kx
  %pb = getelementptr inbounds [32 x i32], ptr %colk, i64 0, i64 %j
  %b = load i32, ptr %pb, align 4
  %f = load i32, ptr @scale, align 4
  %ab = mul i32 %a, %b
  %abf = mul i32 %ab, %f
  %s.next = add i32 %s, %abf
  %k.next = add nsw i32 %k, 1
  %c = icmp slt i32 %k.next, 32
  br i1 %c, label %loop, label %exit

exit:
  ret i32 %s.next
}

define i32 @main() {
  call void @init()
  %x = call i32 @dot(i64 3, i64 5)
  %y = call i32 @dot(i64 31, i64 0)
  %r = call i32 (ptr, ...) @printf(ptr @fmt, i32 %x, i32 %y)
  ret i32 0
}
