; RUN: irplay run %s
; EXIT: 70
; LangRef "'udiv' Instruction": "Division by zero is undefined behavior." The
; divisor comes from a call, so it is a defined 0, not poison.
; Oracle: undefined behaviour, so no native oracle: the expected report is
; irplay's, reviewed by hand against the LangRef text quoted above (natively,
; lli-19 and clang-19 both die of SIGFPE).

define i32 @zero() {
  ret i32 0
}

define i32 @main() {
  %z = call i32 @zero()
  %q = udiv i32 100, %z
  ret i32 %q
}
