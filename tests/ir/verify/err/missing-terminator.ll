; FAIL: irplay check %s
; Verifier: every basic block ends with a terminator; the last block here
; runs into the closing brace.

define i32 @f(i32 %a) {
entry:
  br label %exit

exit:
  %r = add i32 %a, 1
}                               ; ERROR: terminator
