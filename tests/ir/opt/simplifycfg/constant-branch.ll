; RUN: irplay opt -p simplifycfg %s
; `br i1 true/false` becomes `br label` to the side taken; the phi entries of the edge that
; went away are removed, the side no longer reached is removed, and blocks left with a
; single predecessor that jumps only to them are merged into it (their phis, now with one
; entry, replaced by that entry). A conditional branch with both targets the same block
; becomes unconditional (its phis lose one of the two entries for that predecessor).
; Oracle: opt-19 -passes=simplifycfg folds the same way (it also turns the last diamond
; into a `select`, which we do not do yet); the three programs print the same.

@fmt = private constant [7 x i8] c"%d %d\0A\00"
declare i32 @printf(ptr, ...)

define i32 @pick(i32 %x) {
entry:
  br i1 true, label %yes, label %no

yes:
  %a = add i32 %x, 1
  br label %join

no:
  %b = mul i32 %x, 2
  br label %join

join:
  %r = phi i32 [ %a, %yes ], [ %b, %no ]
  br i1 false, label %dead, label %out

dead:
  br label %out

out:
  %s = phi i32 [ %r, %join ], [ 0, %dead ]
  ret i32 %s
}

define i32 @same(i1 %c, i32 %x) {
entry:
  br i1 %c, label %next, label %next

next:
  %p = phi i32 [ %x, %entry ], [ %x, %entry ]
  ret i32 %p
}

define i32 @main() {
  %a = call i32 @pick(i32 20)
  %b = call i32 @same(i1 true, i32 7)
  %p = call i32 (ptr, ...) @printf(ptr @fmt, i32 %a, i32 %b)
  ret i32 0
}
