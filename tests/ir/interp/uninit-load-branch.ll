; RUN: irplay run %s
; EXIT: 70
; LangRef "'alloca' Instruction": "The allocated memory is uninitialized, and
; loading from uninitialized memory produces an undefined value." Arithmetic
; on undef and storing the result are fine; branching on a comparison with it
; is not: LangRef "'br' Instruction": "If 'cond' is poison or undef, this
; instruction has undefined behavior."
; Oracle: undefined behaviour, so no native oracle: the expected report is
; irplay's, reviewed by hand against the LangRef text quoted above.

define i32 @main() {
  %slot = alloca i32
  %out = alloca i32
  %x = load i32, ptr %slot
  %y = add i32 %x, 1
  store i32 %y, ptr %out
  %c = icmp sgt i32 %x, 10
  br i1 %c, label %big, label %small
big:
  ret i32 1
small:
  ret i32 0
}
