; FAIL: irplay check %s
; Atomic ordering: a store cannot have acquire (or acq_rel) ordering.

define void @f(ptr %p) {
  store atomic i32 0, ptr %p acquire, align 4   ; ERROR: acquire
  ret void
}
