; FAIL: irplay check %s
; Verifier: the returned value's type must match the function's return type.

define i32 @f(i64 %a) {
  ret i64 %a                    ; ERROR: type
}
