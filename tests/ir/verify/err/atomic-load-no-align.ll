; FAIL: irplay check %s
; Atomic loads need an explicit alignment.

define i32 @f(ptr %p) {
  %l = load atomic i32, ptr %p seq_cst     ; ERROR: align
  ret i32 %l
}
