; RUN: irplay run %s
; EXIT: 70
; LangRef "'unreachable' Instruction": "The 'unreachable' instruction has no
; defined semantics." (its overview: it "is used to inform the optimizer that
; a particular portion of the code is not reachable"); executing it is
; undefined behaviour. The output printed before it is kept.
; Oracle: undefined behaviour, so no native oracle: the expected report is
; irplay's, reviewed by hand against the LangRef text quoted above (lli-19 and
; clang-19 print the same "before" line, then fall through into whatever code
; follows).

@msg = private constant [7 x i8] c"before\00"
declare i32 @puts(ptr)

define i32 @classify(i32 %x) {
  switch i32 %x, label %none [
    i32 0, label %zero
    i32 1, label %one
  ]
zero:
  ret i32 10
one:
  ret i32 11
none:
  unreachable
}

define i32 @main() {
  call i32 @puts(ptr @msg)
  %a = call i32 @classify(i32 1)
  %b = call i32 @classify(i32 2)
  %r = add i32 %a, %b
  ret i32 %r
}
