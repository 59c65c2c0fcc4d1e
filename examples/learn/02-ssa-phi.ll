; SSA: every %value is assigned exactly once and never changes. So how does
; a variable get "different values on different paths"? With phi: at the
; start of a block, phi picks one incoming value according to the block we
; arrived from. @max joins the two arms of an if/else; @gcd keeps two values
; that swap roles each time around its loop (both phis read the OLD values).
; In the playground, follow the CFG edges into %join and %loop and compare
; them with the [ value, %block ] pairs of each phi.

@fmt = private constant [22 x i8] c"max=%d abs=%d gcd=%d\0A\00"

declare i32 @printf(ptr noundef, ...)

define i32 @max(i32 %a, i32 %b) {
entry:
  %a.bigger = icmp sgt i32 %a, %b
  br i1 %a.bigger, label %then, label %else
then:
  br label %join
else:
  br label %join
join:
  %m = phi i32 [ %a, %then ], [ %b, %else ]
  ret i32 %m
}

define i32 @gcd(i32 %x, i32 %y) {
entry:
  br label %loop
loop:
  %a = phi i32 [ %x, %entry ], [ %b, %step ]
  %b = phi i32 [ %y, %entry ], [ %r, %step ]
  %zero = icmp eq i32 %b, 0
  br i1 %zero, label %done, label %step
step:
  %r = urem i32 %a, %b
  br label %loop
done:
  ret i32 %a
}

define i32 @main() {
  %m = call i32 @max(i32 -7, i32 5)
  %neg = sub i32 0, -12
  %abs = call i32 @max(i32 -12, i32 %neg)
  %g = call i32 @gcd(i32 84, i32 36)
  call i32 (ptr, ...) @printf(ptr @fmt, i32 %m, i32 %abs, i32 %g)
  ret i32 0
}

; RUN: irplay check %s
; RUN: irplay run %s
