; FAIL: irplay check %s
; Names: a global name may be defined only once per module.

@g = global i32 0
@g = global i32 1               ; ERROR: redefinition

define void @g() {              ; ERROR: redefinition
  ret void
}
