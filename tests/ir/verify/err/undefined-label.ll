; FAIL: irplay check %s
; Names: a branch to a label that does not exist.

define void @f() {
entry:
  br label %nowhere             ; ERROR: undefined
}
