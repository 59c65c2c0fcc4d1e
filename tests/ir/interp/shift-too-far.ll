; RUN: irplay run %s
; EXIT: 70
; LangRef "'shl' Instruction": "If op2 is (statically or dynamically) equal to
; or larger than the number of bits in op1, this instruction returns a poison
; value." ('lshr' and 'ashr' say the same.) The shift by 31 is defined; the
; poison of the shift by 32 flows through add and icmp into a br: LangRef
; "'br' Instruction": "If 'cond' is poison or undef, this instruction has
; undefined behavior."
; Oracle: undefined behaviour, so no native oracle: the expected report is
; irplay's, reviewed by hand against the LangRef text quoted above.

define i32 @shift(i32 %x, i32 %n) {
  %r = shl i32 %x, %n
  ret i32 %r
}

define i32 @main() {
  %ok = call i32 @shift(i32 1, i32 31)
  %bad = call i32 @shift(i32 1, i32 32)
  %m = lshr i32 %ok, 31
  %r = add i32 %bad, %m
  %c = icmp eq i32 %r, 1
  br i1 %c, label %a, label %b
a:
  ret i32 0
b:
  ret i32 1
}
