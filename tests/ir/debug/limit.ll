; RUN: irplay check %s
; DEBUG: --max-steps 100
; An endless loop: every command stops at the step limit, which ends the run with the report
; `irplay run` gives; the state before it can still be reached.
define i32 @main() {
entry:
  br label %l
l:
  %i = phi i32 [ 0, %entry ], [ %j, %l ]
  %j = add i32 %i, 1
  br label %l
}
