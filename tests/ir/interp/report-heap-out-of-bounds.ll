; RUN: irplay run %s
; EXIT: 70
; A load one element past the end of a calloc'd block: the report names the
; block (heap#1, 16 bytes), the offset, and where it was allocated.
; LangRef "Pointer Aliasing Rules": "Any memory access must be done through a
; pointer value associated with an address range of the memory access,
; otherwise the behavior is undefined."
; Oracle: undefined behaviour, so no native oracle: the expected report is
; irplay's, reviewed by hand (4 x i32 = 16 bytes; index 4 is at offset 16).

declare ptr @calloc(i64, i64)

define ptr @table() {
  %p = call ptr @calloc(i64 4, i64 4)
  ret ptr %p
}

define i32 @main() {
  %p = call ptr @table()
  %e = getelementptr i32, ptr %p, i64 4
  %v = load i32, ptr %e
  ret i32 %v
}
