; FAIL: irplay check %s
; Typed-pointer syntax in the wrong place: `ptr` is already a pointer, so
; `ptr*` is refused (as llvm-as-19 does, with its words), with the fix; so is
; `void*`, which was never valid.

define void @f(ptr %p) {
  %a = load ptr*, ptr %p        ; ERROR: ptr* is invalid
  store ptr null, ptr %p
  %v = load void*, ptr %p       ; ERROR: pointers to void
  ret void
}
