; FAIL: irplay check %s
; Names: use of a global that is never defined or declared.

define i32 @f() {
  %v = load i32, ptr @missing   ; ERROR: undefined
  ret i32 %v
}
