; FAIL: irplay check %s
; Types: the select condition must be i1 (or a vector of i1).

define i32 @f(i32 %c, i32 %a, i32 %b) {
  %x = select i32 %c, i32 %a, i32 %b   ; ERROR: select
  ret i32 %x
}
