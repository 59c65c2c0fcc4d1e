; RUN: irplay run %s
; LangRef "Parameter Attributes", byref(<ty>): "This is similar to byval, but
; does not imply a copy is made anywhere, or that the argument is passed on the
; stack." A byref parameter is a plain pointer: the callee's store (which the
; LangRef does not forbid for a writable pointee, only discourages introducing)
; is seen by the caller, unlike with byval.
; Oracle: lli-19 and a native build (clang-19 FILE.ll) print the same stdout
; and exit with the same status.

%struct.S = type { i64, i64 }

@g = global %struct.S { i64 2, i64 3 }
@.fmt = private constant [7 x i8] c"%d %d\0A\00"
declare i32 @printf(ptr, ...)

define void @callee(ptr byref(%struct.S) align 8 %p) {
  store i64 1, ptr %p
  ret void
}

define void @byval_callee(ptr byval(%struct.S) align 8 %p) {
  store i64 9, ptr %p
  ret void
}

define i32 @main() {
  call void @byval_callee(ptr byval(%struct.S) align 8 @g)
  %u = load i64, ptr @g
  call void @callee(ptr byref(%struct.S) align 8 @g)
  %v = load i64, ptr @g
  call i32 (ptr, ...) @printf(ptr @.fmt, i64 %u, i64 %v)
  ret i32 0
}
