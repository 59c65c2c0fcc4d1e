; RUN: irplay run %s
; Phis and loops: a loop whose phis swap (a parallel copy with a cycle), nested loops
; summing a triangle, a loop-carried double, and a phi with a value defined before the loop
; used after it (live across the whole loop).
; Oracle: lli-19 prints the same stdout.

@fmt = private constant [20 x i8] c"%d %d %lld %g %d\0A\00\00\00"
declare i32 @printf(ptr, ...)

define i32 @fib(i32 %n) noinline {
entry:
  br label %loop
loop:
  %a = phi i32 [ 0, %entry ], [ %b, %loop ]
  %b = phi i32 [ 1, %entry ], [ %c, %loop ]
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  %c = add i32 %a, %b
  %i1 = add i32 %i, 1
  %more = icmp slt i32 %i1, %n
  br i1 %more, label %loop, label %done
done:
  ret i32 %a
}

define i32 @swaps(i32 %x, i32 %y, i32 %n) noinline {
entry:
  br label %loop
loop:
  %p = phi i32 [ %x, %entry ], [ %q, %loop ]
  %q = phi i32 [ %y, %entry ], [ %p, %loop ]
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  %i1 = add i32 %i, 1
  %more = icmp slt i32 %i1, %n
  br i1 %more, label %loop, label %done
done:
  %r = mul i32 %p, 10
  %s = add i32 %r, %q
  ret i32 %s
}

define i64 @triangle(i32 %n) noinline {
entry:
  br label %outer
outer:
  %i = phi i32 [ 0, %entry ], [ %i1, %outer.end ]
  %acc = phi i64 [ 0, %entry ], [ %acc.in, %outer.end ]
  br label %inner
inner:
  %j = phi i32 [ 0, %outer ], [ %j1, %inner ]
  %acc.in = phi i64 [ %acc, %outer ], [ %acc2, %inner ]
  %jw = sext i32 %j to i64
  %acc2 = add i64 %acc.in, %jw
  %j1 = add i32 %j, 1
  %jm = icmp sle i32 %j1, %i
  br i1 %jm, label %inner, label %outer.end
outer.end:
  %i1 = add i32 %i, 1
  %im = icmp slt i32 %i1, %n
  br i1 %im, label %outer, label %done
done:
  ret i64 %acc.in
}

define double @halve(double %x, i32 %n) noinline {
entry:
  br label %loop
loop:
  %v = phi double [ %x, %entry ], [ %h, %loop ]
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  %h = fmul double %v, 5.0e-1
  %i1 = add i32 %i, 1
  %more = icmp slt i32 %i1, %n
  br i1 %more, label %loop, label %done
done:
  ret double %h
}

define i32 @main() {
  %f = call i32 @fib(i32 20)
  %s = call i32 @swaps(i32 1, i32 2, i32 5)
  %t = call i64 @triangle(i32 100)
  %h = call double @halve(double 1000.0, i32 10)
  %s2 = call i32 @swaps(i32 1, i32 2, i32 6)
  call i32 (ptr, ...) @printf(ptr @fmt, i32 %f, i32 %s, i64 %t, double %h, i32 %s2)
  ret i32 0
}
