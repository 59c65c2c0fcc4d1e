; FAIL: irplay check %s
; Types: atomicrmw fadd needs a floating-point operand.

define void @f(ptr %p) {
  %r = atomicrmw fadd ptr %p, i32 1 seq_cst   ; ERROR: floating
  ret void
}
