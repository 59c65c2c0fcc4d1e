; RUN: irplay fmt %s
; LLVM 1.x: `invoke ... to label %a except label %b` had no landing pads;
; the unwind edge now goes to a new block holding a `landingpad ... cleanup`
; that branches to %b (whose phis then name that block), and the function
; gets a personality. The `unwind` instruction and calls of `llvm.unwind`
; have no modern equivalent: they become a call of the declared no-return
; function @__llvm1_unwind and `unreachable`, with a warning. The golden
; .stdout is the hand-converted module as printed by LLVM 19.

implementation

declare void %llvm.unwind()

internal void %thrower(bool %t) {
  br bool %t, label %Throw, label %Ok
Throw:
  unwind
Ok:
  call void %llvm.unwind()
  ret void
}

int %catcher() {
entry:
  invoke void %thrower(bool false) to label %cont except label %caught
cont:
  invoke void %thrower(bool true) to label %done unwind label %caught
caught:
  %r = phi int [ 1, %entry ], [ 2, %cont ]
  ret int %r
done:
  ret int 0
}
