; RUN: irplay run --engine wasm %s
; EXIT: 70
; LangRef, 'sdiv' Instruction: "Division by zero is undefined behavior." The divisor is zero
; only at run time (argc - 1, argc being 1), in a block entered by a branch whose other arm
; is an `unreachable`: the trap is reported at the `sdiv` (13:3), not at the branch or the
; `unreachable`.
define i32 @main(i32 %argc, ptr %argv) {
entry:
  %c = icmp eq i32 %argc, 1
  br i1 %c, label %div, label %bad
div:
  %z = sub i32 %argc, 1
  %q = sdiv i32 7, %z
  ret i32 %q
bad:
  unreachable
}
