; RUN: irplay run %s
; EXIT: 70
; LangRef "'insertelement' Instruction": "If idx exceeds the length of val for
; a fixed-length vector, the result is a poison value." So the whole result
; vector is poison, lane 0 (which the insert did not target) too; passing it
; to a noundef parameter is undefined behaviour: LangRef "Parameter
; Attributes", noundef: "If the value representation contains any undefined or
; poison bits, the behavior is undefined."
; Oracle: undefined behaviour, so no native oracle: the expected report is
; irplay's, reviewed by hand against the LangRef text quoted above.

define i32 @first(<2 x i32> noundef %v) {
  %e = extractelement <2 x i32> %v, i32 0
  ret i32 %e
}

define i32 @main() {
  %ok = insertelement <2 x i32> <i32 1, i32 2>, i32 9, i32 1
  %a = call i32 @first(<2 x i32> %ok)
  %bad = insertelement <2 x i32> <i32 1, i32 2>, i32 9, i32 2
  %b = call i32 @first(<2 x i32> %bad)
  %r = add i32 %a, %b
  ret i32 %r
}
