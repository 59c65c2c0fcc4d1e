; RUN: irplay check %s
; A recursive factorial: the backtrace shows each call, finish returns one level, and the
; reverse commands go back into and out of the calls.
define i32 @fact(i32 %n) {
entry:
  %z = icmp sle i32 %n, 1
  br i1 %z, label %base, label %rec
base:
  ret i32 1
rec:
  %m = sub i32 %n, 1
  %f = call i32 @fact(i32 %m)
  %r = mul i32 %n, %f
  ret i32 %r
}

define i32 @main() {
  %x = call i32 @fact(i32 4)
  ret i32 %x
}
