; RUN: irplay check %s
; LangRef: Metadata, Metadata Nodes and Metadata Strings, Named Metadata,
; distinct nodes, metadata attachments on globals, functions and
; instructions, metadata as a function argument, Module Flags Metadata.

@g = global i32 0, !md.global !2

define i32 @f(ptr %p) !md.fn !3 {
  %v = load i32, ptr %p, align 4, !range !4, !noundef !5, !tbaa !6
  %q = load ptr, ptr %p, !nonnull !5, !align !10, !dereferenceable !11
  store i32 %v, ptr %p, !nontemporal !12
  %c = icmp eq i32 %v, 0
  br i1 %c, label %a, label %b, !prof !13

a:
  call void @llvm.foo(metadata !"string arg", metadata i32 7, metadata !14, metadata ptr %p)
  ret i32 1

b:
  ret i32 %v, !annotation !15
}

declare void @llvm.foo(metadata, metadata, metadata, metadata)

!named = !{!0, !1, !2}
!escaped\2Dname = !{}
!llvm.module.flags = !{!16, !17, !18, !19, !20, !21, !22}
!llvm.ident = !{!23}
!empty = !{}

!0 = !{}
!1 = !{!"string", i32 42, float 1.5, ptr @g, ptr @f, null, !0}
!2 = distinct !{!2}
!3 = distinct !{!"self", !3, !{!"inline", !{}}}
!4 = !{i32 0, i32 100}
!5 = !{}
!6 = !{!7, !7, i64 0}
!7 = !{!"int", !8, i64 0}
!8 = !{!"omnipotent char", !9, i64 0}
!9 = !{!"Simple C/C++ TBAA"}
!10 = !{i64 8}
!11 = !{i64 16}
!12 = !{i32 1}
!13 = !{!"branch_weights", i32 10, i32 90}
!14 = !{!"\00\FF escaped \22quotes\22 \5C"}
!15 = !{!"annotation"}
!16 = !{i32 1, !"Error", i32 1}
!17 = !{i32 2, !"Warning", i32 2}
!18 = !{i32 3, !"Require", !{!"Error", i32 1}}
!19 = !{i32 4, !"Override", i32 4}
!20 = !{i32 5, !"Append", !{!"a"}}
!21 = !{i32 6, !"AppendUnique", !{!"b"}}
!22 = !{i32 7, !"Max", i32 3}
!23 = !{!"irplay tests"}
