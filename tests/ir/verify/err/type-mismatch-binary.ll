; FAIL: irplay check %s
; Types: binary operator operands must both have the instruction's type.

define i32 @f(i32 %a, i64 %b) {
  %x = add i32 %a, %b           ; ERROR: type
  ret i32 %x
}
