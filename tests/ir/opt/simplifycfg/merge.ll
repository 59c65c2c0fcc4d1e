; RUN: irplay opt -p simplifycfg %s
; A block whose single predecessor ends in `br label` to it is merged into that predecessor:
; its phis have one entry and are replaced by it (%one), its instructions move up, and the
; phis of its successors now name the predecessor (%out's entry for %b becomes one for
; %entry after %a and %b are merged into it; the `if` left at %out then becomes a `select`).
; A loop header with two predecessors is not merged. Oracle: opt-19 -passes=simplifycfg
; merges the same blocks and forms the same `select`; the three programs print the same.

@fmt = private constant [7 x i8] c"%d %d\0A\00"
declare i32 @printf(ptr, ...)

define i32 @chain(i32 %x, i1 %c) {
entry:
  br label %a

a:
  %one = phi i32 [ %x, %entry ]
  %y = add i32 %one, 1
  br label %b

b:
  %z = mul i32 %y, 3
  br i1 %c, label %out, label %other

other:
  br label %out

out:
  %r = phi i32 [ %z, %b ], [ 0, %other ]
  ret i32 %r
}

define i32 @loop(i32 %n) {
entry:
  br label %head

head:
  %i = phi i32 [ 0, %entry ], [ %i.next, %head ]
  %i.next = add i32 %i, 1
  %done = icmp sge i32 %i.next, %n
  br i1 %done, label %exit, label %head

exit:
  ret i32 %i.next
}

define i32 @main() {
  %a = call i32 @chain(i32 4, i1 true)
  %b = call i32 @loop(i32 9)
  %p = call i32 (ptr, ...) @printf(ptr @fmt, i32 %a, i32 %b)
  ret i32 0
}
