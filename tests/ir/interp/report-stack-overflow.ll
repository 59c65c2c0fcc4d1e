; RUN: irplay run --max-stack-depth 50 %s
; EXIT: 71
; Endless recursion stops at the depth limit: the report points at the call
; that would go one frame deeper, says the depth, and how to raise it.
; Oracle: a native build of this program recurses until its stack overflows
; (SIGSEGV); the interpreter's limit and report are irplay's, reviewed by hand
; (@main is frame 1, so the 49th call of @down is the one refused).

define i32 @down(i32 %n) {
  %m = add i32 %n, 1
  %r = call i32 @down(i32 %m)
  ret i32 %r
}

define i32 @main() {
  %r = call i32 @down(i32 0)
  ret i32 %r
}
