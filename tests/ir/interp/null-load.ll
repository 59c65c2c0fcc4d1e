; RUN: irplay run %s
; EXIT: 70
; LangRef "Pointer Aliasing Rules": "Any memory access must be done through a
; pointer value associated with an address range of the memory access,
; otherwise the behavior is undefined." and "A null pointer in the default
; address-space is associated with no address." (@deref has no
; null_pointer_is_valid attribute.)
; Oracle: undefined behaviour, so no native oracle: the expected report is
; irplay's, reviewed by hand against the LangRef text quoted above (natively,
; lli-19 and clang-19 both die of SIGSEGV).

define i32 @deref(ptr %p) {
  %v = load i32, ptr %p
  ret i32 %v
}

define i32 @main() {
  %v = call i32 @deref(ptr null)
  ret i32 %v
}
