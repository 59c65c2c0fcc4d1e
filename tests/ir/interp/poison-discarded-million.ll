; RUN: irplay run %s
; EXIT: 70
; LangRef "'add' Instruction": "If the nuw and/or nsw keywords are present,
; the result value of the add is a poison value if unsigned and/or signed
; overflow, respectively, occurs." LangRef "Poison Values": "Most instructions
; return 'poison' when one of their arguments is 'poison'. A notable exception
; is the select instruction." LangRef "'br' Instruction": "If 'cond' is poison
; or undef, this instruction has undefined behavior."
; The loop makes 1.2 million poison values that select discards, more than the
; interpreter's origin table holds at once (2^20 entries in use): the report
; on the last, live one must still name where it arose and the instruction it
; then went through, so origins nothing refers to must be reclaimed.
; Oracle: undefined behaviour, so no native oracle: the expected report is
; irplay's, reviewed by hand against the LangRef text quoted above (the report
; names the br and traces the poison to the add nsw in @main, then the icmp).

define i32 @main() {
entry:
  br label %loop
loop:
  %i = phi i32 [ 1, %entry ], [ %next, %loop ]
  %acc = phi i32 [ 0, %entry ], [ %sum, %loop ]
  %p = add nsw i32 %i, 2147483647
  %s = select i1 true, i32 %i, i32 %p
  %sum = xor i32 %acc, %s
  %next = add i32 %i, 1
  %more = icmp ult i32 %next, 1200000
  br i1 %more, label %loop, label %done
done:
  %last = add nsw i32 %next, 2147483647
  %c = icmp sgt i32 %last, 0
  br i1 %c, label %pos, label %neg
pos:
  ret i32 0
neg:
  ret i32 1
}
