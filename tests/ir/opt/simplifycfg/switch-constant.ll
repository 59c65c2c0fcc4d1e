; RUN: irplay opt -p simplifycfg %s
; `switch` on a constant becomes `br label` to the matching case, or to the default when no
; case matches. Every other edge goes away with its phi entries, one per edge: %two is the
; destination of two cases, so its phi has two entries from %entry, and one of them must
; go when the switch folds to it. Oracle: opt-19 -passes=simplifycfg gives the same result;
; the three programs print the same.

@fmt = private constant [7 x i8] c"%d %d\0A\00"
declare i32 @printf(ptr, ...)

define i32 @case.hit() {
entry:
  switch i32 2, label %other [
    i32 1, label %two
    i32 2, label %two
    i32 3, label %three
  ]

two:
  %p = phi i32 [ 20, %entry ], [ 20, %entry ]
  br label %out

three:
  br label %out

other:
  br label %out

out:
  %r = phi i32 [ %p, %two ], [ 3, %three ], [ -1, %other ]
  ret i32 %r
}

define i32 @default.hit() {
entry:
  switch i8 9, label %other [
    i8 1, label %one
  ]

one:
  br label %out

other:
  br label %out

out:
  %r = phi i32 [ 1, %one ], [ 99, %other ]
  ret i32 %r
}

define i32 @main() {
  %a = call i32 @case.hit()
  %b = call i32 @default.hit()
  %p = call i32 (ptr, ...) @printf(ptr @fmt, i32 %a, i32 %b)
  ret i32 0
}
