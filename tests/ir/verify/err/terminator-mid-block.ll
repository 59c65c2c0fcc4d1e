; FAIL: irplay check %s
; Verifier/structure: an instruction after a terminator starts a new,
; unnamed block (numbered %1 here), so the next numbered value %1 is out of
; sequence.

define i32 @f(i32 %a) {
entry:
  %0 = add i32 %a, 1
  ret i32 %0
  %1 = add i32 %0, 1            ; ERROR: numbered
  ret i32 %1
}
