; FAIL: irplay check %s
; Verifier: SSA dominance, a use before its definition in the same block.

define i32 @f(i32 %a) {
entry:
  %b = add i32 %c, 1            ; ERROR: dominate
  %c = add i32 %a, 1
  ret i32 %b
}
