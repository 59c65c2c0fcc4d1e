; RUN: irplay run %s
; EXIT: 70
; LangRef "'add' Instruction": "If the nuw and/or nsw keywords are present,
; the result value of the add is a poison value if unsigned and/or signed
; overflow, respectively, occurs." LangRef "Poison Values": "Most instructions
; return 'poison' when one of their arguments is 'poison'." LangRef "'br'
; Instruction": "If 'cond' is poison or undef, this instruction has undefined
; behavior."
; Oracle: undefined behaviour, so no native oracle: the expected report is
; irplay's, reviewed by hand against the LangRef text quoted above (the report
; names the br and traces the poison to the add nsw in @inc).

declare i32 @puts(ptr)
@msg = private constant [6 x i8] c"wrong\00"

define i32 @inc(i32 %x) {
  %r = add nsw i32 %x, 1
  ret i32 %r
}

define i32 @main() {
  %v = call i32 @inc(i32 2147483647)
  %c = icmp sgt i32 %v, 0
  br i1 %c, label %pos, label %neg
pos:
  ret i32 0
neg:
  call i32 @puts(ptr @msg)
  ret i32 1
}
