; FAIL: irplay check %s
; Parser recovery: every bad line is reported, not only the first. After an
; error the parser goes on at the next line that starts an instruction, a
; label or a `}` (or at the next top-level entity), and names whose definition
; failed (%a, %y) add no errors of their own where they are used.

define i32 @main(i32 %n) {
entry:
  %a = ad i32 %n, 1                ; ERROR: instruction opcode
  %b = mul i32 %a, 2
  %c = add i32 %b, %nn             ; ERROR: undefined value '%nn'
  br label %exti                   ; ERROR: undefined label '%exti'
exit:
  ret i32 %c
}

define i32 @g(i32 %x) {
  %y = add i32 %x,
  ret i32 %y                       ; ERROR: expected value
}

define i32 @h(i32 %x) noinlin {    ; ERROR: unknown function attribute
  ret i32 %x
}

defin i32 @k() {                   ; ERROR: top-level entity
  ret i32 0
}

define i32 @z(i64 %x) {
  %t = add int %x, 1               ; ERROR: expected type
  ret i32 %t
}
