; RUN: irplay run %s
; EXIT: 70
; LangRef "'load' Instruction" (LLVM 19 text): "The optional constant align
; argument specifies the alignment of the operation (that is, the alignment of
; the memory address). It is the responsibility of the code emitter to ensure
; that the alignment information is correct. Overestimating the alignment
; results in undefined behavior." The alloca is 8-aligned, so element 1
; (offset 4) is only 4-aligned: the `align 4` load of it is fine, the `align
; 8` load overestimates.
; Oracle: undefined behaviour, so no native oracle: the expected report is
; irplay's, reviewed by hand against the LangRef text quoted above (natively,
; x86 does not trap: lli-19 and clang-19 return 20 + 20 = 40).

define i32 @main() {
  %a = alloca [4 x i32], align 8
  store [4 x i32] [i32 10, i32 20, i32 30, i32 40], ptr %a, align 8
  %p = getelementptr inbounds i32, ptr %a, i64 1
  %ok = load i32, ptr %p, align 4
  %bad = load i32, ptr %p, align 8
  %r = add i32 %ok, %bad
  ret i32 %r
}
