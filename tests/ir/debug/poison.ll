; RUN: irplay check %s
; Poison stored to a stack slot: the memory view shades its bytes, the value says where the
; poison arose, and the branch on it ends the run with the report; back from the end.
define i32 @main() {
  %a = alloca i32, align 4
  %p = add nsw i32 2147483647, 1
  store i32 %p, ptr %a, align 4
  %v = load i32, ptr %a, align 4
  %c = icmp sgt i32 %v, 0
  br i1 %c, label %t, label %f
t:
  ret i32 1
f:
  ret i32 0
}
