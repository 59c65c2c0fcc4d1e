; RUN: irplay run %s
; EXIT: 70
; LangRef "'fptosi' Instruction" (LLVM 19 text): "If the value cannot fit in
; ty2, the result is a poison value." 3e9 does not fit in i32 (the conversion
; of 2e9 before it is fine). The poison is returned from a function whose
; result is noundef: LangRef "Parameter Attributes", noundef: "This attribute
; applies to parameters and return values. If the value representation
; contains any undefined or poison bits, the behavior is undefined."
; Oracle: undefined behaviour, so no native oracle: the expected report is
; irplay's, reviewed by hand against the LangRef text quoted above (natively,
; x86 gives INT_MIN, its "integer indefinite" value, which the LangRef does
; not promise; lli-19 and clang-19 exit 0).

define noundef i32 @to_int(double %x) {
  %r = fptosi double %x to i32
  ret i32 %r
}

define i32 @main() {
  %a = call i32 @to_int(double 2.0e9)
  %b = call i32 @to_int(double 3.0e9)
  %r = sub i32 %a, %b
  ret i32 %r
}
