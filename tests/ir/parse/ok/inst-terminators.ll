; RUN: irplay check %s
; LangRef: Terminator Instructions: ret (void, value, aggregate), br
; (conditional and unconditional), switch (incl. empty and wide cases),
; indirectbr, unreachable.

define void @ret.void() {
  ret void
}

define { i32, i8 } @ret.aggregate() {
  ret { i32, i8 } { i32 1, i8 2 }
}

define i32 @branches(i1 %c, i32 %x) {
entry:
  br i1 %c, label %then, label %else

then:
  br label %join

else:
  br label %join

join:
  %p = phi i32 [ 1, %then ], [ 2, %else ]
  switch i32 %x, label %default [
    i32 0, label %case0
    i32 1, label %case1
    i32 -5, label %case0.again
  ]

case0:
  ret i32 0

case1:
  ret i32 %p

case0.again:
  br label %default

default:
  switch i32 %x, label %empty.default []

empty.default:
  switch i128 0, label %wide.done [ i128 170141183460469231731687303715884105727, label %wide.done2 ]

wide.done:
  unreachable

wide.done2:
  ret i32 -1
}

define void @indirect(ptr %addr, i1 %c) {
entry:
  br i1 %c, label %go, label %a

go:
  indirectbr ptr %addr, [label %a, label %b, label %a]

a:
  indirectbr ptr blockaddress(@indirect, %b), [label %b]

b:
  indirectbr ptr %addr, []
}

define void @unreach() {
  unreachable
}

define i32 @unnamed.blocks(i1 %c) {
  br i1 %c, label %1, label %2

1:
  br label %3

2:
  br label %3

3:
  %4 = phi i32 [ 0, %1 ], [ 1, %2 ]
  ret i32 %4
}

define void @quoted.labels(i1 %c) {
"entry block":
  br i1 %c, label %"then block", label %"42x"

"then block":
  ret void

"42x":
  ret void
}
