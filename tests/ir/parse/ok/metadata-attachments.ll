; RUN: irplay check %s
; LangRef: instruction metadata kinds ('tbaa', 'tbaa.struct', 'noalias' and
; 'alias.scope', 'fpmath', 'range', 'callees', 'callback', 'unpredictable',
; 'llvm.loop' with loop properties, 'irr_loop', 'prof' (branch_weights,
; function_entry_count, VP), 'heapallocsite', 'annotation', 'pcsections',
; 'kcfi_type', 'func_sanitize', 'absolute_symbol', 'associated', 'exclude',
; 'implicit.ref', 'mmra', and several attachments per instruction).

@abs = external global i8, !absolute_symbol !30
@assoc = global i32 0, !associated !31
@excluded = global i32 0, !exclude !32

define void @loop(ptr %p, ptr %q, float %f, i32 %n) !prof !20 !kcfi_type !21 !func_sanitize !22 {
entry:
  %v = load i32, ptr %p, !tbaa !1, !alias.scope !11, !noalias !14
  call void @llvm.memcpy.p0.p0.i64(ptr %p, ptr %q, i64 8, i1 false), !tbaa.struct !5
  %d = fdiv float %f, 3.0, !fpmath !6
  %r = load i32, ptr %q, !range !7
  call void %q(), !callees !8
  call void @broker(ptr @loop), !annotation !40
  %c = icmp slt i32 %r, %n
  br i1 %c, label %body, label %exit, !unpredictable !9

body:
  %i = phi i32 [ 0, %entry ], [ %inc, %body ]
  %inc = add i32 %i, 1, !pcsections !41
  %m = call ptr @malloc(i64 4), !heapallocsite !42
  store i32 %inc, ptr %p, !mmra !43
  %cc = icmp slt i32 %inc, %n
  br i1 %cc, label %body, label %exit, !llvm.loop !23, !prof !26, !irr_loop !27

exit:
  call void %q(), !prof !28
  ret void
}

declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1 immarg)
declare !callback !33 void @broker(ptr)
declare ptr @malloc(i64)

!0 = !{!"Simple C++ TBAA"}
!1 = !{!2, !2, i64 0}
!2 = !{!"int", !3, i64 0}
!3 = !{!"omnipotent char", !0, i64 0}
!5 = !{i64 0, i64 4, !1, i64 4, i64 4, !1}
!6 = !{float 2.5}
!7 = !{i32 0, i32 10}
!8 = !{ptr @loop, ptr @broker}
!9 = !{}
!10 = distinct !{!10, !"domain"}
!11 = !{!12}
!12 = distinct !{!12, !10, !"scope A"}
!13 = distinct !{!13, !10, !"scope B"}
!14 = !{!13}
!20 = !{!"function_entry_count", i64 1000}
!21 = !{i32 12345678}
!22 = !{i32 1, i32 2}
!23 = distinct !{!23, !24, !25, !29}
!24 = !{!"llvm.loop.unroll.count", i32 4}
!25 = !{!"llvm.loop.vectorize.enable", i1 true}
!26 = !{!"branch_weights", i32 99, i32 1}
!27 = !{!"loop_header_weight", i64 100}
!28 = !{!"VP", i32 0, i64 100, i64 1234, i64 60, i64 5678, i64 40}
!29 = !{!"llvm.loop.mustprogress"}
!30 = !{i64 0, i64 256}
!31 = !{ptr @excluded}
!32 = !{}
!33 = !{!34}
!34 = !{i64 0, i1 false}
!40 = !{!"auto-init"}
!41 = !{!"section1", i32 10, !"section2", i32 20}
!42 = !{i32 0}
!43 = !{!"amdgpu-as", !"local"}
