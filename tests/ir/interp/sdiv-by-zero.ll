; RUN: irplay run %s
; EXIT: 70
; LangRef "'sdiv' Instruction": "Division by zero is undefined behavior. For
; vectors, if any element of the divisor is zero, the operation has undefined
; behavior." Here one lane of a <2 x i64> divisor is zero.
; Oracle: undefined behaviour, so no native oracle: the expected report is
; irplay's, reviewed by hand against the LangRef text quoted above (natively,
; lli-19 and clang-19 both die of SIGFPE).

define <2 x i64> @div(<2 x i64> %a, <2 x i64> %b) {
  %q = sdiv <2 x i64> %a, %b
  ret <2 x i64> %q
}

define i32 @main() {
  %q = call <2 x i64> @div(<2 x i64> <i64 10, i64 20>, <2 x i64> <i64 5, i64 0>)
  %e = extractelement <2 x i64> %q, i32 0
  %r = trunc i64 %e to i32
  ret i32 %r
}
