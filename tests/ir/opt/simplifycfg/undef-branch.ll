; RUN: irplay opt -p simplifycfg %s
; LangRef ('br' and 'switch'): branching on `poison` or `undef` is undefined behaviour. So
; any replacement of such a branch refines the program; we replace it by `unreachable`,
; which keeps the undefined behaviour where `irplay run` reports it instead of picking a
; side silently. The blocks only it reached become unreachable and are removed.
; Oracle: LangRef. opt-19 -passes=simplifycfg differs on purpose here: it merges the two
; returns and turns each branch into a `select` on the same `poison`/`undef` condition (also
; sound, since any result refines undefined behaviour, but it hides the undefined behaviour:
; `irplay run` of its output returns a value where ours stops at `unreachable`).

define i32 @on.poison(i32 %x) {
entry:
  br i1 poison, label %a, label %b

a:
  ret i32 %x

b:
  ret i32 0
}

define i32 @on.undef(i32 %x) {
entry:
  br i1 undef, label %a, label %b

a:
  ret i32 %x

b:
  ret i32 0
}

define i32 @switch.undef(i32 %x) {
entry:
  switch i32 undef, label %a [
    i32 0, label %b
  ]

a:
  ret i32 %x

b:
  ret i32 0
}
