; FAIL: irplay check %s
; Names: numbered values may skip numbers (LLVM 19) but must increase.

define i32 @f() {
  %2 = add i32 1, 2
  %1 = add i32 %2, 2            ; ERROR: numbered
  ret i32 %1
}
