; RUN: irplay check %s
; LangRef: Debug Records (#dbg_value, #dbg_declare, #dbg_assign, #dbg_label),
; DIArgList, DIAssignID, and the debug intrinsics' record form.

source_filename = "debug-records.c"

define i32 @f(i32 %a, i32 %b) !dbg !5 {
entry:
  %x = alloca i32, align 4, !DIAssignID !20
    #dbg_assign(i1 undef, !11, !DIExpression(), !20, ptr %x, !DIExpression(), !13)
    #dbg_declare(ptr %x, !12, !DIExpression(), !13)
  store i32 %a, ptr %x, align 4, !DIAssignID !21
    #dbg_assign(i32 %a, !11, !DIExpression(), !21, ptr %x, !DIExpression(), !13)
  %s = add i32 %a, %b, !dbg !13
    #dbg_value(i32 %s, !10, !DIExpression(), !13)
    #dbg_value(!DIArgList(i32 %a, i32 %b), !10, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_plus, DW_OP_stack_value), !13)
    #dbg_value(i32 poison, !10, !DIExpression(), !13)
    #dbg_value(i32 7, !10, !DIExpression(), !13)
    #dbg_value(ptr null, !12, !DIExpression(DW_OP_deref), !13)
    #dbg_value(!{}, !10, !DIExpression(), !13)
  br label %exit, !dbg !13

exit:
    #dbg_label(!14, !15)
    #dbg_value(i32 %s, !10, !DIExpression(DW_OP_plus_uconst, 1, DW_OP_stack_value), !15)
  ret i32 %s, !dbg !15
}

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2, !3, !4}

!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, producer: "hand", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug)
!1 = !DIFile(filename: "debug-records.c", directory: "/src")
!2 = !{i32 7, !"Dwarf Version", i32 5}
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = !{i32 7, !"debug-info-assignment-tracking", i1 true}
!5 = distinct !DISubprogram(name: "f", scope: !1, file: !1, line: 1, type: !6, scopeLine: 1, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !9)
!6 = !DISubroutineType(types: !7)
!7 = !{!8, !8, !8}
!8 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!9 = !{!10, !11, !12}
!10 = !DILocalVariable(name: "s", scope: !5, file: !1, line: 2, type: !8)
!11 = !DILocalVariable(name: "x", scope: !5, file: !1, line: 3, type: !8)
!12 = !DILocalVariable(name: "a", arg: 1, scope: !5, file: !1, line: 1, type: !8)
!13 = !DILocation(line: 2, column: 3, scope: !5)
!14 = !DILabel(scope: !5, name: "exit", file: !1, line: 4)
!15 = !DILocation(line: 4, column: 1, scope: !5)
!20 = distinct !DIAssignID()
!21 = distinct !DIAssignID()
