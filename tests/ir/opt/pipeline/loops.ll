; RUN: irplay opt -p mem2reg,loop-rotate,loop-unroll,simplifycfg %s
; The loop passes together on a loop as clang -O0 writes it (`for (i = 0; i < 4; i++)
; s += a * b + i;` through allocas): mem2reg gives SSA phis, loop-rotate moves the test to
; the latch behind a guard `0 < 4`, loop-unroll copies the body 4 times (the guard and the
; induction variable stay, as constants for a later pass to fold), and simplifycfg merges
; the straight-line blocks. (licm is not in the pipeline: opt-19 wants it wrapped as
; `loop-mssa(licm)`, which our pipeline syntax does not take.)
; Oracle: opt-19 with the same pipeline gives the same loop-free code (it also folds the
; constant compares and the induction variable); the three programs print the same.

@fmt = private constant [4 x i8] c"%d\0A\00"
declare i32 @printf(ptr, ...)

define i32 @f(i32 %a, i32 %b) {
entry:
  %s = alloca i32
  %i = alloca i32
  store i32 0, ptr %s
  store i32 0, ptr %i
  br label %cond

cond:
  %iv = load i32, ptr %i
  %c = icmp slt i32 %iv, 4
  br i1 %c, label %body, label %end

body:
  %m = mul nsw i32 %a, %b
  %iv2 = load i32, ptr %i
  %t = add nsw i32 %m, %iv2
  %sv = load i32, ptr %s
  %sn = add nsw i32 %sv, %t
  store i32 %sn, ptr %s
  %iv3 = load i32, ptr %i
  %inc = add nsw i32 %iv3, 1
  store i32 %inc, ptr %i
  br label %cond

end:
  %r = load i32, ptr %s
  ret i32 %r
}

define i32 @main() {
  %r = call i32 @f(i32 3, i32 5)
  %p = call i32 (ptr, ...) @printf(ptr @fmt, i32 %r)
  ret i32 0
}
