; FAIL: irplay check %s
; Verifier: SSA dominance for phi operands: an incoming value must dominate
; the end of its incoming block, not the phi.

define i32 @f(i1 %c, i32 %a) {
entry:
  br i1 %c, label %left, label %right

left:
  %l = add i32 %a, 1
  br label %join

right:
  br label %join

join:
  %p = phi i32 [ %l, %left ], [ %l, %right ]   ; ERROR: dominate
  ret i32 %p
}
