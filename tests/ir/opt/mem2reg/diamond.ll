; RUN: irplay opt -p mem2reg %s
; An alloca used only by loads and stores of its type becomes SSA values: a phi where the
; stores of the two sides meet, the stored values in place of the loads.
; Oracle: opt-19 -passes=mem2reg gives the same instructions, the phi named after the
; alloca (`%v.0`) as ours; the three programs print the same.

@fmt = private constant [7 x i8] c"%d %d\0A\00"
declare i32 @printf(ptr, ...)

define i32 @max(i32 %a, i32 %b) {
entry:
  %v = alloca i32, align 4
  %c = icmp sgt i32 %a, %b
  br i1 %c, label %left, label %right

left:
  store i32 %a, ptr %v, align 4
  br label %join

right:
  store i32 %b, ptr %v, align 4
  br label %join

join:
  %r = load i32, ptr %v, align 4
  ret i32 %r
}

define i32 @main() {
  %a = call i32 @max(i32 3, i32 9)
  %b = call i32 @max(i32 -1, i32 -5)
  %p = call i32 (ptr, ...) @printf(ptr @fmt, i32 %a, i32 %b)
  ret i32 0
}
