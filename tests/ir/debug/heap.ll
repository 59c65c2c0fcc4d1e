; RUN: irplay check %s
; A heap block: a pointer stored in a global points at it; it is freed and read again, a use
; after free that ends the run.
declare ptr @malloc(i64)
declare void @free(ptr)

@g = global ptr null, align 8

define i32 @main() {
  %h = call ptr @malloc(i64 8)
  store ptr %h, ptr @g, align 8
  %q = getelementptr inbounds i8, ptr %h, i64 4
  store i32 7, ptr %q, align 4
  call void @free(ptr %h)
  %v = load i32, ptr %q, align 4
  ret i32 %v
}
