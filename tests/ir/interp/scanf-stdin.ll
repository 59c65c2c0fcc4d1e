; RUN: irplay run %s
; RUN: irplay run --engine wasm %s
; A program reading its standard input (scanf-stdin.ll.stdin): scanf of a word and
; numbers across lines, getchar of the newline after them, fgets of the next line (kept
; with its newline), and scanf at the end of the input returning EOF (-1).
; Compiled from C by clang-19 -O1.
; Oracle: the native build of the same C source, given the same input, prints the same.
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@.str = private unnamed_addr constant [8 x i8] c"%31s %d\00", align 1
@.str.1 = private unnamed_addr constant [3 x i8] c"%d\00", align 1
@stdin = external local_unnamed_addr global ptr, align 8
@.str.2 = private unnamed_addr constant [47 x i8] c"%s: %d numbers, sum %d, then %d and line [%s]\0A\00", align 1
@.str.3 = private unnamed_addr constant [12 x i8] c"at end: %d\0A\00", align 1

; Function Attrs: nofree nounwind uwtable
define dso_local range(i32 0, 10) i32 @main() local_unnamed_addr #0 {
  %1 = alloca i32, align 4
  %2 = alloca i32, align 4
  %3 = alloca [32 x i8], align 16
  %4 = alloca [64 x i8], align 16
  call void @llvm.lifetime.start.p0(i64 4, ptr nonnull %1) #3
  call void @llvm.lifetime.start.p0(i64 4, ptr nonnull %2) #3
  call void @llvm.lifetime.start.p0(i64 32, ptr nonnull %3) #3
  call void @llvm.lifetime.start.p0(i64 64, ptr nonnull %4) #3
  %5 = call i32 (ptr, ...) @__isoc99_scanf(ptr noundef nonnull @.str, ptr noundef nonnull %3, ptr noundef nonnull %1)
  %6 = icmp eq i32 %5, 2
  br i1 %6, label %7, label %37

7:                                                ; preds = %0
  %8 = load i32, ptr %1, align 4, !tbaa !5
  %9 = icmp sgt i32 %8, 0
  br i1 %9, label %10, label %24

10:                                               ; preds = %7
  %11 = call i32 (ptr, ...) @__isoc99_scanf(ptr noundef nonnull @.str.1, ptr noundef nonnull %2)
  %12 = icmp eq i32 %11, 1
  br i1 %12, label %16, label %24

13:                                               ; preds = %16
  %14 = call i32 (ptr, ...) @__isoc99_scanf(ptr noundef nonnull @.str.1, ptr noundef nonnull %2)
  %15 = icmp eq i32 %14, 1
  br i1 %15, label %16, label %24, !llvm.loop !9

16:                                               ; preds = %10, %13
  %17 = phi i32 [ %21, %13 ], [ 0, %10 ]
  %18 = phi i32 [ %20, %13 ], [ 0, %10 ]
  %19 = load i32, ptr %2, align 4, !tbaa !5
  %20 = add nsw i32 %19, %18
  %21 = add nuw nsw i32 %17, 1
  %22 = load i32, ptr %1, align 4, !tbaa !5
  %23 = icmp slt i32 %21, %22
  br i1 %23, label %13, label %24, !llvm.loop !9

24:                                               ; preds = %13, %16, %10, %7
  %25 = phi i32 [ 0, %7 ], [ 0, %10 ], [ %20, %16 ], [ %20, %13 ]
  %26 = phi i1 [ %9, %7 ], [ %9, %10 ], [ %23, %16 ], [ %23, %13 ]
  %27 = phi i32 [ 0, %7 ], [ 8, %10 ], [ 0, %16 ], [ 8, %13 ]
  br i1 %26, label %37, label %28

28:                                               ; preds = %24
  %29 = load ptr, ptr @stdin, align 8, !tbaa !12
  %30 = call i32 @getc(ptr noundef %29)
  %31 = load ptr, ptr @stdin, align 8, !tbaa !12
  %32 = call ptr @fgets(ptr noundef nonnull %4, i32 noundef 64, ptr noundef %31)
  %33 = load i32, ptr %1, align 4, !tbaa !5
  %34 = call i32 (ptr, ...) @printf(ptr noundef nonnull dereferenceable(1) @.str.2, ptr noundef nonnull %3, i32 noundef %33, i32 noundef %25, i32 noundef %30, ptr noundef nonnull %4)
  %35 = call i32 (ptr, ...) @__isoc99_scanf(ptr noundef nonnull @.str.1, ptr noundef nonnull %2)
  %36 = call i32 (ptr, ...) @printf(ptr noundef nonnull dereferenceable(1) @.str.3, i32 noundef %35)
  br label %37

37:                                               ; preds = %0, %24, %28
  %38 = phi i32 [ 0, %28 ], [ %27, %24 ], [ 9, %0 ]
  call void @llvm.lifetime.end.p0(i64 64, ptr nonnull %4) #3
  call void @llvm.lifetime.end.p0(i64 32, ptr nonnull %3) #3
  call void @llvm.lifetime.end.p0(i64 4, ptr nonnull %2) #3
  call void @llvm.lifetime.end.p0(i64 4, ptr nonnull %1) #3
  ret i32 %38
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.start.p0(i64 immarg, ptr nocapture) #1

; Function Attrs: nofree nounwind
declare noundef i32 @__isoc99_scanf(ptr nocapture noundef readonly, ...) local_unnamed_addr #2

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.end.p0(i64 immarg, ptr nocapture) #1

; Function Attrs: nofree nounwind
declare noundef ptr @fgets(ptr noundef, i32 noundef, ptr nocapture noundef) local_unnamed_addr #2

; Function Attrs: nofree nounwind
declare noundef i32 @printf(ptr nocapture noundef readonly, ...) local_unnamed_addr #2

; Function Attrs: nofree nounwind
declare noundef i32 @getc(ptr nocapture noundef) local_unnamed_addr #2

attributes #0 = { nofree nounwind uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite) }
attributes #2 = { nofree nounwind "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #3 = { nounwind }

!llvm.module.flags = !{!0, !1, !2, !3}
!llvm.ident = !{!4}

!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 8, !"PIC Level", i32 2}
!2 = !{i32 7, !"PIE Level", i32 2}
!3 = !{i32 7, !"uwtable", i32 2}
!4 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!5 = !{!6, !6, i64 0}
!6 = !{!"int", !7, i64 0}
!7 = !{!"omnipotent char", !8, i64 0}
!8 = !{!"Simple C/C++ TBAA"}
!9 = distinct !{!9, !10, !11}
!10 = !{!"llvm.loop.mustprogress"}
!11 = !{!"llvm.loop.unroll.disable"}
!12 = !{!13, !13, i64 0}
!13 = !{!"any pointer", !7, i64 0}
