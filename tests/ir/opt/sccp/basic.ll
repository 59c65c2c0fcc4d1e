; RUN: irplay opt -p sccp %s
; Sparse conditional constant propagation: a phi that only ever sees one constant along the
; executable edges (the other edge is never taken, because its condition is constant once the
; phi is), constant arithmetic on i8, i64 and i128 (through the phi), a switch on a constant,
; and the blocks never executed are deleted with the phi entries they fed.
; (1 << 100) >> 90 is 1024 in i128; its low byte is 0, so the switch goes to %zero.
; Oracle: opt-19 -passes=sccp gives the same function bodies; the input, our output and
; opt-19's output print the same under `irplay run`.

@fmt = private constant [12 x i8] c"%d %ld %ld\0A\00"

declare i32 @printf(ptr, ...)

define i32 @loop(i32 %n) {
entry:
  br label %head
head:
  %x = phi i32 [ 1, %entry ], [ %x2, %latch ]
  %i = phi i32 [ 0, %entry ], [ %i2, %latch ]
  %c = icmp eq i32 %x, 1
  br i1 %c, label %latch, label %never
never:
  %y = mul i32 %x, 3
  br label %latch
latch:
  %x2 = phi i32 [ %x, %head ], [ %y, %never ]
  %i2 = add i32 %i, 1
  %d = icmp slt i32 %i2, %n
  br i1 %d, label %head, label %exit
exit:
  %r = add i32 %x2, 41
  ret i32 %r
}

define i64 @wide(i1 %c) {
entry:
  %a = shl i128 1, 100
  %b = lshr i128 %a, 90
  %t = trunc i128 %b to i64
  %s = select i1 %c, i64 %t, i64 1024
  %k = trunc i64 %s to i8
  %z = zext i8 %k to i32
  switch i32 %z, label %other [ i32 0, label %zero
                                i32 1, label %other ]
zero:
  ret i64 %s
other:
  ret i64 -1
}

define i32 @main() {
  %a = call i32 @loop(i32 10)
  %b = call i64 @wide(i1 true)
  %c = call i64 @wide(i1 false)
  %p = call i32 (ptr, ...) @printf(ptr @fmt, i32 %a, i64 %b, i64 %c)
  ret i32 0
}
