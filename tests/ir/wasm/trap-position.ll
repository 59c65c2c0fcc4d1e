; RUN: irplay run --engine wasm %s
; EXIT: 70
; A trap (which only undefined behaviour causes) is reported as the interpreter reports
; undefined behaviour: `undefined behavior:`, the `FILE:LINE:COL` of the IR instruction whose
; code trapped (found through the code generator's source map: the trap's offset in the
; function's body), its line, and the call stack of the module's own functions. Here an
; `sdiv` by zero two calls down, after the output printed so far.
@msg = private constant [7 x i8] c"before\00"
declare i32 @puts(ptr)

define i32 @div(i32 %a, i32 %b) {
  %q = sdiv i32 %a, %b
  ret i32 %q
}

define i32 @twice(i32 %a, i32 %b) {
  %x = call i32 @div(i32 %a, i32 %b)
  %y = shl i32 %x, 1
  ret i32 %y
}

define i32 @main(i32 %argc, ptr %argv) {
  %r = call i32 @puts(ptr @msg)
  %z = sub i32 %argc, 1
  %v = call i32 @twice(i32 7, i32 %z)
  ret i32 %v
}
