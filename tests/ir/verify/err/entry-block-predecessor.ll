; FAIL: irplay check %s
; Verifier: the entry block must not have predecessors.

define void @f(i1 %c) {
entry:                          ; ERROR: entry block
  br i1 %c, label %entry, label %exit

exit:
  ret void
}
