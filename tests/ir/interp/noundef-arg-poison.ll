; RUN: irplay run %s
; EXIT: 70
; LangRef "Parameter Attributes", noundef: "This attribute applies to
; parameters and return values. If the value representation contains any
; undefined or poison bits, the behavior is undefined." The poison comes from
; an `or disjoint` whose operands share a set bit: LangRef "'or' Instruction":
; "If the disjoint keyword is present, the result value of the or is a poison
; value if both inputs have a one in the same bit position."
; Oracle: undefined behaviour, so no native oracle: the expected report is
; irplay's, reviewed by hand against the LangRef text quoted above.

define i32 @id(i32 noundef %x) {
  ret i32 %x
}

define i32 @main() {
  %a = or disjoint i32 1, 2
  %ok = call i32 @id(i32 %a)
  %b = or disjoint i32 3, 2
  %bad = call i32 @id(i32 %b)
  %r = add i32 %ok, %bad
  ret i32 %r
}
