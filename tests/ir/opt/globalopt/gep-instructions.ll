; RUN: irplay opt -p globalopt %s
; Variables reached through `getelementptr` instructions with variable indices. @tab is only
; ever stored to (through a GEP of a GEP): its stores, the GEPs and the variable go. @ro is
; only loaded through a variable GEP: it becomes `constant`, the load stays. @passed has a GEP
; passed to a call, and @cmp a GEP compared with another pointer: both escape and stay as they
; are.
; Oracle: opt-19 -passes=globalopt deletes @tab and its stores and marks @ro constant; it also
; leaves @passed and @cmp alone; the three programs print the same.

@fmt = private constant [10 x i8] c"%d %d %d\0A\00"
@tab = internal global [8 x [2 x i32]] zeroinitializer, align 16
@ro = internal global [4 x i32] [i32 1, i32 2, i32 3, i32 4], align 16
@passed = internal global [4 x i32] zeroinitializer, align 16
@cmp = internal global [4 x i32] zeroinitializer, align 16
declare i32 @printf(ptr, ...)
declare void @sink(ptr)

define i32 @main() {
entry:
  br label %loop

loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %row = getelementptr inbounds [8 x [2 x i32]], ptr @tab, i64 0, i64 %i
  %cell = getelementptr inbounds [2 x i32], ptr %row, i64 0, i64 1
  %v = trunc i64 %i to i32
  store i32 %v, ptr %cell, align 4
  store i32 7, ptr %row, align 4
  %i.next = add nuw nsw i64 %i, 1
  %c = icmp ult i64 %i.next, 8
  br i1 %c, label %loop, label %exit

exit:
  %p = getelementptr inbounds [4 x i32], ptr @ro, i64 0, i64 %i
  %masked = and i64 %i.next, 3
  %q = getelementptr inbounds [4 x i32], ptr @ro, i64 0, i64 %masked
  %x = load i32, ptr %q, align 4
  %s = getelementptr inbounds [4 x i32], ptr @passed, i64 0, i64 %masked
  store i32 5, ptr %s, align 4
  call void @sink(ptr %s)
  %y = load i32, ptr @passed, align 4
  %t = getelementptr inbounds [4 x i32], ptr @cmp, i64 0, i64 %masked
  store i32 6, ptr %t, align 4
  %same = icmp eq ptr %t, @cmp
  %z = zext i1 %same to i32
  %r = call i32 (ptr, ...) @printf(ptr @fmt, i32 %x, i32 %y, i32 %z)
  ret i32 0
}
