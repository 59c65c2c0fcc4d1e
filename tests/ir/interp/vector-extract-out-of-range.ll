; RUN: irplay run %s
; EXIT: 70
; LangRef "'extractelement' Instruction": "If idx exceeds the length of val
; for a fixed-length vector, the result is a poison value." The in-range
; extract is fine; the poison from index 4 of a <4 x i32> reaches a br:
; LangRef "'br' Instruction": "If 'cond' is poison or undef, this instruction
; has undefined behavior."
; Oracle: undefined behaviour, so no native oracle: the expected report is
; irplay's, reviewed by hand against the LangRef text quoted above.

define i32 @get(<4 x i32> %v, i32 %i) {
  %e = extractelement <4 x i32> %v, i32 %i
  ret i32 %e
}

define i32 @main() {
  %ok = call i32 @get(<4 x i32> <i32 1, i32 2, i32 3, i32 4>, i32 3)
  %bad = call i32 @get(<4 x i32> <i32 1, i32 2, i32 3, i32 4>, i32 4)
  %c = icmp eq i32 %bad, %ok
  br i1 %c, label %a, label %b
a:
  ret i32 0
b:
  ret i32 1
}
