; FAIL: irplay check %s
; Verifier: only phi nodes may reference their own value.

define i32 @f(i32 %a) {
entry:
  %x = add i32 %x, %a           ; ERROR: own value
  ret i32 %x
}
