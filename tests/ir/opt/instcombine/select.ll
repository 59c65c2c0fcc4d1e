; RUN: irplay opt -p instcombine %s
; `select` with constant arms: `select c, 1, 0` → `zext c`, `select c, -1, 0` → `sext c`,
; `select c, 0, 1` → `zext` of the inverted compare (only when the compare has no other
; use: it is inverted in place). Does NOT fire: `select c, true, x` and `select c, x,
; false` stay selects (as `or`/`and` they would be poison whenever x is, even where the
; select does not pick x: LangRef "Poison Values"); @poisonarm shows it matters: %q is
; poison (`add nsw` overflowing) exactly when the select does not read it.
; Oracle: opt-19 -passes=instcombine gives the same instructions (it too keeps the logical
; selects); the input, our output and opt-19's output print the same under `irplay run`.

@fmt = private constant [13 x i8] c"%d %d %d %d\0A\00"

declare i32 @printf(ptr, ...)

define i32 @arms(i32 %x) {
  %c = icmp eq i32 %x, 0
  %s = select i1 %c, i32 1, i32 0
  %d = icmp ult i32 %x, 7
  %t = select i1 %d, i32 0, i32 -1
  %e = icmp sgt i32 %x, 3
  %u = select i1 %e, i64 -1, i64 0
  %ut = trunc i64 %u to i32
  %r1 = add i32 %s, %t
  %r2 = add i32 %r1, %ut
  ret i32 %r2
}

define i32 @poisonarm(i32 %x) {
  %big = icmp sgt i32 %x, 2147483600
  %q0 = add nsw i32 %x, 100
  %q = icmp sgt i32 %q0, 0
  %v = select i1 %big, i1 true, i1 %q
  %w = select i1 %q, i1 %big, i1 false
  %vz = zext i1 %v to i32
  %r = select i1 %big, i32 %vz, i32 7
  ret i32 %r
}

define i32 @main() {
  %a = call i32 @arms(i32 0)
  %b = call i32 @arms(i32 5)
  %c = call i32 @arms(i32 100)
  %d = call i32 @poisonarm(i32 2147483647)
  %e = call i32 @poisonarm(i32 5)
  call i32 (ptr, ...) @printf(ptr @fmt, i32 %a, i32 %b, i32 %c, i32 %d)
  call i32 (ptr, ...) @printf(ptr @fmt, i32 %e, i32 0, i32 0, i32 0)
  ret i32 0
}
