; A small module to try irplay on: `irplay check examples/hello.ll`, `irplay fmt examples/hello.ll`.
@.str = private unnamed_addr constant [14 x i8] c"hello, world\0A\00", align 1

declare i32 @printf(ptr noundef, ...)

define i32 @main() {
entry:
  %call = call i32 (ptr, ...) @printf(ptr noundef @.str)
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %next, %loop ]
  %next = add nuw nsw i32 %i, 1
  %done = icmp eq i32 %next, 10
  br i1 %done, label %exit, label %loop

exit:
  ret i32 0
}
