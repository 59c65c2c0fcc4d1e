; RUN: irplay run --max-steps 100000 %s
; EXIT: 124
; Not undefined behaviour: only a function with the mustprogress attribute may
; be assumed to terminate (LangRef "Function Attributes", mustprogress: "This
; attribute indicates that the function is required to return, unwind, or
; interact with the environment in an observable way"); @main has none, so its
; loop may run forever. irplay stops it at the --max-steps limit with status
; 124 (as `timeout` does) and a report on stderr; the output printed before is
; kept.
; Oracle: the expected report is irplay's documented step limit, reviewed by
; hand; lli-19 and clang-19 print "started" and loop until killed (checked
; under `timeout 2`: status 124).

@msg = private constant [8 x i8] c"started\00"
declare i32 @puts(ptr)

define i32 @main() {
entry:
  call i32 @puts(ptr @msg)
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %n, %loop ]
  %n = add i32 %i, 1
  br label %loop
}
