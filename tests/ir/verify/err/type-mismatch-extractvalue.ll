; FAIL: irplay check %s
; Types: extractvalue indices must be in range for the aggregate.

define i32 @f({ i32, i64 } %s) {
  %x = extractvalue { i32, i64 } %s, 2   ; ERROR: indices
  ret i32 %x
}
