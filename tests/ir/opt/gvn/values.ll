; RUN: irplay opt -p gvn %s
; Value numbering: an expression recomputed in a dominated block is replaced by the dominating
; one, two phis of a block with the same incoming values are one, and a phi whose incoming
; values are all one value is that value. Flags: the kept `add nsw` meets a plain `add` and
; loses `nsw` (LangRef: `nsw` makes overflow poison; with INT_MAX the plain add wraps, and
; main prints it), and the kept `getelementptr inbounds` meets a plain one and loses
; `inbounds`. Branch equalities: in the block reached only when `%x == 4`, `%x` is 4; in the
; block reached only when `%c` is false, `%c` is false; the constants this creates fold, and
; the phi left with one incoming value goes. An equality between two non-constant values
; (`%x == %y`) is NOT propagated by us (a documented weaker result: opt-19 turns `sub %x, %y`
; into 0 there).
; Oracle: opt-19 -passes=gvn makes the same replacements otherwise (its folded GEP is a
; constant expression where we keep the instruction); the input, our output and opt-19's
; output print the same under `irplay run`.

@fmt = private constant [13 x i8] c"%d %d %d %d\0A\00"
@arr = global [4 x i32] [i32 1, i32 2, i32 3, i32 4]
@sink = global ptr null

declare i32 @printf(ptr, ...)

define i32 @f(i32 %x, i32 %y, i1 %c) {
entry:
  %s = add nsw i32 %x, %y
  %g1 = getelementptr inbounds [4 x i32], ptr @arr, i64 0, i64 1
  store ptr %g1, ptr @sink, align 8
  %e = icmp eq i32 %x, 4
  br i1 %e, label %four, label %other
four:
  %m = mul i32 %x, 10
  %s2 = add i32 %y, %x
  br label %join
other:
  %g2 = getelementptr [4 x i32], ptr @arr, i64 0, i64 1
  %l = load i32, ptr %g2, align 4
  %m2 = add i32 %l, %s
  %same = icmp eq i32 %x, %y
  br i1 %same, label %eqxy, label %join
eqxy:
  %d = sub i32 %x, %y
  br label %join
join:
  %p = phi i32 [ %m, %four ], [ %m2, %other ], [ %d, %eqxy ]
  %p2 = phi i32 [ %m, %four ], [ %m2, %other ], [ %d, %eqxy ]
  %u = phi i32 [ %s, %four ], [ %s, %other ], [ %s, %eqxy ]
  %t = add i32 %p, %p2
  br i1 %c, label %yes, label %no
no:
  %cz = zext i1 %c to i32
  %t2 = add i32 %t, %cz
  br label %out
yes:
  br label %out
out:
  %r = phi i32 [ %t2, %no ], [ %t, %yes ]
  %p3 = call i32 (ptr, ...) @printf(ptr @fmt, i32 %r, i32 %u, i32 %s, i32 %x)
  ret i32 %r
}

define i32 @main() {
  %a = call i32 @f(i32 4, i32 2147483647, i1 true)
  %b = call i32 @f(i32 7, i32 7, i1 false)
  %c = call i32 @f(i32 -3, i32 5, i1 false)
  ret i32 0
}
