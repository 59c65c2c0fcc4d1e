; FAIL: irplay check %s
; Verifier: a musttail call must be followed directly by ret.

define i32 @f(i32 %a) {
  %r = musttail call i32 @f(i32 %a)   ; ERROR: musttail
  %s = add i32 %r, 1
  ret i32 %s
}
