; FAIL: irplay check %s
; Types: a call's arguments must match its explicit function type.

declare i32 @g(i32)

define i32 @f() {
  %r = call i32 (i32) @g(i64 1)   ; ERROR: argument
  ret i32 %r
}
