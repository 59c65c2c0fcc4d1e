; RUN: irplay run --engine wasm %s
; EXIT: 70
; A load beyond the linear memory traps; the report names the load's position. (The
; interpreter reports the same load as `invalid_pointer`, with the address.)
define i32 @main() {
  %p = inttoptr i32 -16 to ptr
  %v = load i32, ptr %p
  ret i32 %v
}
