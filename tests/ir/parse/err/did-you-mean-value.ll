; FAIL: irplay check %s
; An undefined local name gets the closest value defined in the function.

define i32 @f(i32 %count, i32 %total) {
  %sum = add i32 %cuont, %total   ; ERROR: undefined value '%cuont'
  ret i32 %sum
}
