; RUN: irplay run %s
; LangRef "Parameter Attributes", byval(<ty>): "a hidden copy of the pointee is
; made between the caller and the callee, so the callee is unable to modify the
; value in the caller." The same holds for a call through a function pointer
; (picked at run time from a table, so it is not folded into a direct call):
; each callee writes only its copy.
; Oracle: lli-19 and a native build (clang-19 FILE.ll) print the same stdout
; and exit with the same status.

%struct.V = type { i32, i32, i32 }

@g = global %struct.V { i32 1, i32 2, i32 3 }
@table = global [2 x ptr] [ptr @bump, ptr @wipe]
@.fmt = private constant [16 x i8] c"%s %d %d %d %d\0A\00"
@.in = private constant [3 x i8] c"in\00"
@.out = private constant [4 x i8] c"out\00"
declare i32 @printf(ptr, ...)

define i32 @bump(ptr byval(%struct.V) align 4 %v) {
  %a = load i32, ptr %v
  %a1 = add i32 %a, 100
  store i32 %a1, ptr %v
  ret i32 %a1
}

define i32 @wipe(ptr byval(%struct.V) align 4 %v) {
  call void @llvm.memset.p0.i64(ptr %v, i8 0, i64 12, i1 false)
  %e = getelementptr inbounds %struct.V, ptr %v, i32 0, i32 2
  %c = load i32, ptr %e
  ret i32 %c
}

declare void @llvm.memset.p0.i64(ptr, i8, i64, i1)

define i32 @main(i32 %argc, ptr %argv) {
  br label %loop
loop:
  %i = phi i32 [ 0, %0 ], [ %i1, %loop ]
  %slot = getelementptr inbounds [2 x ptr], ptr @table, i32 0, i32 %i
  %fp = load ptr, ptr %slot
  %r = call i32 %fp(ptr byval(%struct.V) align 4 @g)
  %a = load i32, ptr @g
  %e1 = getelementptr inbounds %struct.V, ptr @g, i32 0, i32 1
  %b = load i32, ptr %e1
  %e2 = getelementptr inbounds %struct.V, ptr @g, i32 0, i32 2
  %c = load i32, ptr %e2
  call i32 (ptr, ...) @printf(ptr @.fmt, ptr @.in, i32 %r, i32 %a, i32 %b, i32 %c)
  %i1 = add i32 %i, 1
  %d = icmp eq i32 %i1, 2
  br i1 %d, label %done, label %loop
done:
  ret i32 0
}
