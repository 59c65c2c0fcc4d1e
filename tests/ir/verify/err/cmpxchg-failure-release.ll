; FAIL: irplay check %s
; Atomic ordering: a cmpxchg failure ordering cannot be release or acq_rel.
; (A failure ordering stronger than the success ordering is allowed since
; LLVM 13, so that is not an error.) llvm-as-19 reports this one on the
; next line; irplay reports it on the cmpxchg.

define void @f(ptr %p) {
  %r = cmpxchg ptr %p, i32 0, i32 1 seq_cst release   ; ERROR: failure ordering
  ret void
}
