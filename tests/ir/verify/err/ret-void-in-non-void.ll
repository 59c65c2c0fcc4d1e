; FAIL: irplay check %s
; Verifier: `ret void` in a function that returns i32.

define i32 @f() {
  ret void                      ; ERROR: type
}
