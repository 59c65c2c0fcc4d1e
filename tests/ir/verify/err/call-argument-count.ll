; FAIL: irplay check %s
; Types: a call must pass exactly the parameters of its function type.

declare i32 @g(i32)

define i32 @f() {
  %r = call i32 (i32) @g(i32 1, i32 2)   ; ERROR: arguments
  ret i32 %r
}
