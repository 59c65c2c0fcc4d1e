; RUN: irplay fmt %s
; LLVM 1.x: an invoke whose normal and unwind destinations are the same
; block. The unwind edge goes through the new landing pad, the normal edge
; stays, so the phis of that block get an entry for each (one 1.x entry for
; the invoking block, or one per edge, becomes both). The golden .stdout is
; the module as printed by LLVM 19.

implementation

declare void %may_throw()

int %same(bool %c) {
entry:
  br bool %c, label %inv, label %join
inv:
  invoke void %may_throw() to label %join except label %join
join:
  %r = phi int [ 1, %entry ], [ 2, %inv ]
  ret int %r
}

int %twice() {
entry:
  invoke void %may_throw() to label %join except label %join
join:
  %r = phi int [ 7, %entry ], [ 7, %entry ]
  ret int %r
}
