; RUN: irplay run %s
; RUN: irplay run --engine wasm %s
; Tail calls (LangRef "'call' Instruction": with `musttail` "the call will not cause
; unbounded stack growth if it is part of a recursive cycle in the call graph"): a million
; `musttail` calls from a function with a stack frame (each frame must be released before
; its tail call, or the stack would overflow), `musttail` through a function pointer and
; returning void, and a plain `tail` self-call.
; Oracle: lli-19 and a native build (clang-19 FILE.ll) print the same stdout.

@f = private constant [14 x i8] c"%s %lld %lld\0A\00"
@n.frame = private constant [7 x i8] c"frame:\00"
@n.ptr = private constant [5 x i8] c"ptr:\00"
@n.void = private constant [6 x i8] c"void:\00"
@n.tail = private constant [6 x i8] c"tail:\00"
@total = global i64 0
declare i32 @printf(ptr, ...)

define void @show(ptr %n, i64 %a, i64 %b) noinline {
  call i32 (ptr, ...) @printf(ptr @f, ptr %n, i64 %a, i64 %b)
  ret void
}

; sums n + (n-1) + ... through a 64-byte local buffer
define i64 @framed(i64 %n, i64 %acc) {
  %buf = alloca [8 x i64], align 16
  %slot = getelementptr [8 x i64], ptr %buf, i64 0, i64 3
  store volatile i64 %n, ptr %slot
  %z = icmp eq i64 %n, 0
  br i1 %z, label %done, label %more
done:
  ret i64 %acc
more:
  %v = load volatile i64, ptr %slot
  %a = add i64 %acc, %v
  %m = sub i64 %n, 1
  %r = musttail call i64 @framed(i64 %m, i64 %a)
  ret i64 %r
}

define i64 @ping(ptr %other, i64 %n, i64 %acc) {
  %z = icmp eq i64 %n, 0
  br i1 %z, label %done, label %more
done:
  ret i64 %acc
more:
  %m = sub i64 %n, 1
  %a = add i64 %acc, 3
  %r = musttail call i64 %other(ptr @ping, i64 %m, i64 %a)
  ret i64 %r
}

define i64 @pong(ptr %other, i64 %n, i64 %acc) {
  %a = xor i64 %acc, 1
  %r = musttail call i64 %other(ptr @pong, i64 %n, i64 %a)
  ret i64 %r
}

define void @count(i64 %n) {
  %t = load i64, ptr @total
  %t1 = add i64 %t, %n
  store i64 %t1, ptr @total
  %z = icmp eq i64 %n, 0
  br i1 %z, label %done, label %more
done:
  ret void
more:
  %m = sub i64 %n, 1
  musttail call void @count(i64 %m)
  ret void
}

define i64 @gcd(i64 %a, i64 %b) {
  %z = icmp eq i64 %b, 0
  br i1 %z, label %done, label %more
done:
  ret i64 %a
more:
  %r = urem i64 %a, %b
  %g = tail call i64 @gcd(i64 %b, i64 %r)
  ret i64 %g
}

define i32 @main() {
  %s = call i64 @framed(i64 1000000, i64 0)
  call void @show(ptr @n.frame, i64 %s, i64 0)
  %p = call i64 @ping(ptr @pong, i64 1000001, i64 0)
  call void @show(ptr @n.ptr, i64 %p, i64 0)
  call void @count(i64 1000000)
  %t = load i64, ptr @total
  call void @show(ptr @n.void, i64 %t, i64 0)
  %g = call i64 @gcd(i64 1134903170, i64 701408733)
  %g2 = call i64 @gcd(i64 462, i64 1071)
  call void @show(ptr @n.tail, i64 %g, i64 %g2)
  ret i32 0
}
