; RUN: irplay opt -p dce %s
; Trivially dead instructions go, and chains of them: an unused result of an instruction
; without side effects. Instructions that may produce poison (`add nsw` that overflows, `shl`
; by the bit width) or have undefined behaviour (`udiv` by zero) go too when unused: unused
; poison is never observed, and removing undefined behaviour only refines the program.
; Stores, calls that may write, and volatile loads stay; unused plain loads and allocas go.
; Oracle: opt-19 -passes=dce gives the same instructions; the input, our output and
; opt-19's output print the same under `irplay run`.

@fmt = private constant [4 x i8] c"%d\0A\00"
@g = global i32 7

declare i32 @printf(ptr, ...)

define i32 @f(i32 %x) {
  %a = add nsw i32 %x, 2147483647
  %b = shl i32 %a, 32
  %c = udiv i32 %b, 0
  %p = alloca i64, align 8
  %l = load i32, ptr @g, align 4
  %v = load volatile i32, ptr @g, align 4
  store i32 %x, ptr @g, align 4
  %keep = mul i32 %x, 3
  %unused.cmp = icmp slt i32 %keep, 0
  %sel = select i1 %unused.cmp, i32 %l, i32 %c
  ret i32 %keep
}

define i32 @main() {
  %r = call i32 @f(i32 5)
  %g = load i32, ptr @g, align 4
  %dead = call i32 (ptr, ...) @printf(ptr @fmt, i32 %r)
  %dead2 = call i32 (ptr, ...) @printf(ptr @fmt, i32 %g)
  ret i32 0
}
