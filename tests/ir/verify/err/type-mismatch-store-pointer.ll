; FAIL: irplay check %s
; Types: the address operand of store must be a pointer.

define void @f(i32 %a) {
  store i32 1, i32 %a           ; ERROR: pointer
  ret void
}
