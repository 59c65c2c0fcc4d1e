; RUN: irplay opt -p sccp %s
; Poison and undef in the lattice (LangRef "Poison Values", "Undefined Values"):
; - `add nsw i8 127, 1` overflows: its result is poison, and poison merges with the constant 5
;   at the phi (poison may be refined to any value), so the phi is 5;
; - a phi of `undef` and 7 is 7 (each use of undef may be any value);
; - an `undef` operand of `add` does NOT make the sum a constant or poison: `undef` is not
;   poison, and `add undef, 1` may not be replaced by poison; it stays;
; - `udiv 7, 0` is immediate undefined behaviour, not a value: it is left alone;
; - `freeze poison` is one arbitrary but fixed value, not a constant: it stays.
; Oracle: opt-19 -passes=sccp gives the same output (it too keeps the `add undef, 1`, the
; udiv and the freeze); the input, our output and opt-19's output print the same under
; `irplay run`.

@fmt = private constant [7 x i8] c"%d %d\0A\00"

declare i32 @printf(ptr, ...)

define i8 @merge(i1 %c) {
entry:
  br i1 %c, label %a, label %b
a:
  %p = add nsw i8 127, 1
  br label %j
b:
  br label %j
j:
  %m = phi i8 [ %p, %a ], [ 5, %b ]
  ret i8 %m
}

define i32 @undefs(i1 %c) {
entry:
  br i1 %c, label %a, label %b
a:
  br label %j
b:
  br label %j
j:
  %m = phi i32 [ undef, %a ], [ 7, %b ]
  %u = add i32 undef, 1
  %f = freeze i32 poison
  %d = udiv i32 7, 0
  ret i32 %m
}

define i32 @main() {
  %a = call i8 @merge(i1 false)
  %b = call i32 @undefs(i1 false)
  %a32 = sext i8 %a to i32
  %p = call i32 (ptr, ...) @printf(ptr @fmt, i32 %a32, i32 %b)
  ret i32 0
}
