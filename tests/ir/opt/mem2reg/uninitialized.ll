; RUN: irplay opt -p mem2reg %s
; A load before any store reads `undef`, as in LLVM 19 (`ret i32 undef` in @fresh). Where a
; stored constant meets the uninitialized value, the phi [5, undef] is replaced by 5: `undef`
; may be any value, 5 included, so that is a refinement (@maybe). With a value that is not a
; constant (%x, which may be poison), the phi [%x, undef] stays (@maybe.arg): replacing
; `undef` by something that may be poison is not a refinement.
; Oracle: opt-19 -passes=mem2reg gives the same @fresh and @maybe. It differs on purpose in
; @maybe.arg: it replaces the phi by %x (LLVM's simplifyPHINode accepts that for a value
; that dominates the phi, which is unsound when %x is poison).

define i32 @fresh() {
  %a = alloca i32, align 4
  %v = load i32, ptr %a, align 4
  ret i32 %v
}

define i32 @maybe(i1 %c) {
entry:
  %a = alloca i32, align 4
  br i1 %c, label %set, label %join

set:
  store i32 5, ptr %a, align 4
  br label %join

join:
  %v = load i32, ptr %a, align 4
  ret i32 %v
}

define i32 @maybe.arg(i1 %c, i32 %x) {
entry:
  %a = alloca i32, align 4
  br i1 %c, label %set, label %join

set:
  store i32 %x, ptr %a, align 4
  br label %join

join:
  %v = load i32, ptr %a, align 4
  ret i32 %v
}
