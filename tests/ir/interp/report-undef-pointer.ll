; RUN: irplay run %s
; EXIT: 70
; A pointer loaded from a stack slot never written is undef, not poison: the
; report's kind, message and chain say undef.
; LangRef "Pointer Aliasing Rules": "An undef value in any address-space is
; associated with no address." "'alloca' Instruction": the memory is
; uninitialized (undef) until stored to.
; Oracle: undefined behaviour, so no native oracle: the expected report is
; irplay's, reviewed by hand.

define i32 @main() {
  %slot = alloca ptr
  %p = load ptr, ptr %slot
  %q = getelementptr i8, ptr %p, i64 4
  %v = load i32, ptr %q
  ret i32 %v
}
