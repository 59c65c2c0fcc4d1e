; FAIL: irplay check %s
; Several independent verifier errors in one module: irplay reports all of
; them (llvm-as-19 stops at the first).

define i32 @ret.mismatch(i64 %a) {
  ret i64 %a                    ; ERROR: type
}

define i32 @dominance(i32 %a) {
  %b = add i32 %c, 1            ; ERROR: dominate
  %c = add i32 %a, 1
  ret i32 %b
}

define void @ordering(ptr %p) {
  store atomic i32 0, ptr %p acquire, align 4   ; ERROR: acquire
  ret void
}
