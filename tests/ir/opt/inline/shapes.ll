; RUN: irplay opt -p inline %s
; Odd callee shapes: a void callee, a callee that never returns (the call's result becomes
; poison: nothing can use it on a path that returns), a call in the middle of a block whose
; successor has phis (they now come from the continuation block), and `alwaysinline` on a
; callee too big for the threshold.
; Oracle: opt-19 -passes=inline inlines the same calls; the three programs print the same.

@fmt = private constant [10 x i8] c"%d %d %d\0A\00"
@g = global i32 0
declare i32 @printf(ptr, ...)
declare void @abort()

define internal void @bump(i32 %v) {
  %o = load i32, ptr @g, align 4
  %n = add i32 %o, %v
  store i32 %n, ptr @g, align 4
  ret void
}

define internal i32 @die(i32 %x) {
  call void @abort()
  unreachable
}

define internal i32 @big(i32 %x) alwaysinline {
  %a1 = add i32 %x, 1
  %a2 = mul i32 %a1, %a1
  %a3 = add i32 %a2, 3
  %a4 = mul i32 %a3, %a1
  %a5 = add i32 %a4, 5
  %a6 = mul i32 %a5, %a2
  %a7 = add i32 %a6, 7
  %a8 = mul i32 %a7, %a3
  %a9 = add i32 %a8, 9
  %b1 = mul i32 %a9, %a4
  %b2 = add i32 %b1, 11
  %b3 = mul i32 %b2, %a5
  %b4 = add i32 %b3, 13
  %b5 = mul i32 %b4, %a6
  %b6 = add i32 %b5, 15
  %b7 = mul i32 %b6, %a7
  %b8 = add i32 %b7, 17
  %b9 = mul i32 %b8, %a8
  %c1 = add i32 %b9, 19
  %c2 = mul i32 %c1, %a9
  %c3 = add i32 %c2, 21
  %c4 = mul i32 %c3, %b1
  %c5 = add i32 %c4, 23
  %c6 = mul i32 %c5, %b2
  %c7 = add i32 %c6, 25
  %c8 = mul i32 %c7, %b3
  %c9 = add i32 %c8, 27
  %d1 = mul i32 %c9, %b4
  %d2 = add i32 %d1, 29
  %d3 = mul i32 %d2, %b5
  %d4 = add i32 %d3, 31
  %d5 = mul i32 %d4, %b6
  %d6 = add i32 %d5, 33
  %d7 = mul i32 %d6, %b7
  %d8 = add i32 %d7, 35
  %d9 = mul i32 %d8, %b8
  %e1 = add i32 %d9, 37
  %e2 = mul i32 %e1, %b9
  %e3 = add i32 %e2, 39
  %e4 = mul i32 %e3, %c1
  %e5 = add i32 %e4, 41
  %e6 = mul i32 %e5, %c2
  %e7 = add i32 %e6, 43
  %e8 = mul i32 %e7, %c3
  %e9 = add i32 %e8, 45
  %f1 = mul i32 %e9, %c4
  ret i32 %f1
}

define i32 @main() {
entry:
  call void @bump(i32 5)
  %c = load i32, ptr @g, align 4
  %bad = icmp eq i32 %c, 0
  br i1 %bad, label %dead, label %join

dead:
  %z = call i32 @die(i32 1)
  br label %join

join:
  %v = phi i32 [ %z, %dead ], [ %c, %entry ]
  %w = call i32 @big(i32 %v)
  call void @bump(i32 %w)
  br i1 %bad, label %join2, label %join2

join2:
  %u = phi i32 [ %w, %join ], [ %w, %join ]
  %h = load i32, ptr @g, align 4
  %p = call i32 (ptr, ...) @printf(ptr @fmt, i32 %v, i32 %u, i32 %h)
  ret i32 0
}
