; RUN: irplay opt -p tailcallelim %s
; Where nothing may change: an alloca whose address is passed to a call (the callee may read it,
; and `tail` says it does not: LangRef), so no call of @esc is marked nor turned into a loop; a
; self-call whose result is used after it (not in tail position: the accumulator case, which
; LLVM turns into a loop and we do not); a `notail` self-call.
; Oracle: opt-19 -passes=tailcallelim leaves @esc and @nt alone too; it turns @fact into a loop
; with an accumulator phi (a stronger result than ours). The three programs print the same.

@fmt = private constant [10 x i8] c"%d %d %d\0A\00"
declare i32 @printf(ptr, ...)

define void @peek(ptr %p) {
  %v = load i32, ptr %p, align 4
  ret void
}

define i32 @esc(i32 %n) {
  %a = alloca i32, align 4
  store i32 %n, ptr %a, align 4
  call void @peek(ptr %a)
  %z = icmp sle i32 %n, 0
  br i1 %z, label %out, label %rec

rec:
  %m = sub i32 %n, 1
  %r = call i32 @esc(i32 %m)
  ret i32 %r

out:
  ret i32 %n
}

define i32 @fact(i32 %n) {
  %z = icmp sle i32 %n, 1
  br i1 %z, label %out, label %rec

rec:
  %m = sub i32 %n, 1
  %r = call i32 @fact(i32 %m)
  %p = mul i32 %n, %r
  ret i32 %p

out:
  ret i32 1
}

define i32 @nt(i32 %n) {
  %z = icmp sle i32 %n, 0
  br i1 %z, label %out, label %rec

rec:
  %m = sub i32 %n, 1
  %r = notail call i32 @nt(i32 %m)
  ret i32 %r

out:
  ret i32 %n
}

define i32 @main() {
  %a = call i32 @esc(i32 5)
  %b = call i32 @fact(i32 6)
  %c = call i32 @nt(i32 3)
  %p = call i32 (ptr, ...) @printf(ptr @fmt, i32 %a, i32 %b, i32 %c)
  ret i32 0
}
