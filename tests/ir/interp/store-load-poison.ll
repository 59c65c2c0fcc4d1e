; RUN: irplay run %s
; EXIT: 70
; LangRef "Poison Values": its example reads "store i32 %poison, ptr @g ;
; Poison value stored to memory." and "%poison3 = load i32, ptr @g ; Poison
; value loaded back from memory." A poison from mul nsw overflow is stored
; over a defined value, loaded back and branched on: LangRef "'br'
; Instruction": "If 'cond' is poison or undef, this instruction has undefined
; behavior."
; Oracle: undefined behaviour, so no native oracle: the expected report is
; irplay's, reviewed by hand against the LangRef text quoted above (the origin
; is the mul nsw, carried through the store and the load).

define i32 @main() {
  %slot = alloca i32, align 4
  store i32 1, ptr %slot
  %p = mul nsw i32 65536, 65536
  store i32 %p, ptr %slot
  %v = load i32, ptr %slot
  %c = icmp ne i32 %v, 0
  br i1 %c, label %a, label %b
a:
  ret i32 0
b:
  ret i32 1
}
