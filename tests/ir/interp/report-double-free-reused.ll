; RUN: irplay run %s
; EXIT: 70
; A double free after a new block was allocated in between (the interpreter
; reuses the freed block's record for %q): still reported as a double free of
; the first block, with where it was allocated and freed.
; C17 7.22.3.3: "if the argument does not match a pointer earlier returned by
; a memory management function, or if the space has been deallocated by a call
; to free or realloc, the behavior is undefined."
; Oracle: undefined behaviour, so no native oracle: the expected report is
; irplay's, reviewed by hand (allocated at line 17, freed at line 18, freed
; again at line 20).

declare ptr @malloc(i64)
declare void @free(ptr)

define i32 @main() {
  %p = call ptr @malloc(i64 8)
  call void @free(ptr %p)
  %q = call ptr @malloc(i64 8)
  call void @free(ptr %p)
  ret i32 0
}
