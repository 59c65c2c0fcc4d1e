; RUN: irplay run --engine wasm %s
; EXIT: 70
; LangRef, 'unreachable' Instruction: "The 'unreachable' instruction has no defined
; semantics." Reaching it is undefined behaviour, and its code traps; the trap is reported at
; the `unreachable` itself (17:3), not at an instruction before the conditional branch to it:
; wasmtime folds a branch to a block that only traps into a conditional trap at the branch,
; so the code generator's source map gives the branch's code the position of the
; `unreachable` it leads to. The block reached here has pure code before its trap (which
; wasmtime still folds); the other arm has an `unreachable` of its own (at 21:3), not
; reached (argc is 1).
define i32 @main(i32 %argc, ptr %argv) {
entry:
  %c = icmp eq i32 %argc, 1
  br i1 %c, label %bad, label %other
bad:
  %y = add i32 %argc, 5
  unreachable
other:
  br label %never
never:
  unreachable
}
