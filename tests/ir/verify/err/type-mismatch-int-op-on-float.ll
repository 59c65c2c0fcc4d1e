; FAIL: irplay check %s
; Types: integer binary operators need integer operands.

define float @f(float %a) {
  %x = shl float %a, %a         ; ERROR: operand
  ret float %x
}
