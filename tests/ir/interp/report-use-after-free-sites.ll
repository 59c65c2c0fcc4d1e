; RUN: irplay run %s
; EXIT: 70
; A use after free reported as AddressSanitizer does: where the block was
; allocated and where it was freed, each with its call stack and lines.
; LangRef "Object Lifetime": "It is undefined behavior to access a memory
; object that isn't alive"; C17 7.22.3 makes the block dead at free.
; Oracle: undefined behaviour, so no native oracle: the expected report is
; irplay's, reviewed by hand: heap#2 is the block @make allocated for %b (the
; second call at line 27), freed by @release called at line 28, read at line 29.

declare ptr @malloc(i64)
declare void @free(ptr)

define void @release(ptr %p) {
  call void @free(ptr %p)
  ret void
}

define ptr @make(i32 %v) {
  %p = call ptr @malloc(i64 16)
  store i32 %v, ptr %p
  ret ptr %p
}

define i32 @main() {
  %a = call ptr @make(i32 1)
  %b = call ptr @make(i32 2)
  call void @release(ptr %b)
  %x = load i32, ptr %b
  ret i32 %x
}
