; RUN: irplay opt -p loop-vectorize %s
; A table filled by a loop whose `if` became a `select` (CRC-32 table, one shift step): the
; body runs on `<4 x i32>` (128 bits of `i32`), the induction variable as `%vec.ind`
; (<0, 1, 2, 3>, then +4), the store of `tab[i]` as one `<4 x i32>` store at the address of
; lane 0. The trip count `256 - 0` is checked before the loop (at least 4 iterations, `0 <
; 256`), `%n.vec` iterations run vectorized, and `middle.block` goes to the exit when no
; iteration is left (here always) or to the original loop, resumed at `%ind.end`, otherwise.
; @fill_n: the same with a trip count known only at run time (`%n`, `ult`, a `zext` index):
; calls with 10, 3 (too few: all scalar) and 0 (the guard fails: the rotated loop runs once,
; as before).
; Oracle: opt-19 -passes=loop-vectorize vectorizes both loops with VF 4 (it also interleaves
; @fill_n by 2, counts with an `i64` index and names values differently); the programs print
; the same.

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@tab = internal global [256 x i32] zeroinitializer, align 16
@buf = internal global [16 x i32] zeroinitializer, align 16
@fmt = private constant [19 x i8] c"%u %u %u %u %u %u\0A\00"
declare i32 @printf(ptr, ...)

define void @crc_table() {
entry:
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %b = and i32 %i, 1
  %odd = icmp ne i32 %b, 0
  %s = lshr i32 %i, 1
  %x = xor i32 %s, -306674912
  %c = select i1 %odd, i32 %x, i32 %s
  %idx = sext i32 %i to i64
  %p = getelementptr inbounds [256 x i32], ptr @tab, i64 0, i64 %idx
  store i32 %c, ptr %p, align 4
  %i.next = add nsw i32 %i, 1
  %cmp = icmp slt i32 %i.next, 256
  br i1 %cmp, label %loop, label %exit

exit:
  ret void
}

define void @fill_n(i32 %n, i32 %k) {
entry:
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %v = mul i32 %i, %k
  %idx = zext i32 %i to i64
  %p = getelementptr inbounds [16 x i32], ptr @buf, i64 0, i64 %idx
  store i32 %v, ptr %p, align 4
  %i.next = add i32 %i, 1
  %cmp = icmp ult i32 %i.next, %n
  br i1 %cmp, label %loop, label %exit

exit:
  ret void
}

define i32 @main() {
  call void @crc_table()
  %p1 = getelementptr inbounds [256 x i32], ptr @tab, i64 0, i64 1
  %a = load i32, ptr %p1, align 4
  %p2 = getelementptr inbounds [256 x i32], ptr @tab, i64 0, i64 255
  %b = load i32, ptr %p2, align 4
  call void @fill_n(i32 10, i32 3)
  %q9 = getelementptr inbounds [16 x i32], ptr @buf, i64 0, i64 9
  %c = load i32, ptr %q9, align 4
  call void @fill_n(i32 3, i32 5)
  %q2 = getelementptr inbounds [16 x i32], ptr @buf, i64 0, i64 2
  %d = load i32, ptr %q2, align 4
  %e = load i32, ptr %q9, align 4
  call void @fill_n(i32 0, i32 7)
  %f = load i32, ptr @buf, align 4
  %r = call i32 (ptr, ...) @printf(ptr @fmt, i32 %a, i32 %b, i32 %c, i32 %d, i32 %e, i32 %f)
  ret i32 0
}
