; RUN: irplay run %s
; EXIT: 70
; LangRef "'sdiv' Instruction": "Overflow also leads to undefined behavior;
; this is a rare case, but can occur, for example, by doing a 32-bit division
; of -2147483648 by -1." The division of -2147483647 by -1 before it is fine.
; Oracle: undefined behaviour, so no native oracle: the expected report is
; irplay's, reviewed by hand against the LangRef text quoted above (natively,
; lli-19 and clang-19 both die of SIGFPE).

define i32 @div(i32 %a, i32 %b) {
  %q = sdiv i32 %a, %b
  ret i32 %q
}

define i32 @main() {
  %ok = call i32 @div(i32 -2147483647, i32 -1)   ; 2147483647: fine
  %bad = call i32 @div(i32 -2147483648, i32 -1)
  %r = add i32 %ok, %bad
  ret i32 %r
}
