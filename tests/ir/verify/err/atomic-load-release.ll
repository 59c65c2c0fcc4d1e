; FAIL: irplay check %s
; Atomic ordering: a load cannot have release (or acq_rel) ordering.

define i32 @f(ptr %p) {
  %l = load atomic i32, ptr %p release, align 4   ; ERROR: release
  ret i32 %l
}
