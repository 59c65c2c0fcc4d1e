; RUN: irplay opt -p loop-simplify %s
; Puts loops in simplified form: @two_entries gets `%h.preheader` (its header phi takes the
; two outside values through the new phi `%i.ph`), @two_latches gets `%h.backedge` (the
; back-edge values merge in `%s.be`), @shared_exit gets `%exit.loopexit` (the exit was also
; reached from outside the loop). @nested gives the inner loop a dedicated exit to the
; outer header. Already simplified loops (@simple) are left alone.
; Oracle: opt-19 -passes=loop-simplify inserts the same blocks and phis (it places some
; blocks elsewhere in the layout); the three programs print the same.

@fmt = private constant [16 x i8] c"%d %d %d %d %d\0A\00"
declare i32 @printf(ptr, ...)

define i32 @two_entries(i1 %c, i32 %n) {
entry:
  br i1 %c, label %a, label %h

a:
  br label %h

h:
  %i = phi i32 [ 10, %a ], [ 20, %entry ], [ %i.next, %h ]
  %i.next = add i32 %i, 1
  %done = icmp sge i32 %i.next, %n
  br i1 %done, label %exit, label %h

exit:
  ret i32 %i.next
}

define i32 @two_latches(i32 %n) {
entry:
  br label %h

h:
  %i = phi i32 [ 0, %entry ], [ %i.next, %odd ], [ %i.next, %even ]
  %s = phi i32 [ 0, %entry ], [ %s.odd, %odd ], [ %s.even, %even ]
  %i.next = add i32 %i, 1
  %bit = and i32 %i, 1
  %isodd = icmp ne i32 %bit, 0
  br i1 %isodd, label %odd, label %even

odd:
  %s.odd = add i32 %s, %i
  %c1 = icmp slt i32 %i.next, %n
  br i1 %c1, label %h, label %exit

even:
  %s.even = sub i32 %s, 1
  %c2 = icmp slt i32 %i.next, %n
  br i1 %c2, label %h, label %exit

exit:
  %r = phi i32 [ %s.odd, %odd ], [ %s.even, %even ]
  ret i32 %r
}

define i32 @shared_exit(i32 %n) {
entry:
  %skip = icmp slt i32 %n, 0
  br i1 %skip, label %exit, label %h

h:
  %i = phi i32 [ 0, %entry ], [ %i.next, %h ]
  %i.next = add i32 %i, 3
  %c = icmp slt i32 %i.next, %n
  br i1 %c, label %h, label %exit

exit:
  %r = phi i32 [ -1, %entry ], [ %i.next, %h ]
  ret i32 %r
}

define i32 @nested(i32 %n) {
entry:
  br label %o

o:
  %k = phi i32 [ 0, %entry ], [ 1, %i ]
  %t = phi i32 [ 0, %entry ], [ %t.next, %i ]
  br label %i

i:
  %j = phi i32 [ %k, %o ], [ %j.next, %i2 ]
  %t.next = add i32 %t, %j
  %j.next = add i32 %j, 1
  %again = icmp slt i32 %j.next, %n
  br i1 %again, label %i2, label %o

i2:
  %stop = icmp sgt i32 %t.next, 50
  br i1 %stop, label %exit, label %i

exit:
  ret i32 %t.next
}

define i32 @simple(i32 %n) {
entry:
  br label %h

h:
  %i = phi i32 [ 0, %entry ], [ %i.next, %h ]
  %i.next = add i32 %i, 1
  %c = icmp slt i32 %i.next, %n
  br i1 %c, label %h, label %exit

exit:
  ret i32 %i.next
}

define i32 @main() {
  %a = call i32 @two_entries(i1 true, i32 15)
  %b = call i32 @two_latches(i32 9)
  %c = call i32 @shared_exit(i32 10)
  %d = call i32 @nested(i32 6)
  %e = call i32 @simple(i32 4)
  %p = call i32 (ptr, ...) @printf(ptr @fmt, i32 %a, i32 %b, i32 %c, i32 %d, i32 %e)
  ret i32 0
}
