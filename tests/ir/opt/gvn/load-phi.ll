; RUN: irplay opt -p gvn %s
; A load after a diamond where each side stores a different value to a local that never
; escapes: every path has a value, not the same one, so the load becomes a phi of the two
; stored values. A load after a diamond where one side calls a function that may write the
; global stays (one path has no known value; we do not insert loads: no load PRE, a
; documented weaker result: opt-19 inserts a load after the call and builds a phi).
; Oracle: opt-19 -passes=gvn builds the same phi for %x; the input, our output and opt-19's
; output print the same under `irplay run`.

@fmt = private constant [7 x i8] c"%d %d\0A\00"
@g = global i32 1

declare i32 @printf(ptr, ...)

define void @touch() {
  store i32 42, ptr @g, align 4
  ret void
}

define i32 @f(i1 %c) {
entry:
  %a = alloca i32, align 4
  store i32 3, ptr @g, align 4
  br i1 %c, label %l, label %r
l:
  store i32 10, ptr %a, align 4
  br label %j
r:
  store i32 20, ptr %a, align 4
  call void @touch()
  br label %j
j:
  %x = load i32, ptr %a, align 4
  %y = load i32, ptr @g, align 4
  %p = call i32 (ptr, ...) @printf(ptr @fmt, i32 %x, i32 %y)
  ret i32 %x
}

define i32 @main() {
  %a = call i32 @f(i1 true)
  %b = call i32 @f(i1 false)
  ret i32 0
}
