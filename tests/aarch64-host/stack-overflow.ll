; An endless recursion with a large frame: a stack overflow (status 71). Where it is
; reported depends on the CPU: the first store to the frame on x86-64, the prologue's stack
; probe (reported at the recursive call) on AArch64.
define i32 @down(i32 %n) {
  %buf = alloca [4096 x i8]
  store volatile i32 %n, ptr %buf
  %m = add i32 %n, 1
  %r = call i32 @down(i32 %m)
  %b = load volatile i32, ptr %buf
  %s = add i32 %r, %b
  ret i32 %s
}

define i32 @main() {
  %r = call i32 @down(i32 0)
  ret i32 %r
}
