; RUN: irplay opt -p dce %s
; `uselistorder` directives order use lists by position; once a pass removes a use they
; may name positions that no longer exist (llvm-as-19 rejects "wrong number of indexes").
; They never change what a module means, so a pipeline that changes the module drops them.
; Oracle: opt-19 -passes=dce prints no directives either (its output lists uses in
; memory order).

define i32 @f(i32 %a) {
  %x = add i32 %a, 1
  %y = add i32 %a, 2
  %dead = add i32 %a, 3
  %r = add i32 %x, %y
  ret i32 %r

; uselistorder directives
  uselistorder i32 %a, { 2, 1, 0 }
}
