; RUN: irplay opt -p mem2reg %s
; Allocas whose address escapes stay: passed to a call (%a), offset by a GEP (%b), stored
; as a value (%c, stored into @g), compared (%d). %inner's only escape is a store into
; %outer, which is promoted; then %inner is promotable too, and mem2reg repeats until
; nothing more is (as LLVM's does), so both go.
; Oracle: opt-19 -passes=mem2reg promotes exactly %outer and %inner.

@g = global ptr null
declare void @use(ptr)

define i32 @f(i32 %x) {
entry:
  %a = alloca i32, align 4
  %b = alloca [2 x i32], align 4
  %c = alloca i32, align 4
  %d = alloca i32, align 4
  %inner = alloca i32, align 4
  %outer = alloca ptr, align 8
  store i32 %x, ptr %a, align 4
  call void @use(ptr %a)
  %b1 = getelementptr inbounds [2 x i32], ptr %b, i64 0, i64 1
  store i32 %x, ptr %b1, align 4
  store ptr %c, ptr @g, align 8
  %same = icmp eq ptr %d, null
  store i32 %x, ptr %inner, align 4
  store ptr %inner, ptr %outer, align 8
  %r = load i32, ptr %a, align 4
  ret i32 %r
}
