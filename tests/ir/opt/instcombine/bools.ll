; RUN: irplay opt -p instcombine %s
; What clang -O0 code looks like after mem2reg: a C condition is an `icmp`, widened with
; `zext` to int and tested again with `icmp ne ..., 0` (→ the original icmp) or
; `icmp eq ..., 0` (→ the inverted icmp); `!c` is `xor c, true` (→ the inverted icmp when it
; has no other use); `br (xor c, true)` swaps the successors; `select (xor c, true)` swaps
; the arms. Does NOT fire: an icmp with another use is not inverted in place (@multi).
; Oracle: opt-19 -passes=instcombine gives the same instructions; the input, our output and
; opt-19's output print the same under `irplay run`.

@fmt = private constant [7 x i8] c"%d %d\0A\00"

declare i32 @printf(ptr, ...)

define i32 @cond(i32 %x, i32 %y) {
entry:
  %c = icmp slt i32 %x, %y
  %z = zext i1 %c to i32
  %t = icmp ne i32 %z, 0
  br i1 %t, label %a, label %b
a:
  %c2 = icmp eq i32 %x, 5
  %z2 = zext i1 %c2 to i32
  %t2 = icmp eq i32 %z2, 0
  %n = xor i1 %t2, true
  br i1 %n, label %b, label %cc
b:
  %p = phi i32 [ 1, %entry ], [ 2, %a ]
  ret i32 %p
cc:
  %c3 = icmp sgt i32 %y, 100
  %n3 = xor i1 %c3, true
  %s = select i1 %n3, i32 10, i32 20
  ret i32 %s
}

define i32 @multi(i32 %x) {
  %c = icmp ugt i32 %x, 10
  %n = xor i1 %c, true
  %a = zext i1 %c to i32
  %b = zext i1 %n to i32
  %s = mul i32 %a, 3
  %r = sub i32 %s, %b
  ret i32 %r
}

define i32 @main() {
  %a = call i32 @cond(i32 1, i32 2)
  %b = call i32 @cond(i32 5, i32 2)
  %c = call i32 @cond(i32 3, i32 200)
  %d = call i32 @cond(i32 5, i32 7)
  %e = call i32 @cond(i32 6, i32 7)
  %m1 = call i32 @multi(i32 3)
  %m2 = call i32 @multi(i32 30)
  call i32 (ptr, ...) @printf(ptr @fmt, i32 %a, i32 %b)
  call i32 (ptr, ...) @printf(ptr @fmt, i32 %c, i32 %d)
  call i32 (ptr, ...) @printf(ptr @fmt, i32 %e, i32 %m1)
  call i32 (ptr, ...) @printf(ptr @fmt, i32 %m2, i32 0)
  ret i32 0
}
