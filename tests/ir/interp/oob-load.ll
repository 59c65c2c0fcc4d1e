; RUN: irplay run %s
; EXIT: 70
; LangRef "Pointer Aliasing Rules": "Any memory access must be done through a
; pointer value associated with an address range of the memory access,
; otherwise the behavior is undefined." and "A pointer value formed from a
; scalar getelementptr operation is based on the pointer-typed operand of the
; getelementptr." The GEP without inbounds is itself defined; the 4-byte load
; at byte offset 16 of a 16-byte alloca accesses addresses outside the range
; of the object it is based on.
; Oracle: undefined behaviour, so no native oracle: the expected report is
; irplay's, reviewed by hand against the LangRef text quoted above.

define i32 @get(ptr %a, i64 %i) {
  %p = getelementptr i32, ptr %a, i64 %i
  %v = load i32, ptr %p
  ret i32 %v
}

define i32 @main() {
  %arr = alloca [4 x i32]
  store [4 x i32] [i32 1, i32 2, i32 3, i32 4], ptr %arr
  %x = call i32 @get(ptr %arr, i64 3)
  %y = call i32 @get(ptr %arr, i64 4)
  %r = add i32 %x, %y
  ret i32 %r
}
