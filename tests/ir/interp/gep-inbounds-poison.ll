; RUN: irplay run %s
; EXIT: 70
; LangRef "'getelementptr' Instruction" (LLVM 17 wording; LLVM 19 states the
; same rule as a list): "If the inbounds keyword is present, the result value
; of the getelementptr is a poison value if the base pointer is not an in
; bounds address of an allocated object, or if any of the addresses that would
; be formed by successive addition of the offsets implied by the indices to
; the base address with infinitely precise signed arithmetic are not an in
; bounds address of that allocated object. The in bounds addresses for an
; allocated object are all the addresses that point into the object, plus the
; address one byte past the end." Index 4 of a [4 x i32] (one past the end) is
; fine and is compared; index 5 is poison, and it reaches a br through icmp:
; LangRef "'br' Instruction": "If 'cond' is poison or undef, this instruction
; has undefined behavior."
; Oracle: undefined behaviour, so no native oracle: the expected report is
; irplay's, reviewed by hand against the LangRef text quoted above.

define ptr @at(ptr %base, i64 %i) {
  %p = getelementptr inbounds i32, ptr %base, i64 %i
  ret ptr %p
}

define i32 @main() {
  %a = alloca [4 x i32]
  %end = call ptr @at(ptr %a, i64 4)
  %c1 = icmp ne ptr %end, %a
  br i1 %c1, label %next, label %bad
next:
  %past = call ptr @at(ptr %a, i64 5)
  %c2 = icmp ugt ptr %past, %end
  br i1 %c2, label %bad, label %bad
bad:
  ret i32 1
}
