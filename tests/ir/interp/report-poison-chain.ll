; RUN: irplay run %s
; EXIT: 70
; A poison chain of four steps: the report quotes each instruction from the
; branch back to the `add nsw` that overflowed, saying why each is poison.
; LangRef "'add' Instruction": "If the nuw and/or nsw keywords are present,
; the result value of the add is a poison value if unsigned and/or signed
; overflow, respectively, occurs." "Poison Values": "Most instructions return
; 'poison' when one of their arguments is 'poison'." "'br' Instruction": "If
; 'cond' is poison or undef, this instruction has undefined behavior."
; Oracle: undefined behaviour, so no native oracle: the expected report is
; irplay's, reviewed by hand (2147483646 + 1 = 2147483647, + 1 overflows i32).

define i32 @main() {
  %x = add i32 2147483646, 1
  %p = add nsw i32 %x, 1
  %q = mul i32 %p, 3
  %r = xor i32 %q, 5
  %c = icmp sgt i32 %r, 0
  br i1 %c, label %a, label %b
a:
  ret i32 1
b:
  ret i32 0
}
