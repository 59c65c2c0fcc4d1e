; RUN: irplay run --engine wasm %s
; EXIT: 70
; LangRef, 'sdiv' Instruction: "Division by zero is undefined behavior. For vectors, if any
; element of the divisor is zero, the operation has undefined behavior. Overflow also leads
; to undefined behavior; this is a rare case, but can occur, for example, by doing a 32-bit
; division of -2147483648 by -1." Here INT_MIN / -1, both operands computed at run time (argc
; is 1), after a branch: the trap is reported at the `sdiv` (15:3).
define i32 @main(i32 %argc, ptr %argv) {
entry:
  %c = icmp sgt i32 %argc, 0
  br i1 %c, label %div, label %done
div:
  %m = sub i32 %argc, 2
  %x = add i32 %argc, 2147483647
  %q = sdiv i32 %x, %m
  ret i32 %q
done:
  ret i32 0
}
