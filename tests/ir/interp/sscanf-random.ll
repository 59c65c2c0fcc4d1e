; RUN: irplay run %s
; RUN: irplay run --engine wasm %s
; 600 sscanf calls on generated formats and inputs (sscanf-random.ll.stdin: one "FORMAT<tab>
; INPUT" per line, drawn from a seeded random mix of conversions, widths, length modifiers,
; literals and numbers with edge cases: signs, 0x prefixes, octal, overflow, incomplete
; exponents, inf/nan spellings, hex floats, truncations). Each line prints the result and
; every stored value. Both engines share the scanf engine (irplay_core::runtime::scan).
; Compiled from C by clang-19 -O1.
; Oracle: the native build of the same C source (clang-19, glibc 2.36), given the same input,
; prints the same lines (a campaign of 24,000 such cases agreed line for line).
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@stdin = external local_unnamed_addr global ptr, align 8
@.str = private unnamed_addr constant [2 x i8] c"\0A\00", align 1
@__const.main.i = private unnamed_addr constant [3 x i32] [i32 -7, i32 -7, i32 -7], align 4
@__const.main.d = private unnamed_addr constant [3 x double] [double -7.000000e+00, double -7.000000e+00, double -7.000000e+00], align 16
@__const.main.l = private unnamed_addr constant [3 x i64] [i64 -7, i64 -7, i64 -7], align 16
@.str.1 = private unnamed_addr constant [14 x i8] c"diouxXfegsc[n\00", align 1
@.str.3 = private unnamed_addr constant [9 x i8] c"fegFEGaA\00", align 1
@.str.4 = private unnamed_addr constant [4 x i8] c"sc[\00", align 1
@.str.5 = private unnamed_addr constant [4 x i8] c"%d|\00", align 1
@.str.6 = private unnamed_addr constant [22 x i8] c" %d %.17g %ld [%.12s]\00", align 1

; Function Attrs: nofree nounwind uwtable
define dso_local noundef i32 @main() local_unnamed_addr #0 {
  %1 = alloca [512 x i8], align 16
  %2 = alloca [3 x i32], align 4
  %3 = alloca [3 x double], align 16
  %4 = alloca [3 x [64 x i8]], align 16
  %5 = alloca [3 x i64], align 16
  %6 = alloca [3 x ptr], align 16
  call void @llvm.lifetime.start.p0(i64 512, ptr nonnull %1) #8
  %7 = load ptr, ptr @stdin, align 8, !tbaa !5
  %8 = call ptr @fgets(ptr noundef nonnull %1, i32 noundef 512, ptr noundef %7)
  %9 = icmp eq ptr %8, null
  br i1 %9, label %179, label %10

10:                                               ; preds = %0
  %11 = getelementptr inbounds i8, ptr %4, i64 191
  %12 = getelementptr inbounds i8, ptr %4, i64 127
  %13 = getelementptr inbounds i8, ptr %4, i64 63
  %14 = getelementptr inbounds i8, ptr %6, i64 8
  %15 = getelementptr inbounds i8, ptr %6, i64 16
  br label %16

16:                                               ; preds = %10, %175
  %17 = call i64 @strcspn(ptr noundef nonnull %1, ptr noundef nonnull @.str) #9
  %18 = getelementptr inbounds [512 x i8], ptr %1, i64 0, i64 %17
  store i8 0, ptr %18, align 1, !tbaa !9
  %19 = call ptr @strchr(ptr noundef nonnull dereferenceable(1) %1, i32 noundef 9) #9
  %20 = icmp eq ptr %19, null
  br i1 %20, label %175, label %21, !llvm.loop !10

21:                                               ; preds = %16
  store i8 0, ptr %19, align 1, !tbaa !9
  %22 = getelementptr inbounds i8, ptr %19, i64 1
  call void @llvm.lifetime.start.p0(i64 12, ptr nonnull %2) #8
  call void @llvm.memcpy.p0.p0.i64(ptr noundef nonnull align 4 dereferenceable(12) %2, ptr noundef nonnull align 4 dereferenceable(12) @__const.main.i, i64 12, i1 false)
  call void @llvm.lifetime.start.p0(i64 24, ptr nonnull %3) #8
  call void @llvm.memcpy.p0.p0.i64(ptr noundef nonnull align 16 dereferenceable(24) %3, ptr noundef nonnull align 16 dereferenceable(24) @__const.main.d, i64 24, i1 false)
  call void @llvm.lifetime.start.p0(i64 192, ptr nonnull %4) #8
  call void @llvm.lifetime.start.p0(i64 24, ptr nonnull %5) #8
  call void @llvm.memcpy.p0.p0.i64(ptr noundef nonnull align 16 dereferenceable(24) %5, ptr noundef nonnull align 16 dereferenceable(24) @__const.main.l, i64 24, i1 false)
  call void @llvm.memset.p0.i64(ptr noundef nonnull align 16 dereferenceable(192) %4, i8 90, i64 192, i1 false)
  store i8 0, ptr %11, align 1, !tbaa !9
  store i8 0, ptr %12, align 1, !tbaa !9
  store i8 0, ptr %13, align 1, !tbaa !9
  call void @llvm.lifetime.start.p0(i64 24, ptr nonnull %6) #8
  %23 = load i8, ptr %1, align 16, !tbaa !9
  %24 = icmp eq i8 %23, 0
  br i1 %24, label %25, label %30

25:                                               ; preds = %140, %21
  %26 = phi i32 [ 0, %21 ], [ %141, %140 ]
  %27 = icmp slt i32 %26, 3
  br i1 %27, label %28, label %155

28:                                               ; preds = %25
  %29 = sext i32 %26 to i64
  br label %148

30:                                               ; preds = %21, %140
  %31 = phi i8 [ %144, %140 ], [ %23, %21 ]
  %32 = phi ptr [ %143, %140 ], [ %1, %21 ]
  %33 = phi i32 [ %141, %140 ], [ 0, %21 ]
  %34 = icmp eq i8 %31, 37
  br i1 %34, label %35, label %140

35:                                               ; preds = %30
  %36 = getelementptr inbounds i8, ptr %32, i64 1
  %37 = load i8, ptr %36, align 1, !tbaa !9
  switch i8 %37, label %41 [
    i8 37, label %140
    i8 42, label %38
  ]

38:                                               ; preds = %35
  %39 = load i8, ptr %36, align 1, !tbaa !9
  %40 = icmp eq i8 %39, 0
  br i1 %40, label %140, label %44

41:                                               ; preds = %35
  %42 = load i8, ptr %36, align 1, !tbaa !9
  %43 = icmp eq i8 %42, 0
  br i1 %43, label %85, label %72

44:                                               ; preds = %38, %50
  %45 = phi i8 [ %52, %50 ], [ %39, %38 ]
  %46 = phi ptr [ %51, %50 ], [ %36, %38 ]
  %47 = sext i8 %45 to i32
  %48 = call ptr @memchr(ptr noundef nonnull dereferenceable(1) @.str.1, i32 %47, i64 14)
  %49 = icmp eq ptr %48, null
  br i1 %49, label %50, label %54

50:                                               ; preds = %44
  %51 = getelementptr inbounds i8, ptr %46, i64 1
  %52 = load i8, ptr %51, align 1, !tbaa !9
  %53 = icmp eq i8 %52, 0
  br i1 %53, label %140, label %44, !llvm.loop !13

54:                                               ; preds = %44
  %55 = icmp eq i8 %45, 91
  br i1 %55, label %56, label %140

56:                                               ; preds = %54
  %57 = getelementptr inbounds i8, ptr %46, i64 1
  %58 = load i8, ptr %57, align 1, !tbaa !9
  %59 = icmp eq i8 %58, 94
  %60 = getelementptr inbounds i8, ptr %46, i64 2
  %61 = select i1 %59, ptr %60, ptr %57
  %62 = load i8, ptr %61, align 1, !tbaa !9
  %63 = icmp eq i8 %62, 93
  %64 = select i1 %59, i64 3, i64 2
  %65 = getelementptr inbounds i8, ptr %46, i64 %64
  %66 = select i1 %63, ptr %65, ptr %61
  br label %67

67:                                               ; preds = %70, %56
  %68 = phi ptr [ %66, %56 ], [ %71, %70 ]
  %69 = load i8, ptr %68, align 1, !tbaa !9
  switch i8 %69, label %70 [
    i8 0, label %140
    i8 93, label %140
  ]

70:                                               ; preds = %67
  %71 = getelementptr inbounds i8, ptr %68, i64 1
  br label %67, !llvm.loop !14

72:                                               ; preds = %41, %81
  %73 = phi i8 [ %83, %81 ], [ %42, %41 ]
  %74 = phi ptr [ %82, %81 ], [ %36, %41 ]
  %75 = zext nneg i8 %73 to i64
  %76 = icmp ugt i8 %73, 63
  %77 = shl nuw i64 1, %75
  %78 = and i64 %77, 287948901175001089
  %79 = icmp eq i64 %78, 0
  %80 = select i1 %76, i1 true, i1 %79
  br i1 %80, label %85, label %81

81:                                               ; preds = %72
  %82 = getelementptr inbounds i8, ptr %74, i64 1
  %83 = load i8, ptr %82, align 1, !tbaa !9
  %84 = icmp eq i8 %83, 0
  br i1 %84, label %85, label %72, !llvm.loop !15

85:                                               ; preds = %72, %81, %41
  %86 = phi ptr [ %36, %41 ], [ %82, %81 ], [ %74, %72 ]
  br label %87

87:                                               ; preds = %85, %91
  %88 = phi ptr [ %95, %91 ], [ %86, %85 ]
  %89 = phi i32 [ %94, %91 ], [ 0, %85 ]
  %90 = load i8, ptr %88, align 1, !tbaa !9
  switch i8 %90, label %96 [
    i8 108, label %91
    i8 104, label %91
  ]

91:                                               ; preds = %87, %87
  %92 = icmp eq i8 %90, 108
  %93 = zext i1 %92 to i32
  %94 = add nuw nsw i32 %89, %93
  %95 = getelementptr inbounds i8, ptr %88, i64 1
  br label %87, !llvm.loop !16

96:                                               ; preds = %87
  %97 = sext i8 %90 to i32
  %98 = call ptr @memchr(ptr noundef nonnull dereferenceable(1) @.str.3, i32 %97, i64 9)
  %99 = icmp eq ptr %98, null
  br i1 %99, label %104, label %100

100:                                              ; preds = %96
  %101 = sext i32 %33 to i64
  %102 = getelementptr inbounds [3 x double], ptr %3, i64 0, i64 %101
  %103 = getelementptr inbounds [3 x ptr], ptr %6, i64 0, i64 %101
  store ptr %102, ptr %103, align 8, !tbaa !5
  br label %137

104:                                              ; preds = %96
  %105 = call ptr @memchr(ptr noundef nonnull dereferenceable(1) @.str.4, i32 %97, i64 4)
  %106 = icmp eq ptr %105, null
  br i1 %106, label %129, label %107

107:                                              ; preds = %104
  %108 = sext i32 %33 to i64
  %109 = getelementptr inbounds [3 x [64 x i8]], ptr %4, i64 0, i64 %108
  %110 = getelementptr inbounds [3 x ptr], ptr %6, i64 0, i64 %108
  store ptr %109, ptr %110, align 8, !tbaa !5
  %111 = load i8, ptr %88, align 1, !tbaa !9
  %112 = icmp eq i8 %111, 91
  br i1 %112, label %113, label %137

113:                                              ; preds = %107
  %114 = getelementptr inbounds i8, ptr %88, i64 1
  %115 = load i8, ptr %114, align 1, !tbaa !9
  %116 = icmp eq i8 %115, 94
  %117 = getelementptr inbounds i8, ptr %88, i64 2
  %118 = select i1 %116, ptr %117, ptr %114
  %119 = load i8, ptr %118, align 1, !tbaa !9
  %120 = icmp eq i8 %119, 93
  %121 = select i1 %116, i64 3, i64 2
  %122 = getelementptr inbounds i8, ptr %88, i64 %121
  %123 = select i1 %120, ptr %122, ptr %118
  br label %124

124:                                              ; preds = %127, %113
  %125 = phi ptr [ %123, %113 ], [ %128, %127 ]
  %126 = load i8, ptr %125, align 1, !tbaa !9
  switch i8 %126, label %127 [
    i8 0, label %137
    i8 93, label %137
  ]

127:                                              ; preds = %124
  %128 = getelementptr inbounds i8, ptr %125, i64 1
  br label %124, !llvm.loop !17

129:                                              ; preds = %104
  %130 = icmp eq i32 %89, 0
  %131 = sext i32 %33 to i64
  %132 = getelementptr inbounds [3 x ptr], ptr %6, i64 0, i64 %131
  br i1 %130, label %135, label %133

133:                                              ; preds = %129
  %134 = getelementptr inbounds [3 x i64], ptr %5, i64 0, i64 %131
  store ptr %134, ptr %132, align 8, !tbaa !5
  br label %137

135:                                              ; preds = %129
  %136 = getelementptr inbounds [3 x i32], ptr %2, i64 0, i64 %131
  store ptr %136, ptr %132, align 8, !tbaa !5
  br label %137

137:                                              ; preds = %124, %124, %107, %135, %133, %100
  %138 = phi ptr [ %88, %100 ], [ %88, %107 ], [ %88, %133 ], [ %88, %135 ], [ %125, %124 ], [ %125, %124 ]
  %139 = add nsw i32 %33, 1
  br label %140

140:                                              ; preds = %50, %67, %67, %38, %35, %54, %30, %137
  %141 = phi i32 [ %33, %30 ], [ %33, %35 ], [ %33, %54 ], [ %139, %137 ], [ %33, %38 ], [ %33, %67 ], [ %33, %67 ], [ %33, %50 ]
  %142 = phi ptr [ %32, %30 ], [ %36, %35 ], [ %46, %54 ], [ %138, %137 ], [ %36, %38 ], [ %68, %67 ], [ %68, %67 ], [ %51, %50 ]
  %143 = getelementptr inbounds i8, ptr %142, i64 1
  %144 = load i8, ptr %143, align 1, !tbaa !9
  %145 = icmp ne i8 %144, 0
  %146 = icmp slt i32 %141, 3
  %147 = select i1 %145, i1 %146, i1 false
  br i1 %147, label %30, label %25, !llvm.loop !18

148:                                              ; preds = %28, %148
  %149 = phi i64 [ %29, %28 ], [ %152, %148 ]
  %150 = getelementptr inbounds [3 x i32], ptr %2, i64 0, i64 %149
  %151 = getelementptr inbounds [3 x ptr], ptr %6, i64 0, i64 %149
  store ptr %150, ptr %151, align 8, !tbaa !5
  %152 = add nsw i64 %149, 1
  %153 = and i64 %152, 4294967295
  %154 = icmp eq i64 %153, 3
  br i1 %154, label %155, label %148, !llvm.loop !19

155:                                              ; preds = %148, %25
  %156 = load ptr, ptr %6, align 16, !tbaa !5
  %157 = load ptr, ptr %14, align 8, !tbaa !5
  %158 = load ptr, ptr %15, align 16, !tbaa !5
  %159 = call i32 (ptr, ptr, ...) @__isoc99_sscanf(ptr noundef nonnull %22, ptr noundef nonnull %1, ptr noundef %156, ptr noundef %157, ptr noundef %158) #8
  %160 = call i32 (ptr, ...) @printf(ptr noundef nonnull dereferenceable(1) @.str.5, i32 noundef %159)
  br label %163

161:                                              ; preds = %163
  %162 = call i32 @putchar(i32 10)
  call void @llvm.lifetime.end.p0(i64 24, ptr nonnull %6) #8
  call void @llvm.lifetime.end.p0(i64 24, ptr nonnull %5) #8
  call void @llvm.lifetime.end.p0(i64 192, ptr nonnull %4) #8
  call void @llvm.lifetime.end.p0(i64 24, ptr nonnull %3) #8
  call void @llvm.lifetime.end.p0(i64 12, ptr nonnull %2) #8
  br label %175

163:                                              ; preds = %155, %163
  %164 = phi i64 [ 0, %155 ], [ %173, %163 ]
  %165 = getelementptr inbounds [3 x i32], ptr %2, i64 0, i64 %164
  %166 = load i32, ptr %165, align 4, !tbaa !20
  %167 = getelementptr inbounds [3 x double], ptr %3, i64 0, i64 %164
  %168 = load double, ptr %167, align 8, !tbaa !22
  %169 = getelementptr inbounds [3 x i64], ptr %5, i64 0, i64 %164
  %170 = load i64, ptr %169, align 8, !tbaa !24
  %171 = getelementptr inbounds [3 x [64 x i8]], ptr %4, i64 0, i64 %164
  %172 = call i32 (ptr, ...) @printf(ptr noundef nonnull dereferenceable(1) @.str.6, i32 noundef %166, double noundef %168, i64 noundef %170, ptr noundef nonnull %171)
  %173 = add nuw nsw i64 %164, 1
  %174 = icmp eq i64 %173, 3
  br i1 %174, label %161, label %163, !llvm.loop !26

175:                                              ; preds = %16, %161
  %176 = load ptr, ptr @stdin, align 8, !tbaa !5
  %177 = call ptr @fgets(ptr noundef nonnull %1, i32 noundef 512, ptr noundef %176)
  %178 = icmp eq ptr %177, null
  br i1 %178, label %179, label %16

179:                                              ; preds = %175, %0
  call void @llvm.lifetime.end.p0(i64 512, ptr nonnull %1) #8
  ret i32 0
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.start.p0(i64 immarg, ptr nocapture) #1

; Function Attrs: nofree nounwind
declare noundef ptr @fgets(ptr noundef, i32 noundef, ptr nocapture noundef) local_unnamed_addr #2

; Function Attrs: mustprogress nofree nounwind willreturn memory(argmem: read)
declare i64 @strcspn(ptr nocapture noundef, ptr nocapture noundef) local_unnamed_addr #3

; Function Attrs: mustprogress nofree nounwind willreturn memory(argmem: read)
declare ptr @strchr(ptr noundef, i32 noundef) local_unnamed_addr #3

; Function Attrs: mustprogress nocallback nofree nounwind willreturn memory(argmem: readwrite)
declare void @llvm.memcpy.p0.p0.i64(ptr noalias nocapture writeonly, ptr noalias nocapture readonly, i64, i1 immarg) #4

; Function Attrs: mustprogress nocallback nofree nounwind willreturn memory(argmem: write)
declare void @llvm.memset.p0.i64(ptr nocapture writeonly, i8, i64, i1 immarg) #5

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.end.p0(i64 immarg, ptr nocapture) #1

; Function Attrs: nofree nounwind
declare noundef i32 @__isoc99_sscanf(ptr nocapture noundef readonly, ptr nocapture noundef readonly, ...) local_unnamed_addr #2

; Function Attrs: nofree nounwind
declare noundef i32 @printf(ptr nocapture noundef readonly, ...) local_unnamed_addr #2

; Function Attrs: nofree nounwind
declare noundef i32 @putchar(i32 noundef) local_unnamed_addr #6

; Function Attrs: nofree nounwind willreturn memory(argmem: read)
declare ptr @memchr(ptr, i32, i64) local_unnamed_addr #7

attributes #0 = { nofree nounwind uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite) }
attributes #2 = { nofree nounwind "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #3 = { mustprogress nofree nounwind willreturn memory(argmem: read) "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #4 = { mustprogress nocallback nofree nounwind willreturn memory(argmem: readwrite) }
attributes #5 = { mustprogress nocallback nofree nounwind willreturn memory(argmem: write) }
attributes #6 = { nofree nounwind }
attributes #7 = { nofree nounwind willreturn memory(argmem: read) }
attributes #8 = { nounwind }
attributes #9 = { nounwind willreturn memory(read) }

!llvm.module.flags = !{!0, !1, !2, !3}
!llvm.ident = !{!4}

!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 8, !"PIC Level", i32 2}
!2 = !{i32 7, !"PIE Level", i32 2}
!3 = !{i32 7, !"uwtable", i32 2}
!4 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!5 = !{!6, !6, i64 0}
!6 = !{!"any pointer", !7, i64 0}
!7 = !{!"omnipotent char", !8, i64 0}
!8 = !{!"Simple C/C++ TBAA"}
!9 = !{!7, !7, i64 0}
!10 = distinct !{!10, !11, !12}
!11 = !{!"llvm.loop.mustprogress"}
!12 = !{!"llvm.loop.unroll.disable"}
!13 = distinct !{!13, !11, !12}
!14 = distinct !{!14, !11, !12}
!15 = distinct !{!15, !11, !12}
!16 = distinct !{!16, !11, !12}
!17 = distinct !{!17, !11, !12}
!18 = distinct !{!18, !11, !12}
!19 = distinct !{!19, !11, !12}
!20 = !{!21, !21, i64 0}
!21 = !{!"int", !7, i64 0}
!22 = !{!23, !23, i64 0}
!23 = !{!"double", !7, i64 0}
!24 = !{!25, !25, i64 0}
!25 = !{!"long", !7, i64 0}
!26 = distinct !{!26, !11, !12}
