; FAIL: irplay check %s
; Verifier: a phi lists a block that is not a predecessor.

define i32 @f(i1 %c) {
entry:
  br label %join

join:
  %p = phi i32 [ 1, %entry ], [ 3, %elsewhere ]   ; ERROR: predecessor
  ret i32 %p

elsewhere:
  ret i32 0
}
