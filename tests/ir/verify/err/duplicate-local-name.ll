; FAIL: irplay check %s
; Names: a local value name may be defined only once per function.

define i32 @f(i32 %a) {
  %x = add i32 %a, 1
  %x = add i32 %a, 2            ; ERROR: multiple definition
  ret i32 %x
}
