; RUN: irplay fmt %s
; Legacy syntax of LLVM 3.0-3.5: metadata nodes and operands written with
; the `metadata` type keyword (`!0 = metadata !{metadata !"x", i32 1}`),
; which llvm-as-19 no longer reads. The golden .stdout is the
; hand-converted module as printed by LLVM 19.

source_filename = "llvm3-metadata.c"

define i32 @f(i32* %p) {
entry:
  %v = load i32* %p, align 4, !my.kind !1, !range !4
  %c = icmp eq i32 %v, 0
  br i1 %c, label %a, label %b, !prof !5

a:
  ret i32 1

b:
  ret i32 %v
}

!named = !{!0, !1, !6}

!0 = metadata !{metadata !"Simple C/C++ TBAA"}
!1 = metadata !{metadata !"int", metadata !2}
!2 = metadata !{metadata !"omnipotent char", metadata !0}
!4 = metadata !{i32 0, i32 10}
!5 = metadata !{metadata !"branch_weights", i32 64, i32 4}
!6 = metadata !{metadata !"zero", null, i32 42, metadata !7}
!7 = metadata !{}
