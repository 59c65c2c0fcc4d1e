; RUN: irplay opt -p mem2reg %s
; Loops: the counter and the sum get phis in the loop header (the iterated dominance
; frontier of the blocks that store them); %t is stored and loaded inside the body only,
; so it is not live into the header and gets no phi there (pruned, as LLVM does).
; Oracle: opt-19 -passes=mem2reg places the same phis; the three programs print the same.

@fmt = private constant [4 x i8] c"%d\0A\00"
declare i32 @printf(ptr, ...)

define i32 @sum(i32 %n) {
entry:
  %i = alloca i32, align 4
  %s = alloca i32, align 4
  %t = alloca i32, align 4
  store i32 0, ptr %i, align 4
  store i32 0, ptr %s, align 4
  br label %head

head:
  %iv = load i32, ptr %i, align 4
  %c = icmp slt i32 %iv, %n
  br i1 %c, label %body, label %exit

body:
  %sq = mul i32 %iv, %iv
  store i32 %sq, ptr %t, align 4
  %tv = load i32, ptr %t, align 4
  %sv = load i32, ptr %s, align 4
  %sum = add i32 %sv, %tv
  store i32 %sum, ptr %s, align 4
  %inc = add i32 %iv, 1
  store i32 %inc, ptr %i, align 4
  br label %head

exit:
  %r = load i32, ptr %s, align 4
  ret i32 %r
}

define i32 @main() {
  %a = call i32 @sum(i32 10)
  %p = call i32 (ptr, ...) @printf(ptr @fmt, i32 %a)
  ret i32 0
}
