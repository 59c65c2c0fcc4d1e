; FAIL: irplay check %s
; Types: a conditional branch needs an i1 condition.

define void @f(i32 %c) {
entry:
  br i32 %c, label %a, label %b       ; ERROR: i1

a:
  ret void

b:
  ret void
}
