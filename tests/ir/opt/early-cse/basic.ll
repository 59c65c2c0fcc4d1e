; RUN: irplay opt -p early-cse %s
; Common subexpressions along the dominator tree: an `add` with swapped operands, an `icmp`
; written with swapped sides and predicate, a `zext` repeated, a GEP repeated, a pure intrinsic
; called twice, an expression in a dominated block reusing the entry's, but not one in a sibling
; block (it does not dominate). Loads: a second load of the same pointer, a load after a store
; to it (the stored value), a load after a call that may write memory (stays), and a store of
; the value just loaded from the same pointer (removed).
; Oracle: opt-19 -passes=early-cse merges the same instructions; the input, our output and
; opt-19's output print the same under `irplay run`.

@fmt = private constant [4 x i8] c"%d\0A\00"
@g = global i32 10
@arr = global [4 x i32] [i32 1, i32 2, i32 3, i32 4]

declare i32 @printf(ptr, ...)
declare i32 @llvm.smax.i32(i32, i32)

define void @bump() {
  %v = load i32, ptr @g, align 4
  %w = add i32 %v, 1
  store i32 %w, ptr @g, align 4
  ret void
}

define i32 @f(i32 %a, i32 %b, i1 %c) {
entry:
  %x = add i32 %a, %b
  %y = add i32 %b, %a
  %c1 = icmp slt i32 %a, %b
  %c2 = icmp sgt i32 %b, %a
  %z1 = zext i1 %c1 to i32
  %z2 = zext i1 %c2 to i32
  %m1 = call i32 @llvm.smax.i32(i32 %a, i32 %b)
  %m2 = call i32 @llvm.smax.i32(i32 %a, i32 %b)
  %p1 = getelementptr inbounds [4 x i32], ptr @arr, i64 0, i64 2
  %p2 = getelementptr inbounds [4 x i32], ptr @arr, i64 0, i64 2
  %l1 = load i32, ptr %p1, align 4
  %l2 = load i32, ptr %p2, align 4
  store i32 %a, ptr @g, align 4
  %l3 = load i32, ptr @g, align 4
  call void @bump()
  %l4 = load i32, ptr @g, align 4
  store i32 %l4, ptr @g, align 4
  br i1 %c, label %then, label %else
then:
  %t = add i32 %a, %b
  %t2 = mul i32 %a, 7
  br label %join
else:
  %e = mul i32 %a, 7
  br label %join
join:
  %p = phi i32 [ %t, %then ], [ %e, %else ]
  %s1 = add i32 %x, %y
  %s2 = add i32 %s1, %z1
  %s3 = add i32 %s2, %z2
  %s4 = add i32 %s3, %m1
  %s5 = add i32 %s4, %m2
  %s6 = add i32 %s5, %l1
  %s7 = add i32 %s6, %l2
  %s8 = add i32 %s7, %l3
  %s9 = add i32 %s8, %l4
  %s10 = add i32 %s9, %p
  ret i32 %s10
}

define i32 @main() {
  %a = call i32 @f(i32 3, i32 9, i1 true)
  %b = call i32 @f(i32 -4, i32 2, i1 false)
  %p1 = call i32 (ptr, ...) @printf(ptr @fmt, i32 %a)
  %p2 = call i32 (ptr, ...) @printf(ptr @fmt, i32 %b)
  ret i32 0
}
