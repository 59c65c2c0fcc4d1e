; RUN: irplay run %s
; EXIT: 70
; LangRef "'llvm.assume' Intrinsic" (LLVM 19 text): "The intrinsic allows the
; optimizer to assume that the provided condition is always true whenever the
; control flow reaches the intrinsic call. No code is generated for this
; intrinsic, and instructions that contribute only to the provided condition
; are not used for code generation. If the condition is violated during
; execution, the behavior is undefined."
; Oracle: undefined behaviour, so no native oracle: the expected report is
; irplay's, reviewed by hand against the LangRef text quoted above (natively
; no code is generated for the assume, and the division then dies of SIGFPE).

declare void @llvm.assume(i1)

define i32 @checked_div(i32 %a, i32 %b) {
  %nz = icmp ne i32 %b, 0
  call void @llvm.assume(i1 %nz)
  %q = udiv i32 %a, %b
  ret i32 %q
}

define i32 @main() {
  %x = call i32 @checked_div(i32 10, i32 2)
  %y = call i32 @checked_div(i32 10, i32 0)
  %r = add i32 %x, %y
  ret i32 %r
}
