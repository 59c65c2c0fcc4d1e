; FAIL: irplay check %s
; Verifier: SSA dominance, a value defined on one branch used after the
; join without a phi.

define i32 @f(i1 %c, i32 %a) {
entry:
  br i1 %c, label %then, label %join

then:
  %t = add i32 %a, 1
  br label %join

join:
  %r = mul i32 %t, 2            ; ERROR: dominate
  ret i32 %r
}
