; FAIL: irplay check %s
; Parser: a binary operator with its second operand missing; the error is
; at the next token, on the following line (hence ERROR@+1).

define i32 @f(i32 %a) {
  %x = add i32 %a,              ; ERROR@+1: value
  ret i32 %x
}
