; FAIL: irplay check %s
; Parser: an unknown instruction opcode.

define i32 @f(i32 %a) {
  %x = frobnicate i32 %a, 1     ; ERROR: instruction
  ret i32 %x
}
