; RUN: irplay run --engine wasm %s
; EXIT: 70
; A trap inside a function the C library calls back (a `qsort` comparator, which divides by
; the second element: zero) is reported like any other: at the `sdiv`, with the call stack
; of the module's own functions (the library's frame between them is not one of them). The
; interpreter reports the same `sdiv` as `division_by_zero`.
declare void @qsort(ptr, i64, i64, ptr)
@arr = global [4 x i32] [i32 3, i32 1, i32 2, i32 0]

define i32 @cmp(ptr %a, ptr %b) {
  %x = load i32, ptr %a
  %y = load i32, ptr %b
  %q = sdiv i32 %x, %y
  ret i32 %q
}

define i32 @main() {
  call void @qsort(ptr @arr, i64 4, i64 4, ptr @cmp)
  ret i32 0
}
