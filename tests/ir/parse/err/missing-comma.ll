; FAIL: irplay check %s
; Parser: operands must be separated by commas.

define i32 @f(i32 %a, i32 %b) {
  %x = add i32 %a %b            ; ERROR: ','
  ret i32 %x
}
