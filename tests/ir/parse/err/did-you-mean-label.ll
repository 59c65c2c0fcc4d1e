; FAIL: irplay check %s
; A branch to an undefined label gets the closest label of the function; one
; with no close label is told how to define it.

define i32 @f(i1 %c) {
entry:
  br i1 %c, label %then, label %els   ; ERROR: undefined label '%els'
then:
  br label %dnoe                      ; ERROR: undefined label '%dnoe'
else:
  br label %done
done:
  br label %nowhere_at_all            ; ERROR: undefined label '%nowhere_at_all'
}
