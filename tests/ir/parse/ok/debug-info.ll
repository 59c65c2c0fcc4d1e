; RUN: irplay check %s
; LangRef: Specialized Metadata Nodes (DICompileUnit, DIFile, DIBasicType,
; DISubroutineType, DIDerivedType, DICompositeType, DISubrange,
; DIGenericSubrange, DIEnumerator, DITemplateTypeParameter,
; DITemplateValueParameter, DINamespace, DIGlobalVariable,
; DIGlobalVariableExpression, DISubprogram, DILexicalBlock,
; DILexicalBlockFile, DILocation, DILocalVariable, DIExpression, DIFlags,
; DIObjCProperty, DIImportedEntity, DIMacro, DIMacroFile, DILabel,
; DICommonBlock, DIModule, DIStringType) and !dbg attachments.

source_filename = "debug-info.c"

@counter = global i32 0, align 4, !dbg !30
@split = global i64 0, !dbg !32, !dbg !34

define i32 @main(i32 %argc) !dbg !40 {
entry:
  %argc.addr = alloca i32, align 4
  store i32 %argc, ptr %argc.addr, align 4
    #dbg_declare(ptr %argc.addr, !45, !DIExpression(), !46)
  %v = load i32, ptr %argc.addr, align 4, !dbg !47
  %c = icmp sgt i32 %v, 1, !dbg !48
  br i1 %c, label %then, label %done, !dbg !48

then:
  store i32 %v, ptr @counter, align 4, !dbg !49
  br label %done, !dbg !50

done:
    #dbg_label(!51, !52)
  ret i32 0, !dbg !53
}

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!90, !91, !92}
!llvm.ident = !{!93}
!irplay.keep = !{!80, !81}

!0 = distinct !DICompileUnit(language: DW_LANG_C11, file: !1, producer: "clang version 19", isOptimized: false, flags: "-g -O0", runtimeVersion: 0, splitDebugFilename: "x.dwo", emissionKind: FullDebug, enums: !2, retainedTypes: !3, globals: !4, imports: !5, macros: !6, dwoId: 7, splitDebugInlining: false, debugInfoForProfiling: true, nameTableKind: None, rangesBaseAddress: true, sysroot: "/", sdk: "MacOSX.sdk")
!1 = !DIFile(filename: "debug-info.c", directory: "/src", checksumkind: CSK_MD5, checksum: "000102030405060708090a0b0c0d0e0f")
!2 = !{!10}
!3 = !{!20, !23}
!4 = !{!30, !32, !34}
!5 = !{!60, !61}
!6 = !{!70}
!7 = !DIFile(filename: "other.h", directory: "/src/include", source: "int x;\0A")
!8 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!9 = !DIBasicType(name: "unsigned char", size: 8, align: 8, encoding: DW_ATE_unsigned_char, flags: DIFlagBigEndian)
!10 = !DICompositeType(tag: DW_TAG_enumeration_type, name: "Color", file: !1, line: 3, baseType: !11, size: 32, elements: !12, identifier: "_ZTS5Color", flags: DIFlagEnumClass)
!11 = !DIBasicType(name: "unsigned int", size: 32, encoding: DW_ATE_unsigned)
!12 = !{!13, !14, !15}
!13 = !DIEnumerator(name: "Red", value: 0, isUnsigned: true)
!14 = !DIEnumerator(name: "Green", value: 1, isUnsigned: true)
!15 = !DIEnumerator(name: "Big", value: 4294967295, isUnsigned: true)
!16 = !DIBasicType(tag: DW_TAG_unspecified_type, name: "decltype(nullptr)")
!17 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !8, size: 64)
!18 = !DIDerivedType(tag: DW_TAG_const_type, baseType: !8)
!19 = !DIDerivedType(tag: DW_TAG_typedef, name: "myint", file: !1, line: 2, baseType: !18)
!20 = distinct !DICompositeType(tag: DW_TAG_structure_type, name: "Point", file: !1, line: 5, size: 64, elements: !21, templateParams: !26, identifier: "_ZTS5Point")
!21 = !{!22, !24, !25}
!22 = !DIDerivedType(tag: DW_TAG_member, name: "x", scope: !20, file: !1, line: 6, baseType: !8, size: 32)
!23 = !DICompositeType(tag: DW_TAG_array_type, baseType: !8, size: 320, elements: !28)
!24 = !DIDerivedType(tag: DW_TAG_member, name: "y", scope: !20, file: !1, line: 7, baseType: !8, size: 16, offset: 32, flags: DIFlagBitField, extraData: i64 32)
!25 = !DIDerivedType(tag: DW_TAG_member, name: "p", scope: !20, file: !1, line: 8, baseType: !17, size: 64, offset: 64, flags: DIFlagPrivate | DIFlagArtificial)
!26 = !{!27, !29}
!27 = !DITemplateTypeParameter(name: "T", type: !8)
!28 = !{!DISubrange(count: 10, lowerBound: 0), !DISubrange(count: -1), !DIGenericSubrange(count: !DIExpression(DW_OP_constu, 4), lowerBound: !DIExpression(DW_OP_constu, 0), stride: !DIExpression(DW_OP_constu, 4))}
!29 = !DITemplateValueParameter(name: "N", type: !8, value: i32 7)
!30 = !DIGlobalVariableExpression(var: !31, expr: !DIExpression())
!31 = distinct !DIGlobalVariable(name: "counter", scope: !0, file: !1, line: 10, type: !8, isLocal: false, isDefinition: true, align: 32)
!32 = !DIGlobalVariableExpression(var: !33, expr: !DIExpression(DW_OP_LLVM_fragment, 0, 32))
!33 = distinct !DIGlobalVariable(name: "split", linkageName: "split64", scope: !0, file: !1, line: 11, type: !38, isLocal: true, isDefinition: true)
!34 = !DIGlobalVariableExpression(var: !33, expr: !DIExpression(DW_OP_LLVM_fragment, 32, 32))
!35 = !DINamespace(name: "ns", scope: null, exportSymbols: true)
!36 = !DIModule(scope: null, name: "Mod", configMacros: "-DX", includePath: "/inc", apinotes: "m.apinotes")
!37 = !DIStringType(name: "character(*)", stringLength: !45, stringLengthExpression: !DIExpression(), size: 32)
!38 = !DIBasicType(name: "long long", size: 64, encoding: DW_ATE_signed)
!39 = !DISubroutineType(types: !{!8, !8})
!40 = distinct !DISubprogram(name: "main", linkageName: "main", scope: !1, file: !1, line: 20, type: !39, scopeLine: 21, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition, unit: !0, retainedNodes: !41, thrownTypes: !{!20}, annotations: !{!{!"key", !"value"}}, targetFuncName: "main")
!41 = !{!45}
!42 = distinct !DILexicalBlock(scope: !40, file: !1, line: 22, column: 3)
!43 = !DILexicalBlockFile(scope: !42, file: !7, discriminator: 1)
!44 = distinct !DISubprogram(name: "helper", scope: !35, file: !1, line: 30, type: !39, spFlags: DISPFlagLocalToUnit | DISPFlagDefinition | DISPFlagOptimized, unit: !0, templateParams: !26, declaration: !54)
!45 = !DILocalVariable(name: "argc", arg: 1, scope: !40, file: !1, line: 20, type: !8, flags: DIFlagArtificial | DIFlagObjectPointer, align: 32, annotations: !{!{!"a", !"b"}})
!46 = !DILocation(line: 20, column: 14, scope: !40)
!47 = !DILocation(line: 22, column: 7, scope: !42)
!48 = !DILocation(line: 22, column: 12, scope: !43)
!49 = !DILocation(line: 23, column: 5, scope: !42, isImplicitCode: true)
!50 = !DILocation(line: 24, scope: !40, inlinedAt: !55)
!51 = !DILabel(scope: !40, name: "done", file: !1, line: 25)
!52 = !DILocation(line: 25, column: 1, scope: !40)
!53 = !DILocation(line: 26, column: 3, scope: !40)
!54 = !DISubprogram(name: "helper", scope: !35, file: !1, line: 30, type: !39, spFlags: DISPFlagPureVirtual, virtualIndex: 2, containingType: !20)
!55 = distinct !DILocation(line: 40, column: 2, scope: !40)
!56 = !DIObjCProperty(name: "foo", file: !1, line: 7, setter: "setFoo", getter: "getFoo", attributes: 7, type: !8)
!57 = !DICommonBlock(scope: !40, declaration: !31, name: "blk", file: !1, line: 3)
!58 = !DIDerivedType(tag: DW_TAG_ptr_to_member_type, baseType: !8, extraData: !20, size: 64)
!59 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !8, size: 64, dwarfAddressSpace: 1, ptrAuthKey: 1, ptrAuthIsAddressDiscriminated: true, ptrAuthExtraDiscriminator: 42)
!60 = !DIImportedEntity(tag: DW_TAG_imported_module, scope: !0, entity: !35, file: !1, line: 2)
!61 = !DIImportedEntity(tag: DW_TAG_imported_declaration, name: "bar", scope: !0, entity: !44, file: !1, line: 3, elements: !{})
!70 = !DIMacroFile(line: 0, file: !1, nodes: !{!71, !72, !73})
!71 = !DIMacro(type: DW_MACINFO_define, line: 7, name: "foo(x)", value: "((x) + 1)")
!72 = !DIMacro(type: DW_MACINFO_undef, line: 30, name: "foo")
!73 = !DIMacroFile(file: !7, nodes: !{})
!80 = !{!35, !36, !37, !56, !57, !58, !59, !16, !19, !9}
!81 = !{!DIExpression(DW_OP_deref), !DIExpression(DW_OP_plus_uconst, 3), !DIExpression(DW_OP_constu, 3, DW_OP_plus), !DIExpression(DW_OP_deref, DW_OP_constu, 3, DW_OP_plus, DW_OP_LLVM_fragment, 3, 7), !DIExpression(DW_OP_constu, 2, DW_OP_swap, DW_OP_xderef), !DIExpression(DW_OP_constu, 42, DW_OP_stack_value), !DIExpression(DW_OP_LLVM_entry_value, 1), !DIExpression(DW_OP_LLVM_convert, 32, DW_ATE_signed, DW_OP_LLVM_convert, 64, DW_ATE_signed), !DIExpression(DW_OP_LLVM_tag_offset, 0), !DIExpression(DW_OP_LLVM_implicit_pointer), !DIExpression(DW_OP_consts, 18446744073709551615, DW_OP_minus), !DIExpression(DW_OP_lit0, DW_OP_not, DW_OP_or, DW_OP_and, DW_OP_xor, DW_OP_shl, DW_OP_shr, DW_OP_shra, DW_OP_mul, DW_OP_div, DW_OP_mod, DW_OP_dup, DW_OP_over, DW_OP_push_object_address, DW_OP_breg0, 8, DW_OP_bregx, 3, 8, DW_OP_regx, 5), !DIExpression(DW_OP_LLVM_extract_bits_zext, 4, 8)}
!90 = !{i32 7, !"Dwarf Version", i32 5}
!91 = !{i32 2, !"Debug Info Version", i32 3}
!92 = !{i32 1, !"wchar_size", i32 4}
!93 = !{!"clang version 19"}
