; RUN: irplay check %s
; LangRef: Debug Records, legacy intrinsic form: calls to llvm.dbg.declare,
; llvm.dbg.value, llvm.dbg.assign and llvm.dbg.label with metadata arguments
; (LLVM 19 tools read these and print them back as #dbg_ records).

source_filename = "debug-intrinsics.c"

define i32 @f(i32 %a, i32 %b) !dbg !5 {
entry:
  %x = alloca i32, align 4, !DIAssignID !20
  call void @llvm.dbg.assign(metadata i1 undef, metadata !11, metadata !DIExpression(), metadata !20, metadata ptr %x, metadata !DIExpression()), !dbg !13
  call void @llvm.dbg.declare(metadata ptr %x, metadata !12, metadata !DIExpression()), !dbg !13
  store i32 %a, ptr %x, align 4, !DIAssignID !21
  %s = add i32 %a, %b, !dbg !13
  call void @llvm.dbg.value(metadata i32 %s, metadata !10, metadata !DIExpression()), !dbg !13
  call void @llvm.dbg.value(metadata !DIArgList(i32 %a, i32 %b), metadata !10, metadata !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_plus, DW_OP_stack_value)), !dbg !13
  br label %exit, !dbg !13

exit:
  call void @llvm.dbg.label(metadata !14), !dbg !15
  ret i32 %s, !dbg !15
}

declare void @llvm.dbg.declare(metadata, metadata, metadata)
declare void @llvm.dbg.value(metadata, metadata, metadata)
declare void @llvm.dbg.assign(metadata, metadata, metadata, metadata, metadata, metadata)
declare void @llvm.dbg.label(metadata)

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2, !3, !4}

!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, producer: "hand", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug)
!1 = !DIFile(filename: "debug-intrinsics.c", directory: "/src")
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
