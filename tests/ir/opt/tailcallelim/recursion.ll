; RUN: irplay opt -p tailcallelim %s
; Self-recursive calls in tail position become a loop: the old entry block turns into
; `%tailrecurse` with a phi per parameter (`%n.tr`), a new entry block keeps the entry's name and
; the static allocas; the other calls are marked `tail` (no alloca of the function escapes).
; @gcd has two tail calls, @count a void one, @sum's alloca never escapes.
; Oracle: opt-19 -passes=tailcallelim gives the same loops and `tail` markers; the three
; programs print the same.

@fmt = private constant [13 x i8] c"%d %d %d %d\0A\00"
@cnt = global i32 0
declare i32 @printf(ptr, ...)

define i32 @gcd(i32 %a, i32 %b) {
entry:
  %z = icmp eq i32 %b, 0
  br i1 %z, label %done, label %more

done:
  ret i32 %a

more:
  %gt = icmp ugt i32 %a, %b
  br i1 %gt, label %big, label %small

big:
  %d = sub i32 %a, %b
  %r1 = call i32 @gcd(i32 %d, i32 %b)
  ret i32 %r1

small:
  %e = sub i32 %b, %a
  %r2 = call i32 @gcd(i32 %a, i32 %e)
  ret i32 %r2
}

define void @count(i32 %n) {
  %z = icmp eq i32 %n, 0
  br i1 %z, label %out, label %step

step:
  %o = load i32, ptr @cnt, align 4
  %p = add i32 %o, 1
  store i32 %p, ptr @cnt, align 4
  %m = sub i32 %n, 1
  call void @count(i32 %m)
  ret void

out:
  ret void
}

define i32 @sum(i32 %n, i32 %acc) {
entry:
  %t = alloca i32, align 4
  store i32 %n, ptr %t, align 4
  %v = load i32, ptr %t, align 4
  %z = icmp eq i32 %v, 0
  br i1 %z, label %out, label %step

step:
  %m = sub i32 %v, 1
  %a = add i32 %acc, %v
  %r = call i32 @sum(i32 %m, i32 %a)
  ret i32 %r

out:
  ret i32 %acc
}

define i32 @main() {
  %g = call i32 @gcd(i32 1071, i32 462)
  call void @count(i32 7)
  %c = load i32, ptr @cnt, align 4
  %s = call i32 @sum(i32 100, i32 0)
  %h = call i32 @gcd(i32 17, i32 5)
  %p = call i32 (ptr, ...) @printf(ptr @fmt, i32 %g, i32 %c, i32 %s, i32 %h)
  ret i32 0
}
