; FAIL: irplay check %s
; Types: trunc must go to a strictly smaller integer type.

define i64 @f(i32 %a) {
  %x = trunc i32 %a to i64      ; ERROR: cast
  ret i64 %x
}
