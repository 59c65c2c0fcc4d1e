; FAIL: irplay check %s
; Names: an instruction returning void cannot be given a name.

declare void @g()

define void @f() {
  %x = call void @g()           ; ERROR: void
  ret void
}
