; RUN: irplay opt -p adce %s
; Loops whose bodies compute nothing live are NOT removed: a loop might not terminate
; (here: `%i` steps by 2 from an odd or even start and compares with `ne`, so for some
; arguments it runs forever), and deleting it would make a hanging program return. The
; back-edge branch and the values its condition needs stay; the dead accumulator goes.
; An `if` inside the loop whose two sides are dead is folded (its branch steers dead code).
; Oracle: opt-19 -passes=adce keeps the same loop and removes the same instructions; the
; input, our output and opt-19's output print the same under `irplay run` (main only calls
; the terminating case).

@fmt = private constant [4 x i8] c"%d\0A\00"

declare i32 @printf(ptr, ...)

define i32 @spin(i32 %start, i32 %end) {
entry:
  br label %loop
loop:
  %i = phi i32 [ %start, %entry ], [ %i2, %next ]
  %acc = phi i32 [ 0, %entry ], [ %acc2, %next ]
  %odd = and i32 %i, 1
  %isodd = icmp ne i32 %odd, 0
  br i1 %isodd, label %then, label %next
then:
  %t = mul i32 %acc, 3
  br label %next
next:
  %acc1 = phi i32 [ %t, %then ], [ %acc, %loop ]
  %acc2 = add i32 %acc1, %i
  %i2 = add i32 %i, 2
  %done = icmp ne i32 %i2, %end
  br i1 %done, label %loop, label %exit
exit:
  ret i32 %end
}

define i32 @main() {
  %a = call i32 @spin(i32 0, i32 10)
  %p = call i32 (ptr, ...) @printf(ptr @fmt, i32 %a)
  ret i32 0
}
