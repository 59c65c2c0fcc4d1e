; RUN: irplay run %s
; LangRef "Parameter Attributes", byval(<ty>): "The attribute implies that a
; hidden copy of the pointee is made between the caller and the callee, so the
; callee is unable to modify the value in the caller." The callee stores to
; its byval parameter (and reads its own copy back); the caller's global keeps
; its value.
; Oracle: lli-19 and a native build (clang-19 FILE.ll) print the same stdout
; and exit with the same status.

%struct.S = type { i64, i64 }

@g = global %struct.S { i64 2, i64 3 }
@.fmt = private constant [13 x i8] c"%d %d %d %d\0A\00"
@.fmt2 = private constant [10 x i8] c"in %d %d\0A\00"
declare i32 @printf(ptr, ...)

define void @callee(ptr byval(%struct.S) align 8 %p) {
  store i64 1, ptr %p
  %q = getelementptr inbounds %struct.S, ptr %p, i32 0, i32 1
  %b = load i64, ptr %q
  %c = add i64 %b, 10
  store i64 %c, ptr %q
  %x = load i64, ptr %p
  %y = load i64, ptr %q
  call i32 (ptr, ...) @printf(ptr @.fmt2, i64 %x, i64 %y)
  ret void
}

define i32 @main() {
  %l = alloca %struct.S, align 8
  store i64 7, ptr %l
  %l1 = getelementptr inbounds %struct.S, ptr %l, i32 0, i32 1
  store i64 8, ptr %l1
  call void @callee(ptr byval(%struct.S) align 8 @g)
  call void @callee(ptr byval(%struct.S) align 8 %l)
  %v = load i64, ptr @g
  %g1 = getelementptr inbounds %struct.S, ptr @g, i32 0, i32 1
  %w = load i64, ptr %g1
  %a = load i64, ptr %l
  %b = load i64, ptr %l1
  call i32 (ptr, ...) @printf(ptr @.fmt, i64 %v, i64 %w, i64 %a, i64 %b)
  ret i32 0
}
