; RUN: irplay opt -p inline %s
; Calls that must stay: a recursive callee (@fact calls itself: inlining never ends), a
; `noinline` callee, a call site marked `noinline`, a varargs callee, a callee holding a
; `musttail` call (it must stay a call in tail position; we do not rewrite it), an interposable `weak` callee (the LangRef: another
; definition may replace it at link time), and an `invoke` call site (not handled here; @inv,
; which holds it, is inlined into @main, which takes @inv's personality).
; Oracle: opt-19 -passes=inline keeps all of these calls too except the invoke, which it
; inlines, @tailer (whose musttail call it turns into a plain one) and @first (a varargs
; callee that does not use va_start): three weaker results of ours, never a wrong one. The
; three programs print the same.

@fmt = private constant [19 x i8] c"%d %d %d %d %d %d\0A\00"
declare i32 @printf(ptr, ...)
declare i32 @__gxx_personality_v0(...)

define internal i32 @fact(i32 %n) {
entry:
  %z = icmp sle i32 %n, 1
  br i1 %z, label %base, label %rec

base:
  ret i32 1

rec:
  %m = sub i32 %n, 1
  %r = call i32 @fact(i32 %m)
  %p = mul i32 %n, %r
  ret i32 %p
}

define internal i32 @never(i32 %x) noinline {
  %y = add i32 %x, 1
  ret i32 %y
}

define internal i32 @plain(i32 %x) {
  %y = mul i32 %x, 3
  ret i32 %y
}

define internal i32 @first(i32 %n, ...) {
  ret i32 %n
}

define internal i32 @tailer(i32 %x) {
  %r = musttail call i32 @plain(i32 %x)
  ret i32 %r
}

define weak i32 @weakf(i32 %x) {
  %y = sub i32 %x, 2
  ret i32 %y
}

define internal i32 @inv(i32 %x) personality ptr @__gxx_personality_v0 {
entry:
  %r = invoke i32 @plain(i32 %x)
          to label %ok unwind label %lp

ok:
  ret i32 %r

lp:
  %l = landingpad { ptr, i32 }
          cleanup
  resume { ptr, i32 } %l
}

define i32 @main() {
  %a = call i32 @fact(i32 5)
  %b = call i32 @never(i32 1)
  %c = call i32 @plain(i32 2) noinline
  %d = call i32 (i32, ...) @first(i32 4, i32 9)
  %e = call i32 @tailer(i32 5)
  %f = call i32 @weakf(i32 8)
  %g = call i32 @inv(i32 1)
  %s = add i32 %f, %g
  %p = call i32 (ptr, ...) @printf(ptr @fmt, i32 %a, i32 %b, i32 %c, i32 %d, i32 %e, i32 %s)
  ret i32 0
}
