; RUN: irplay opt -p simplifycfg %s
; A block holding only `br label %succ` is bypassed: its predecessors jump to %succ directly
; and %succ's phi takes the block's value for each new edge (%fwd has two predecessors, so
; %out's phi gets two entries for it). When %succ's phi already receives a different value
; from one of the block's predecessors, bypassing would need two values on one edge, so the
; block is not bypassed (@conflict: %mid is reached from %entry, which also goes to %out
; directly with another value); the join is then an `if` whose phi becomes a `select`.
; Oracle: opt-19 -passes=simplifycfg bypasses the same blocks and forms the same `select`
; (it also merges @bypass's two branches into one on `or`, which we do not do); the three
; programs print the same.

@fmt = private constant [10 x i8] c"%d %d %d\0A\00"
declare i32 @printf(ptr, ...)

define i32 @bypass(i32 %x) {
entry:
  %c = icmp slt i32 %x, 10
  br i1 %c, label %small, label %big

small:
  %d = icmp eq i32 %x, 0
  br i1 %d, label %fwd, label %out

big:
  br label %fwd

fwd:
  br label %out

out:
  %r = phi i32 [ 1, %small ], [ 2, %fwd ]
  ret i32 %r
}

define i32 @conflict(i1 %c) {
entry:
  br i1 %c, label %mid, label %out

mid:
  br label %out

out:
  %r = phi i32 [ 5, %mid ], [ 6, %entry ]
  ret i32 %r
}

define i32 @main() {
  %a = call i32 @bypass(i32 3)
  %b = call i32 @bypass(i32 0)
  %c = call i32 @conflict(i1 true)
  %p = call i32 (ptr, ...) @printf(ptr @fmt, i32 %a, i32 %b, i32 %c)
  ret i32 0
}
