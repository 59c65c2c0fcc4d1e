; FAIL: irplay check %s
; Names: use of a local value that is never defined.

define i32 @f(i32 %a) {
  %x = add i32 %a, %y           ; ERROR: undefined
  ret i32 %x
}
