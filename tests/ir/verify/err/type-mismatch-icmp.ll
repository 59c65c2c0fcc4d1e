; FAIL: irplay check %s
; Types: icmp compares integers or pointers, not floating-point values.

define i1 @f(double %a) {
  %c = icmp eq double %a, %a    ; ERROR: icmp
  ret i1 %c
}
