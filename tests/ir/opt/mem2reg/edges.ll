; RUN: irplay opt -p mem2reg %s
; Phis get one entry per CFG edge: %two is the target of two cases of one switch, so the
; phi placed there for %v has two entries from %entry (with the same value). %two also
; has a predecessor that is unreachable from the entry (%orphan): the renaming walk never
; reaches it, so its entry is `poison` (as in LLVM 19; that edge is never taken), and its
; store does not count as a definition of %v.
; Oracle: opt-19 -passes=mem2reg gives the same phi (entries in another order); it keeps
; %orphan's store, with its address replaced by `poison`, where we remove it (never
; executed either way). The three programs print the same.

@fmt = private constant [10 x i8] c"%d %d %d\0A\00"
declare i32 @printf(ptr, ...)

define i32 @f(i32 %x) {
entry:
  %v = alloca i32, align 4
  store i32 %x, ptr %v, align 4
  switch i32 %x, label %other [
    i32 1, label %two
    i32 2, label %two
  ]

other:
  store i32 100, ptr %v, align 4
  br label %two

orphan:
  store i32 7, ptr %v, align 4
  br label %two

two:
  %r = load i32, ptr %v, align 4
  br label %join

join:
  %s = load i32, ptr %v, align 4
  %sum = add i32 %r, %s
  ret i32 %sum
}

define i32 @main() {
  %a = call i32 @f(i32 1)
  %b = call i32 @f(i32 2)
  %c = call i32 @f(i32 3)
  %p = call i32 (ptr, ...) @printf(ptr @fmt, i32 %a, i32 %b, i32 %c)
  ret i32 0
}
