; FAIL: irplay check %s
; Verifier: an EH pad cannot be in the entry block (and needs a
; personality function).

declare i32 @pers(...)

define void @f() personality ptr @pers {
entry:
  %l = landingpad { ptr, i32 } cleanup   ; ERROR: entry block
  ret void
}
