; RUN: irplay run --engine wasm %s
; EXIT: 71
; UNSUPPORTED-WASM: values of type i256
; A construct outside the code generator's scope is an error at its position, not a crash.

define i32 @main() {
  %v = add i256 1, 2
  %t = trunc i256 %v to i32
  ret i32 %t
}
