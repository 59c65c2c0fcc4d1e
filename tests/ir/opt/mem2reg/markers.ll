; RUN: irplay opt -p mem2reg %s
; Lifetime markers on a promotable alloca are removed with it, as LLVM does; a
; `#dbg_declare` of it is removed too (LLVM turns it into `#dbg_value`s at each store; we
; drop it, on purpose for now: it loses the variable's location in the debugger view, not
; behaviour). Loads in a block unreachable from the entry read `poison` and go with the
; stores there. Oracle: opt-19 -passes=mem2reg promotes %a and %b the same way; it keeps
; the debug information as #dbg_value records (the difference described above) and leaves
; the unreachable block's load in place with its address replaced by `poison`.

declare void @llvm.lifetime.start.p0(i64 immarg, ptr nocapture)
declare void @llvm.lifetime.end.p0(i64 immarg, ptr nocapture)

define i32 @f(i32 %x) !dbg !5 {
entry:
  %a = alloca i32, align 4
  %b = alloca i32, align 4
    #dbg_declare(ptr %a, !9, !DIExpression(), !11)
  call void @llvm.lifetime.start.p0(i64 4, ptr %a)
  store i32 %x, ptr %a, align 4
  store i32 1, ptr %b, align 4
  %v = load i32, ptr %a, align 4, !dbg !11
  call void @llvm.lifetime.end.p0(i64 4, ptr %a)
  ret i32 %v

dead:
  %u = load i32, ptr %b, align 4
  store i32 %u, ptr %b, align 4
  ret i32 %u
}

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3, !4}

!0 = distinct !DICompileUnit(language: DW_LANG_C11, file: !1, producer: "hand", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug)
!1 = !DIFile(filename: "m.c", directory: "/tmp")
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = !{i32 7, !"Dwarf Version", i32 5}
!5 = distinct !DISubprogram(name: "f", scope: !1, file: !1, line: 1, type: !6, scopeLine: 1, spFlags: DISPFlagDefinition, unit: !0, retainedNodes: !8)
!6 = !DISubroutineType(types: !7)
!7 = !{!10, !10}
!8 = !{}
!9 = !DILocalVariable(name: "a", scope: !5, file: !1, line: 2, type: !10)
!10 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!11 = !DILocation(line: 2, column: 3, scope: !5)
