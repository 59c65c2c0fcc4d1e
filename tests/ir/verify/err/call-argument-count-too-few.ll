; FAIL: irplay check %s
; Verifier: a direct call passes fewer arguments than the callee's type has
; parameters; the message names the callee and points at its declaration.

declare i32 @add3(i32, i32, i32)

define i32 @f() {
  %r = call i32 (i32, i32, i32) @add3(i32 1, i32 2)   ; ERROR: incorrect number of arguments
  ret i32 %r
}
