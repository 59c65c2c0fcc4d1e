; RUN: irplay run %s
; EXIT: 70
; LangRef "Object Lifetime": "Unless stated otherwise, a memory object is
; alive since its allocation, and dead after its deallocation. It is undefined
; behavior to access a memory object that isn't alive". The heap object's
; lifetime ends at free (C17 7.22.3.3: "The free function causes the space
; pointed to by ptr to be deallocated").
; Oracle: undefined behaviour, so no native oracle: the expected report is
; irplay's, reviewed by hand against the LangRef text quoted above.

declare ptr @malloc(i64)
declare void @free(ptr)

define i32 @main() {
  %p = call ptr @malloc(i64 8)
  store i64 7, ptr %p
  call void @free(ptr %p)
  %v = load i64, ptr %p
  %r = trunc i64 %v to i32
  ret i32 %r
}
