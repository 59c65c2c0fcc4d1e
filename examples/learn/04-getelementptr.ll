; getelementptr (GEP) only computes an address; it never touches memory.
; The first index steps over whole objects of the source type, the next ones
; pick an array element or a struct field (struct field numbers must be
; constants). Here @points is an array of 4 %Point structs, each 12 bytes
; (i32 x, i32 y, i32 z), so points[2].y sits at 2*12 + 4 = 28 bytes.
; In the playground, compare the printed byte offsets with that arithmetic.

%Point = type { i32, i32, i32 }

@points = global [4 x %Point] zeroinitializer
@fmt = private constant [46 x i8] c"points[2].y=%d  offset=%lld  row offset=%lld\0A\00"

declare i32 @printf(ptr noundef, ...)

define i32 @main() {
  ; &points[0][2].y : 0 steps over the whole array, then element 2, field 1
  %y = getelementptr inbounds [4 x %Point], ptr @points, i64 0, i64 2, i32 1
  store i32 77, ptr %y

  ; the same address another way: start from a %Point pointer, index 2, field 1
  %p2 = getelementptr inbounds %Point, ptr @points, i64 2
  %y.again = getelementptr inbounds %Point, ptr %p2, i32 0, i32 1
  %v = load i32, ptr %y.again

  ; addresses are numbers underneath: measure the offsets in bytes
  %base = ptrtoint ptr @points to i64
  %ya = ptrtoint ptr %y to i64
  %off = sub i64 %ya, %base
  %p2a = ptrtoint ptr %p2 to i64
  %row = sub i64 %p2a, %base
  call i32 (ptr, ...) @printf(ptr @fmt, i32 %v, i64 %off, i64 %row)
  ret i32 0
}

; RUN: irplay check %s
; RUN: irplay run %s
