; RUN: irplay run %s
; EXIT: 70
; free is a library function, specified by C17 7.22.3.3 ("The free function"):
; "if the argument does not match a pointer earlier returned by a memory
; management function, or if the space has been deallocated by a call to free
; or realloc, the behavior is undefined." (The LangRef leaves library calls to
; their own specifications.)
; Oracle: undefined behaviour: the expected report is irplay's, reviewed by
; hand against that C17 text (natively, glibc aborts: "free(): double free
; detected in tcache 2").

declare ptr @malloc(i64)
declare void @free(ptr)

define i32 @main() {
  %p = call ptr @malloc(i64 16)
  %q = call ptr @malloc(i64 16)
  call void @free(ptr %p)
  call void @free(ptr %q)
  call void @free(ptr %p)
  ret i32 0
}
