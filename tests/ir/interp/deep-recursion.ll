; RUN: irplay run %s
; EXIT: 71
; Not undefined behaviour but a resource limit: a non-tail recursion 10
; million calls deep (the add after the call needs its result, so no frame can
; be reused). irplay bounds the call stack (--max-stack-depth, default 100000
; frames) and stops with a runtime error, status 71, instead of exhausting the
; host's stack. (LangRef "'alloca' Instruction" likewise: "The operation
; itself is undefined if there is insufficient stack space for the
; allocation.")
; Oracle: the expected report is irplay's documented stack limit, reviewed by
; hand; natively the program cannot finish in an ordinary stack either: lli-19
; and clang-19 die of SIGSEGV (8 MiB stack).

define i64 @depth(i64 %n) {
  %z = icmp eq i64 %n, 0
  br i1 %z, label %done, label %rec
done:
  ret i64 0
rec:
  %m = sub i64 %n, 1
  %r = call i64 @depth(i64 %m)
  %s = add i64 %r, 1
  ret i64 %s
}

define i32 @main() {
  %r = call i64 @depth(i64 10000000)
  %t = trunc i64 %r to i32
  ret i32 %t
}
