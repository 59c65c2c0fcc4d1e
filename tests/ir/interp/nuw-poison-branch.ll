; RUN: irplay run %s
; EXIT: 70
; LangRef "'sub' Instruction": "If the nuw and/or nsw keywords are present,
; the result value of the sub is a poison value if unsigned and/or signed
; overflow, respectively, occurs." The poison flows through zext into a
; switch: LangRef "Poison Values" lists, among the operands where poison is
; immediate undefined behaviour, "The condition operand of a br instruction",
; and LangRef "'switch' Instruction" says "If 'value' is poison or undef, this
; instruction has undefined behavior."
; Oracle: undefined behaviour, so no native oracle: the expected report is
; irplay's, reviewed by hand against the LangRef text quoted above.

define i32 @main() {
  %a = sub nuw i8 3, 5                    ; unsigned wrap: poison
  %w = zext i8 %a to i32
  switch i32 %w, label %other [
    i32 254, label %wrapped
  ]
wrapped:
  ret i32 1
other:
  ret i32 2
}
