; FAIL: irplay check %s
; Types: floating-point binary operators need floating-point operands.

define i32 @f(i32 %a) {
  %x = fadd i32 %a, %a          ; ERROR: operand
  ret i32 %x
}
