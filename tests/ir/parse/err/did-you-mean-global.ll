; FAIL: irplay check %s
; An undefined global name gets the closest global of the module.

@counter = global i32 0

define i32 @f() {
  %v = load i32, ptr @countr      ; ERROR: undefined value '@countr'
  ret i32 %v
}
