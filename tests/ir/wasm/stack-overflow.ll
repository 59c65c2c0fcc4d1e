; RUN: irplay run --engine wasm %s
; EXIT: 71
; Unbounded recursion through frames of 4 KiB: the shadow stack's lower end is checked at
; every frame allocation, so the program stops with a stack overflow before its frames
; reach the data image (the global @g keeps its value).

@g = global i32 42

define i32 @down(i32 %n) {
  %buf = alloca [4096 x i8]
  store volatile i8 1, ptr %buf
  %m = add i32 %n, 1
  %r = call i32 @down(i32 %m)
  ret i32 %r
}

define i32 @main() {
  %r = call i32 @down(i32 0)
  %g = load i32, ptr @g
  %s = add i32 %r, %g
  ret i32 %s
}
