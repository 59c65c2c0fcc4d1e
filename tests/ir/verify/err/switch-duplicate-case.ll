; FAIL: irplay check %s
; Verifier: switch case values must be distinct.

define void @f(i32 %x) {
entry:
  switch i32 %x, label %d [
    i32 1, label %a
    i32 1, label %d             ; ERROR: duplicate case
  ]

a:
  ret void

d:
  ret void
}
