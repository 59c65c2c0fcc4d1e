; RUN: irplay opt -p loop-simplify %s
; Edges that cannot be split stay: the header of @indirect is entered by an `indirectbr`
; (its edge cannot move to a new preheader), so it gets no preheader, but its exit, also
; reached by the `indirectbr`, still gets the dedicated `%exit.loopexit`. The loop of
; @asm_goto holds a `callbr`: we leave such loops alone entirely.
; Oracle: opt-19 -passes=loop-simplify does the same for @indirect; for @asm_goto it merges
; the two back edges (the callbr's included) into `%h.backedge`, which we deliberately do
; not do (a weaker result: the loop is simply not simplified).

define i32 @indirect(ptr %target, i32 %n) {
entry:
  indirectbr ptr %target, [label %h, label %exit]

h:
  %i = phi i32 [ 0, %entry ], [ %i.next, %h ]
  %i.next = add i32 %i, 1
  %c = icmp slt i32 %i.next, %n
  br i1 %c, label %h, label %exit

exit:
  %r = phi i32 [ -1, %entry ], [ %i.next, %h ]
  ret i32 %r
}

define i32 @asm_goto(i32 %n) {
entry:
  br label %h

h:
  %i = phi i32 [ 0, %entry ], [ %i.next, %h ], [ %i.next, %l ]
  %i.next = add i32 %i, 1
  callbr void asm "", "!i"() to label %l [label %h]

l:
  %c = icmp slt i32 %i.next, %n
  br i1 %c, label %h, label %exit

exit:
  ret i32 %i.next
}
