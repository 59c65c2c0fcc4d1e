; FAIL: irplay check %s
; A block that runs into the next label without a terminator: reported at the
; label, with the fix (LLVM says only "expected instruction opcode"), and the
; rest of the function is still checked.

define i32 @f(i32 %a) {
entry:
  %x = add i32 %a, 1
next:                           ; ERROR: does not end with a terminator
  %y = mul i32 %x, 2
  ret i32 %y
}
