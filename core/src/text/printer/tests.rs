//! Tests of the printer: golden outputs taken from `llvm-as-19 | llvm-dis-19`, idempotence on
//! the repository's IR files, and robustness on malformed modules.

use super::*;
use crate::ir::function::LocalName;
use crate::ir::{Block, ConstKind, EntityRef, Extra, MdId, Value};
use crate::text::parse;

/// Parses `src` (which must be valid) and prints it.
fn round(src: &str) -> String {
    let r = parse(src);
    let m = r.module.unwrap_or_else(|| panic!("parse failed: {:?}", r.diagnostics));
    print_module(&m)
}

/// Golden: globals, comdats, constants, instructions, preds, attribute groups.
const G1: &str = r###"target datalayout = "e-m:e-i64:64-f80:128-n8:16:32:64-S128"
%T = type { i32, ptr }
%0 = type { i8 }
%Unused = type { i64 }
$c2 = comdat any
$c1 = comdat largest
@g = global i32 0, comdat($c2)
@1 = internal global %0 zeroinitializer
@s = private unnamed_addr constant [4 x i8] c"a\\\22\00", align 1
@z = global { i32, ptr } { i32 0, ptr null }
@e = global [0 x i32] []
@u = global [2 x i32] [i32 undef, i32 undef]
@f = global [3 x float] [float 1.0, float 0x3FB99999A0000000, float 0x7FF8000000000000]
@h = dso_local hidden global i32 0
@x = external global %T
@tl = thread_local(initialexec) global i32 1, section "s", align 4
@ce = global i64 add (i64 ptrtoint (ptr @g to i64), i64 1)
@gep = global ptr getelementptr inbounds nuw inrange(-8, 16) ([4 x i8], ptr @s, i64 0, i64 1)
@ba = global ptr blockaddress(@fn, %next)
@a = weak alias i32, ptr @g
@a2 = alias i8, getelementptr (i8, ptr @g, i64 1)
@ifn = ifunc void (), ptr @resolver

define ptr @resolver() comdat($c1) {
  ret ptr null
}

define internal fastcc noundef i32 @fn(i32 noundef %0, ptr byval(%T) align 8 %p) #0 personality ptr @pers {
  %a = alloca i32, align 4
  %2 = add nuw nsw i32 %0, 1
  %3 = fadd fast float 1.0, 2.0
  %4 = fmul reassoc nsz float %3, %3
  %5 = load atomic volatile i32, ptr %p syncscope("agent") acquire, align 4
  %6 = cmpxchg weak ptr %p, i32 %5, i32 %2 seq_cst monotonic
  %7 = atomicrmw volatile add ptr %p, i32 1 seq_cst
  fence syncscope("singlethread") seq_cst
  %8 = getelementptr inbounds nuw %T, ptr %p, i64 0, i32 1
  %9 = shufflevector <4 x i32> zeroinitializer, <4 x i32> zeroinitializer, <4 x i32> <i32 0, i32 undef, i32 5, i32 poison>
  %10 = zext nneg i8 1 to i32
  %11 = icmp ult i32 %2, %10
  %12 = tail call i32 (ptr, ...) @printf(ptr noundef @s, i32 %2) #1
  %13 = call i32 @callee(i32 %2) [ "deopt"(i32 1) ]
  br i1 %11, label %next, label %other

next:
  %p1 = phi i32 [ %2, %1 ], [ %2, %other ], [ 7, %next ]
  switch i32 %p1, label %other [
    i32 0, label %next
    i32 1, label %other
  ]

other:
  invoke void @callee2() to label %next unwind label %lp

lp:
  %l = landingpad { ptr, i32 } cleanup catch ptr @g
  resume { ptr, i32 } %l

"dead block":
  unreachable
}

declare i32 @printf(ptr, ...)
declare i32 @callee(i32) nounwind
declare void @callee2()
declare i32 @pers(...)

attributes #0 = { noinline "frame-pointer"="all" uwtable(sync) }
attributes #1 = { nounwind }
"###;
const G1_EXPECTED: &str = r###"target datalayout = "e-m:e-i64:64-f80:128-n8:16:32:64-S128"

%0 = type { i8 }
%T = type { i32, ptr }

$c1 = comdat largest

$c2 = comdat any

@g = global i32 0, comdat($c2)
@0 = internal global %0 zeroinitializer
@s = private unnamed_addr constant [4 x i8] c"a\\\22\00", align 1
@z = global { i32, ptr } zeroinitializer
@e = global [0 x i32] undef
@u = global [2 x i32] undef
@f = global [3 x float] [float 1.000000e+00, float 0x3FB99999A0000000, float 0x7FF8000000000000]
@h = hidden global i32 0
@x = external global %T
@tl = thread_local(initialexec) global i32 1, section "s", align 4
@ce = global i64 add (i64 ptrtoint (ptr @g to i64), i64 1)
@gep = global ptr getelementptr inbounds nuw inrange(-8, 16) ([4 x i8], ptr @s, i64 0, i64 1)
@ba = global ptr blockaddress(@fn, %next)

@a = weak alias i32, ptr @g
@a2 = alias i8, getelementptr (i8, ptr @g, i64 1)

@ifn = ifunc void (), ptr @resolver

define ptr @resolver() comdat($c1) {
  ret ptr null
}

; Function Attrs: noinline uwtable(sync)
define internal fastcc noundef i32 @fn(i32 noundef %0, ptr byval(%T) align 8 %p) #0 personality ptr @pers {
  %a = alloca i32, align 4
  %2 = add nuw nsw i32 %0, 1
  %3 = fadd fast float 1.000000e+00, 2.000000e+00
  %4 = fmul reassoc nsz float %3, %3
  %5 = load atomic volatile i32, ptr %p syncscope("agent") acquire, align 4
  %6 = cmpxchg weak ptr %p, i32 %5, i32 %2 seq_cst monotonic, align 4
  %7 = atomicrmw volatile add ptr %p, i32 1 seq_cst, align 4
  fence syncscope("singlethread") seq_cst
  %8 = getelementptr inbounds nuw %T, ptr %p, i64 0, i32 1
  %9 = shufflevector <4 x i32> zeroinitializer, <4 x i32> zeroinitializer, <4 x i32> <i32 0, i32 poison, i32 5, i32 poison>
  %10 = zext nneg i8 1 to i32
  %11 = icmp ult i32 %2, %10
  %12 = tail call i32 (ptr, ...) @printf(ptr noundef @s, i32 %2) #1
  %13 = call i32 @callee(i32 %2) [ "deopt"(i32 1) ]
  br i1 %11, label %next, label %other

next:                                             ; preds = %other, %next, %1
  %p1 = phi i32 [ %2, %1 ], [ %2, %other ], [ 7, %next ]
  switch i32 %p1, label %other [
    i32 0, label %next
    i32 1, label %other
  ]

other:                                            ; preds = %next, %next, %1
  invoke void @callee2()
          to label %next unwind label %lp

lp:                                               ; preds = %other
  %l = landingpad { ptr, i32 }
          cleanup
          catch ptr @g
  resume { ptr, i32 } %l

"dead block":                                     ; No predecessors!
  unreachable
}

declare i32 @printf(ptr, ...)

; Function Attrs: nounwind
declare i32 @callee(i32) #1

declare void @callee2()

declare i32 @pers(...)

attributes #0 = { noinline uwtable(sync) "frame-pointer"="all" }
attributes #1 = { nounwind }
"###;

/// Golden: metadata numbering (SlotTracker order), uniquing, attachments order, records.
const G2: &str = r###"@gv = global i32 0, !dbg !20, !type !30

define void @f(i32 %x) !dbg !7 {
entry:
    #dbg_value(i32 %x, !12, !DIExpression(), !13)
  %y = load i32, ptr @gv, !zzz !31, !tbaa !32, !dbg !13
  store i32 %y, ptr @gv, align 4, !aaa !33, !noalias !34
  ret void, !dbg !35
}


!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3, !4}
!named = !{!33, !31, !DIExpression()}

!0 = distinct !DICompileUnit(language: DW_LANG_C11, file: !1, producer: "clang", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug, globals: !2)
!1 = !DIFile(filename: "a.c", directory: "/tmp")
!2 = !{!20}
!3 = !{i32 7, !"Dwarf Version", i32 5}
!4 = !{i32 2, !"Debug Info Version", i32 3}
!7 = distinct !DISubprogram(name: "f", scope: !1, file: !1, line: 1, type: !8, scopeLine: 1, spFlags: DISPFlagDefinition, unit: !0, retainedNodes: !11)
!8 = !DISubroutineType(types: !9)
!9 = !{null, !10}
!10 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!11 = !{!12}
!12 = !DILocalVariable(name: "x", arg: 1, scope: !7, file: !1, line: 1, type: !10)
!13 = !DILocation(line: 2, column: 3, scope: !7)
!20 = !DIGlobalVariableExpression(var: !21, expr: !DIExpression())
!21 = distinct !DIGlobalVariable(name: "gv", scope: !0, file: !1, line: 1, type: !10, isLocal: false, isDefinition: true)
!30 = !{i64 0, !"typeid"}
!31 = !{}
!32 = !{!39, !39, i64 0}
!39 = !{!"int", !36, i64 0}
!33 = !{}
!34 = !{!37}
!35 = !DILocation(line: 2, column: 3, scope: !7)
!36 = !{!"omnipotent char", !40, i64 0}
!40 = !{!"Simple C/C++ TBAA"}
!37 = distinct !{!37, !38, !"scope"}
!38 = distinct !{!38, !"domain"}
"###;
const G2_EXPECTED: &str = r###"@gv = global i32 0, !dbg !0, !type !6

define void @f(i32 %x) !dbg !10 {
entry:
    #dbg_value(i32 %x, !14, !DIExpression(), !15)
  %y = load i32, ptr @gv, align 4, !dbg !15, !tbaa !16, !zzz !9
  store i32 %y, ptr @gv, align 4, !noalias !20, !aaa !9
  ret void, !dbg !15
}

!llvm.dbg.cu = !{!2}
!llvm.module.flags = !{!7, !8}
!named = !{!9, !9, !DIExpression()}

!0 = !DIGlobalVariableExpression(var: !1, expr: !DIExpression())
!1 = distinct !DIGlobalVariable(name: "gv", scope: !2, file: !3, line: 1, type: !5, isLocal: false, isDefinition: true)
!2 = distinct !DICompileUnit(language: DW_LANG_C11, file: !3, producer: "clang", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug, globals: !4)
!3 = !DIFile(filename: "a.c", directory: "/tmp")
!4 = !{!0}
!5 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!6 = !{i64 0, !"typeid"}
!7 = !{i32 7, !"Dwarf Version", i32 5}
!8 = !{i32 2, !"Debug Info Version", i32 3}
!9 = !{}
!10 = distinct !DISubprogram(name: "f", scope: !3, file: !3, line: 1, type: !11, scopeLine: 1, spFlags: DISPFlagDefinition, unit: !2, retainedNodes: !13)
!11 = !DISubroutineType(types: !12)
!12 = !{null, !5}
!13 = !{!14}
!14 = !DILocalVariable(name: "x", arg: 1, scope: !10, file: !3, line: 1, type: !5)
!15 = !DILocation(line: 2, column: 3, scope: !10)
!16 = !{!17, !17, i64 0}
!17 = !{!"int", !18, i64 0}
!18 = !{!"omnipotent char", !19, i64 0}
!19 = !{!"Simple C/C++ TBAA"}
!20 = !{!21}
!21 = distinct !{!21, !22, !"scope"}
!22 = distinct !{!22, !"domain"}
"###;

/// Golden: metadata operands of calls.
const G3: &str = r###"define void @f(i32 %x) {
  call void @llvm.foo(metadata !DIArgList(i32 %x, i32 1), metadata !"str", metadata ptr null, metadata !1)
  ret void
}
declare void @llvm.foo(metadata, metadata, metadata, metadata)
!0 = !{!"var"}
!1 = !{!0}
"###;
const G3_EXPECTED: &str = r###"define void @f(i32 %x) {
  call void @llvm.foo(metadata !DIArgList(i32 %x, i32 1), metadata !"str", metadata ptr null, metadata !0)
  ret void
}

declare void @llvm.foo(metadata, metadata, metadata, metadata)

!0 = !{!1}
!1 = !{!"var"}
"###;

/// Golden: debug-info records with their fields written in reverse order: printed in LLVM's
/// order, default-valued fields left out (expected output from `llvm-dis-19`).
const G4: &str = r###"!named = !{!0, !1, !2, !3, !4, !5, !6, !7, !8, !9, !10, !11, !12, !13, !14, !15, !16, !17, !18, !19, !20, !21, !22, !23, !24, !25, !26, !27, !28}
!100 = !DIFile(filename: "a.c", directory: "/d")
!101 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!102 = distinct !DICompileUnit(language: DW_LANG_C11, file: !100, isOptimized: false, runtimeVersion: 0, emissionKind: NoDebug)
!103 = !{}
!104 = distinct !DISubprogram(name: "f", scope: null, spFlags: DISPFlagDefinition, unit: !102)
!0 = !DILocation(isImplicitCode: true, inlinedAt: !27, scope: !104, column: 4, line: 3)
!1 = !DISubrange(stride: 1, upperBound: 9, lowerBound: 1, count: 10)
!2 = !DIEnumerator(isUnsigned: true, value: 7, name: "e")
!3 = !DIBasicType(flags: DIFlagBigEndian, encoding: DW_ATE_unsigned, align: 8, size: 8, name: "uc", tag: DW_TAG_unspecified_type)
!4 = !DIStringType(encoding: DW_ATE_ASCII, align: 8, size: 32, stringLocationExpression: !DIExpression(), stringLengthExpression: !DIExpression(), stringLength: !101, name: "s", tag: DW_TAG_string_type)
!5 = !DIDerivedType(annotations: !103, dwarfAddressSpace: 2, extraData: !101, flags: DIFlagPublic, offset: 8, align: 8, size: 64, baseType: !101, line: 3, file: !100, scope: !102, name: "p", tag: DW_TAG_pointer_type)
!6 = !DICompositeType(annotations: !103, rank: 2, allocated: !101, associated: !101, dataLocation: !101, discriminator: !101, identifier: "id", templateParams: !103, vtableHolder: !101, runtimeLang: DW_LANG_C, elements: !103, flags: DIFlagPublic, offset: 8, align: 8, size: 64, baseType: !101, line: 3, file: !100, scope: !102, name: "S", tag: DW_TAG_structure_type)
!7 = !DISubroutineType(types: !103, cc: DW_CC_BORLAND_msfastcall, flags: DIFlagPublic)
!8 = !DIFile(source: "src", checksum: "000102030405060708090a0b0c0d0e0f", checksumkind: CSK_MD5, directory: "d", filename: "f")
!9 = distinct !DICompileUnit(sdk: "sdk", sysroot: "/", rangesBaseAddress: true, nameTableKind: GNU, debugInfoForProfiling: true, splitDebugInlining: false, dwoId: 7, macros: !103, imports: !103, globals: !103, retainedTypes: !103, enums: !103, emissionKind: FullDebug, splitDebugFilename: "x.dwo", runtimeVersion: 2, flags: "-O2", isOptimized: true, producer: "p", file: !100, language: DW_LANG_C99)
!10 = distinct !DISubprogram(targetFuncName: "t", annotations: !103, thrownTypes: !103, retainedNodes: !103, declaration: !11, templateParams: !103, unit: !102, spFlags: DISPFlagDefinition, flags: DIFlagPublic, thisAdjustment: 4, virtualIndex: 2, containingType: !101, scopeLine: 5, type: !7, line: 4, file: !100, scope: !102, linkageName: "_f", name: "f")
!11 = !DISubprogram(name: "g", scope: !102, spFlags: DISPFlagVirtual, virtualIndex: 0)
!12 = distinct !DILexicalBlock(column: 2, line: 1, file: !100, scope: !104)
!13 = !DILexicalBlockFile(discriminator: 0, file: !100, scope: !104)
!14 = !DINamespace(exportSymbols: true, name: "ns", scope: null)
!15 = !DICommonBlock(line: 3, file: !100, name: "blk", declaration: !101, scope: !104)
!16 = !DIMacro(value: "1", name: "X", line: 2, type: DW_MACINFO_define)
!17 = !DIMacroFile(nodes: !103, file: !100, line: 1, type: DW_MACINFO_start_file)
!18 = !DIModule(isDecl: true, line: 3, file: !100, apinotes: "a", includePath: "/i", configMacros: "-D", name: "M", scope: null)
!19 = !DITemplateTypeParameter(defaulted: true, type: !101, name: "T")
!20 = !DITemplateValueParameter(value: i32 3, defaulted: true, type: !101, name: "N", tag: DW_TAG_template_value_parameter)
!21 = distinct !DIGlobalVariable(annotations: !103, align: 32, templateParams: !103, declaration: !5, isDefinition: true, isLocal: false, type: !101, line: 2, file: !100, scope: !102, linkageName: "_g", name: "g")
!22 = !DILocalVariable(annotations: !103, align: 32, flags: DIFlagArtificial, type: !101, line: 3, file: !100, scope: !104, arg: 1, name: "x")
!23 = !DILabel(line: 3, file: !100, name: "L", scope: !104)
!24 = !DIGlobalVariableExpression(expr: !DIExpression(DW_OP_deref), var: !21)
!25 = !DIObjCProperty(type: !101, attributes: 7, getter: "g", setter: "s", line: 3, file: !100, name: "p")
!26 = !DIImportedEntity(elements: !103, line: 3, file: !100, entity: !101, scope: !102, name: "n", tag: DW_TAG_imported_module)
!27 = !DILocation(line: 0, scope: !104)
!28 = !DIBasicType(name: "z", size: 0, tag: DW_TAG_base_type, flags: 0)
"###;
const G4_EXPECTED: &str = r###"!named = !{!0, !5, !6, !7, !8, !10, !12, !13, !14, !15, !16, !17, !18, !19, !20, !21, !22, !23, !24, !25, !26, !27, !28, !29, !30, !31, !32, !4, !33}

!0 = !DILocation(line: 3, column: 4, scope: !1, inlinedAt: !4, isImplicitCode: true)
!1 = distinct !DISubprogram(name: "f", scope: null, spFlags: DISPFlagDefinition, unit: !2)
!2 = distinct !DICompileUnit(language: DW_LANG_C11, file: !3, isOptimized: false, runtimeVersion: 0, emissionKind: NoDebug)
!3 = !DIFile(filename: "a.c", directory: "/d")
!4 = !DILocation(line: 0, scope: !1)
!5 = !DISubrange(count: 10, lowerBound: 1, upperBound: 9, stride: 1)
!6 = !DIEnumerator(name: "e", value: 7, isUnsigned: true)
!7 = !DIBasicType(tag: DW_TAG_unspecified_type, name: "uc", size: 8, align: 8, encoding: DW_ATE_unsigned, flags: DIFlagBigEndian)
!8 = !DIStringType(name: "s", stringLength: !9, stringLengthExpression: !DIExpression(), stringLocationExpression: !DIExpression(), size: 32, align: 8, encoding: DW_ATE_ASCII)
!9 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!10 = !DIDerivedType(tag: DW_TAG_pointer_type, name: "p", scope: !2, file: !3, line: 3, baseType: !9, size: 64, align: 8, offset: 8, flags: DIFlagPublic, extraData: !9, dwarfAddressSpace: 2, annotations: !11)
!11 = !{}
!12 = !DICompositeType(tag: DW_TAG_structure_type, name: "S", scope: !2, file: !3, line: 3, baseType: !9, size: 64, align: 8, offset: 8, flags: DIFlagPublic, elements: !11, runtimeLang: DW_LANG_C, vtableHolder: !9, templateParams: !11, identifier: "id", discriminator: !9, dataLocation: !9, associated: !9, allocated: !9, rank: 2, annotations: !11)
!13 = !DISubroutineType(flags: DIFlagPublic, cc: DW_CC_BORLAND_msfastcall, types: !11)
!14 = !DIFile(filename: "f", directory: "d", checksumkind: CSK_MD5, checksum: "000102030405060708090a0b0c0d0e0f", source: "src")
!15 = distinct !DICompileUnit(language: DW_LANG_C99, file: !3, producer: "p", isOptimized: true, flags: "-O2", runtimeVersion: 2, splitDebugFilename: "x.dwo", emissionKind: FullDebug, enums: !11, retainedTypes: !11, globals: !11, imports: !11, macros: !11, dwoId: 7, splitDebugInlining: false, debugInfoForProfiling: true, nameTableKind: GNU, rangesBaseAddress: true, sysroot: "/", sdk: "sdk")
!16 = distinct !DISubprogram(name: "f", linkageName: "_f", scope: !2, file: !3, line: 4, type: !13, scopeLine: 5, containingType: !9, virtualIndex: 2, thisAdjustment: 4, flags: DIFlagPublic, spFlags: DISPFlagDefinition, unit: !2, templateParams: !11, declaration: !17, retainedNodes: !11, thrownTypes: !11, annotations: !11, targetFuncName: "t")
!17 = !DISubprogram(name: "g", scope: !2, virtualIndex: 0, spFlags: DISPFlagVirtual)
!18 = distinct !DILexicalBlock(scope: !1, file: !3, line: 1, column: 2)
!19 = !DILexicalBlockFile(scope: !1, file: !3, discriminator: 0)
!20 = !DINamespace(name: "ns", scope: null, exportSymbols: true)
!21 = !DICommonBlock(scope: !1, declaration: !9, name: "blk", file: !3, line: 3)
!22 = !DIMacro(type: DW_MACINFO_define, line: 2, name: "X", value: "1")
!23 = !DIMacroFile(line: 1, file: !3, nodes: !11)
!24 = !DIModule(scope: null, name: "M", configMacros: "-D", includePath: "/i", apinotes: "a", file: !3, line: 3, isDecl: true)
!25 = !DITemplateTypeParameter(name: "T", type: !9, defaulted: true)
!26 = !DITemplateValueParameter(name: "N", type: !9, defaulted: true, value: i32 3)
!27 = distinct !DIGlobalVariable(name: "g", linkageName: "_g", scope: !2, file: !3, line: 2, type: !9, isLocal: false, isDefinition: true, declaration: !10, templateParams: !11, align: 32, annotations: !11)
!28 = !DILocalVariable(name: "x", arg: 1, scope: !1, file: !3, line: 3, type: !9, flags: DIFlagArtificial, align: 32, annotations: !11)
!29 = !DILabel(scope: !1, name: "L", file: !3, line: 3)
!30 = !DIGlobalVariableExpression(var: !27, expr: !DIExpression(DW_OP_deref))
!31 = !DIObjCProperty(name: "p", file: !3, line: 3, setter: "s", getter: "g", attributes: 7, type: !9)
!32 = !DIImportedEntity(tag: DW_TAG_imported_module, name: "n", scope: !2, entity: !9, file: !3, line: 3, elements: !11)
!33 = !DIBasicType(name: "z")
"###;

#[test]
fn golden_debug_info_fields() {
    assert_eq!(round(G4), G4_EXPECTED);
}

#[test]
fn golden_module() {
    assert_eq!(round(G1), G1_EXPECTED);
}

#[test]
fn golden_metadata() {
    assert_eq!(round(G2), G2_EXPECTED);
}

#[test]
fn golden_metadata_operands() {
    assert_eq!(round(G3), G3_EXPECTED);
}

#[test]
fn idempotent() {
    for src in [G1, G2, G3] {
        let once = round(src);
        assert_eq!(round(&once), once);
    }
}

/// Every `.ll` file of the repository's parse tests prints to text that parses and prints
/// back to itself.
#[test]
fn idempotent_on_repository_files() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/ir/parse/ok");
    let Ok(entries) = std::fs::read_dir(&dir) else { return };
    let mut n = 0;
    for e in entries.flatten() {
        let path = e.path();
        if path.extension().and_then(|x| x.to_str()) != Some("ll") {
            continue;
        }
        let Ok(src) = std::fs::read_to_string(&path) else { continue };
        let Some(m) = parse(&src).module else { continue };
        let once = print_module(&m);
        let again = parse(&once);
        let m2 = again.module.unwrap_or_else(|| {
            panic!("{}: output does not parse: {:?}", path.display(), again.diagnostics)
        });
        assert_eq!(print_module(&m2), once, "{} is not printed idempotently", path.display());
        n += 1;
    }
    assert!(n > 0 || !dir.exists());
}

#[test]
fn single_items() {
    let src = "%T = type { i32 }\n@g = global %T zeroinitializer\ndefine i32 @f(i32 %a) {\n  %x = add nsw i32 %a, 1, !foo !0\n  ret i32 %x\n}\n!0 = !{}\n";
    let m = parse(src).module.expect("parses");
    let f = m.global_by_name("f").expect("f");
    let body = m.func(f).and_then(|f| f.body.as_ref()).expect("body");
    let first = body.blocks[body.layout[0]].insts[0];
    assert_eq!(print_inst(&m, f, first), "%x = add nsw i32 %a, 1, !foo !0");
    let g = m.global_by_name("g").expect("g");
    let gty = m.globals[g].as_var().expect("var").value_ty;
    assert_eq!(print_type(&m, gty), "%T");
    let p = ModulePrinter::new(&m);
    let fp = FunctionPrinter::new(&p, f).expect("defined");
    assert_eq!(fp.inst_string(first), "%x = add nsw i32 %a, 1, !foo !0");
    assert_eq!(fp.operand_string(crate::ir::Operand::Value(body.params[0]), true), "i32 %a");
    assert_eq!(fp.block_string(body.layout[0]), "%0");
    assert!(FunctionPrinter::new(&p, g).is_none());
    assert_eq!(print_inst(&m, g, first), "<badref>");
}

#[test]
fn unnamed_values_and_blocks_are_numbered() {
    let src = "define i32 @f(i32, i32 %b) {\n  %2 = add i32 %0, %b\n  br label %x\nx:\n  %3 = add i32 %2, 1\n  br label %4\n4:\n  ret i32 %3\n}\n";
    let out = round(src);
    assert!(out.contains("define i32 @f(i32 %0, i32 %b) {\n  %2 = add i32 %0, %b"), "{out}");
    assert!(
        out.contains(
            "\n4:                                                ; preds = %x\n  ret i32 %3"
        ),
        "{out}"
    );
}

/// A module whose references dangle prints `<badref>` instead of panicking.
#[test]
fn malformed_modules_do_not_panic() {
    let r = parse(G1);
    let base = r.module.expect("parses");
    let fid = base.global_by_name("fn").expect("fn");
    // Dangling value, block, constant and metadata references in every instruction.
    let mut m = base.clone();
    if let Some(body) = m.globals[fid].as_func_mut().and_then(|f| f.body.as_mut()) {
        let bad_v = Value::new(1_000_000);
        let bad_b = Block::new(1_000_000);
        for d in body.insts.values_mut() {
            for a in d.args.iter_mut() {
                let new = match *a {
                    crate::ir::Operand::Value(_) => crate::ir::Operand::Value(bad_v),
                    crate::ir::Operand::Const(_) => {
                        crate::ir::Operand::Const(ConstId::new(1_000_000))
                    }
                    other => other,
                };
                *a = new;
            }
            for b in d.blocks_mut() {
                *b = bad_b;
            }
            d.md = vec![(crate::ir::Symbol::new(0), MdId::new(1_000_000))].into();
            d.result = d.result.map(|_| bad_v);
            d.ty = crate::ir::TypeId::from_u32(1_000_000);
            if let Extra::Gep { source_ty } = &mut d.extra {
                *source_ty = crate::ir::TypeId::from_u32(999);
            }
        }
        body.layout.push(Block::new(77_777));
        body.params.clear();
        for v in body.values.values_mut() {
            v.name = LocalName::Unnamed;
        }
    }
    let out = print_module(&m);
    assert!(out.contains("<badref>"));
    // Dangling globals, comdats, attribute sets and types at module level.
    let mut m = base.clone();
    for gv in m.globals.values_mut() {
        gv.comdat = Some(crate::ir::module::ComdatId::new(55));
        if let crate::ir::module::GlobalKind::Var(v) = &mut gv.kind {
            v.init = Some(ConstId::new(9_999_999));
            v.attrs = crate::ir::AttrSetId::new(4242);
        }
        if let crate::ir::module::GlobalKind::Func(f) = &mut gv.kind {
            f.ty = crate::ir::TypeId::from_u32(123_456);
            f.fn_attrs = crate::ir::AttrSetId::new(4242);
            f.personality = Some(ConstId::new(8_888_888));
        }
    }
    m.order.push(crate::ir::GlobalId::new(31_337));
    let _ = print_module(&m);
    // Constants that point nowhere.
    let mut m = base;
    let g = m.global_by_name("g").expect("g");
    let bad = m
        .consts
        .intern(crate::ir::TypeId::PTR, ConstKind::BlockAddress { func: g, block: Block::new(5) });
    let agg_ty = m.types.intern(crate::ir::Type::Array { len: 2, elem: crate::ir::TypeId::I8 });
    let agg =
        m.consts.intern(agg_ty, ConstKind::Aggregate(vec![ConstId::new(7_777_777), bad].into()));
    if let crate::ir::module::GlobalKind::Var(v) = &mut m.globals[g].kind {
        v.init = Some(agg);
    }
    let out = print_module(&m);
    assert!(out.contains("blockaddress(@g, <badref>)"), "{out}");
}
