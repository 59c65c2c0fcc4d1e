//! Unit tests: each record's defaults in both directions, the older layouts LLVM 19 still
//! reads, enumerator widths, expression printing and flag splitting. The expected forms are
//! what `llvm-dis-19` printed and `llvm-as-19` wrote for the same records (checked with
//! `llvm-bcanalyzer-19 -dump`); the integration test `core/tests/bitcode_di.rs` runs the tools.

use super::*;
use crate::bitcode::codes::metadata as c;
use crate::ir::EntityRef;

/// A module with strings `"s0"`..`"s4"` as metadata ids 0..4 and nodes as ids 5..9.
fn fixture() -> (Module, Vec<Metadata>) {
    let mut m = Module::default();
    let mut ids = Vec::new();
    for i in 0..5 {
        ids.push(Metadata::String(m.symbols.intern(&format!("s{i}"))));
    }
    for _ in 0..5 {
        let tuple = MdNodeKind::Tuple(Box::new([]));
        ids.push(Metadata::Node(m.metadata.push(MdNode {
            distinct: false,
            kind: tuple,
            number: None,
        })));
    }
    (m, ids)
}

/// The node as `llvm-dis-19` would print it (nodes as `!<metadata id>`).
fn render(m: &Module, ids: &[Metadata], kind: &MdNodeKind) -> String {
    let MdNodeKind::Record { name, fields } = kind else { return format!("{kind:?}") };
    let md = |x: &Metadata| match x {
        Metadata::Null => "null".to_string(),
        Metadata::String(s) => format!("!{:?}", m.symbols.get(*s)),
        Metadata::Node(_) | Metadata::Value(_) => match ids.iter().position(|y| y == x) {
            Some(i) => format!("!{i}"),
            None => format!("{x:?}"),
        },
    };
    let parts: Vec<String> = fields
        .iter()
        .map(|f| {
            let v = match &f.value {
                MdField::Md(x) => md(x),
                MdField::Int(s) | MdField::Words(s) => m.symbols.get(*s).to_string(),
                MdField::Str(s) => format!("{:?}", m.symbols.get(*s)),
                MdField::Value(c) => format!("value {}", c.index()),
            };
            match f.name {
                Some(n) => format!("{}: {v}", m.symbols.get(n)),
                None => v,
            }
        })
        .collect();
    format!("!{}({})", m.symbols.get(*name), parts.join(", "))
}

fn dec(code: u32, ops: &[u64]) -> String {
    let (mut m, ids) = fixture();
    let resolve = |k: u64| ids.get(k as usize).copied();
    match decode(code, ops, &mut m, &resolve) {
        Ok((d, kind)) => format!("{}{}", if d { "distinct " } else { "" }, render(&m, &ids, &kind)),
        Err(e) => format!("error: {e}"),
    }
}

/// Parses `!Name(field: value, ...)` in the subset these tests use (values: `!N` metadata
/// ids, `null`, `"str"`, integers, keywords) into a record of the fixture module.
fn record(m: &mut Module, ids: &[Metadata], text: &str) -> MdNodeKind {
    let (name, body) = text.trim_start_matches('!').split_once('(').unwrap_or((text, ")"));
    let body = body.strip_suffix(')').unwrap_or(body);
    let mut fields = Vec::new();
    for part in body.split(", ").filter(|p| !p.is_empty()) {
        let (fname, v) = match part.split_once(": ") {
            Some((f, v)) => (Some(m.symbols.intern(f)), v),
            None => (None, part),
        };
        let value = if v == "null" {
            MdField::Md(Metadata::Null)
        } else if let Some(n) = v.strip_prefix('!') {
            MdField::Md(ids[n.parse::<usize>().unwrap_or(0)])
        } else if let Some(s) = v.strip_prefix('"') {
            MdField::Str(m.symbols.intern(s.trim_end_matches('"')))
        } else if (v.starts_with(|c: char| c.is_ascii_digit() || c == '-')
            || v.starts_with("s0x")
            || v.starts_with("u0x"))
            && !v.contains(' ')
        {
            MdField::Int(m.symbols.intern(v))
        } else {
            MdField::Words(m.symbols.intern(v))
        };
        fields.push(MdRecordField { name: fname, value });
    }
    MdNodeKind::Record { name: m.symbols.intern(name), fields: fields.into() }
}

fn enc(distinct: bool, text: &str) -> Result<(u32, Vec<u64>), String> {
    let (mut m, ids) = fixture();
    let kind = record(&mut m, &ids, text);
    let number = |x: Metadata| ids.iter().position(|y| *y == x).map(|i| i as u64);
    encode(distinct, &kind, &m, &number, &|_| None)
}

#[test]
fn missing_fields_take_llvm_defaults() {
    let cases: &[(&str, u32, &[u64])] = &[
        ("!DILocation(scope: !5)", c::METADATA_LOCATION, &[0, 0, 0, 5, 0, 0]),
        ("!DIBasicType()", c::METADATA_BASIC_TYPE, &[0, 0x24, 0, 0, 0, 0, 0]),
        ("!DIStringType()", c::METADATA_STRING_TYPE, &[0, 0x12, 0, 0, 0, 0, 0, 0, 0]),
        ("!DISubrange()", c::METADATA_SUBRANGE, &[4, 0, 0, 0, 0]),
        ("!DIGenericSubrange()", c::METADATA_GENERIC_SUBRANGE, &[0, 0, 0, 0, 0]),
        ("!DIDerivedType(tag: DW_TAG_member, baseType: null)", c::METADATA_DERIVED_TYPE, &[0, 0x0d, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]),
        ("!DICompositeType(tag: DW_TAG_structure_type)", c::METADATA_COMPOSITE_TYPE, &[2, 0x13, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]),
        ("!DISubroutineType(types: null)", c::METADATA_SUBROUTINE_TYPE, &[2, 0, 0, 0]),
        ("!DIFile(filename: \"s1\", directory: \"\")", c::METADATA_FILE, &[0, 2, 0, 0, 0]),
        ("!DICompileUnit(language: DW_LANG_C, file: !5)", c::METADATA_COMPILE_UNIT, &[1, 2, 6, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0]),
        // Without spFlags the old fields decide, and isDefinition defaults to true.
        ("!DISubprogram()", c::METADATA_SUBPROGRAM, &[6, 0, 0, 0, 0, 0, 0, 0, 0, 8, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]),
        ("!DISubprogram(isLocal: true, isDefinition: false, isOptimized: true, virtuality: DW_VIRTUALITY_pure_virtual)", c::METADATA_SUBPROGRAM, &[6, 0, 0, 0, 0, 0, 0, 0, 0, 0x16, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]),
        ("!DILexicalBlock(scope: !5)", c::METADATA_LEXICAL_BLOCK, &[0, 6, 0, 0, 0]),
        ("!DILexicalBlockFile(scope: !5, discriminator: 0)", c::METADATA_LEXICAL_BLOCK_FILE, &[0, 6, 0, 0]),
        ("!DICommonBlock(scope: null)", c::METADATA_COMMON_BLOCK, &[0, 0, 0, 0, 0, 0]),
        ("!DINamespace(scope: null, exportSymbols: true)", c::METADATA_NAMESPACE, &[2, 0, 0]),
        ("!DIModule(scope: null, name: \"s0\")", c::METADATA_MODULE, &[0, 0, 0, 1, 0, 0, 0, 0, 0]),
        ("!DIMacro(type: DW_MACINFO_define, name: \"s0\")", c::METADATA_MACRO, &[0, 1, 0, 1, 0]),
        ("!DIMacroFile(file: null)", c::METADATA_MACRO_FILE, &[0, 3, 0, 0, 0]),
        ("!DITemplateTypeParameter(type: null)", c::METADATA_TEMPLATE_TYPE, &[0, 0, 0, 0]),
        ("!DITemplateValueParameter(value: null)", c::METADATA_TEMPLATE_VALUE, &[0, 0x30, 0, 0, 0, 0]),
        ("!DIGlobalVariable()", c::METADATA_GLOBAL_VAR, &[4, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0]),
        ("!DILocalVariable(scope: !5)", c::METADATA_LOCAL_VAR, &[2, 6, 0, 0, 0, 0, 0, 0, 0, 0]),
        ("!DILabel(scope: !5, name: \"s0\", file: null, line: 0)", c::METADATA_LABEL, &[0, 6, 1, 0, 0]),
        ("!DIGlobalVariableExpression(var: null, expr: null)", c::METADATA_GLOBAL_VAR_EXPR, &[0, 0, 0]),
        ("!DIObjCProperty()", c::METADATA_OBJC_PROPERTY, &[0, 0, 0, 0, 0, 0, 0, 0]),
        ("!DIImportedEntity(tag: DW_TAG_imported_module, scope: null)", c::METADATA_IMPORTED_ENTITY, &[0, 0x3a, 0, 0, 0, 0, 0, 0]),
        ("!DIAssignID()", c::METADATA_ASSIGN_ID, &[1]),
        ("!DIExpression()", c::METADATA_EXPRESSION, &[6]),
        ("!GenericDINode(tag: DW_TAG_entry_point)", c::METADATA_GENERIC_DEBUG, &[0, 3, 0, 0]),
    ];
    for (text, code, ops) in cases {
        let distinct = text.contains("DIAssignID");
        assert_eq!(enc(distinct, text), Ok((*code, ops.to_vec())), "{text}");
    }
}

#[test]
fn default_operands_print_only_what_llvm_prints() {
    let cases: &[(u32, &[u64], &str)] = &[
        (c::METADATA_LOCATION, &[0, 0, 0, 5, 0, 0], "!DILocation(line: 0, scope: !5)"),
        (c::METADATA_BASIC_TYPE, &[0, 0x24, 0, 0, 0, 0, 0], "!DIBasicType()"),
        (c::METADATA_STRING_TYPE, &[0, 0x12, 0, 0, 0, 0, 0, 0, 0], "!DIStringType()"),
        (c::METADATA_SUBRANGE, &[4, 0, 0, 0, 0], "!DISubrange()"),
        (c::METADATA_DERIVED_TYPE, &[0, 0x0d, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], "!DIDerivedType(tag: DW_TAG_member, baseType: null)"),
        (c::METADATA_COMPOSITE_TYPE, &[2; 22], "!DICompositeType(tag: DW_TAG_class_type, name: \"s1\", scope: !\"s1\", file: !\"s1\", line: 2, baseType: !\"s1\", size: 2, align: 2, offset: 2, flags: DIFlagProtected, elements: !\"s1\", runtimeLang: DW_LANG_C, vtableHolder: !\"s1\", templateParams: !\"s1\", identifier: \"s1\", discriminator: !\"s1\", dataLocation: !\"s1\", associated: !\"s1\", allocated: !\"s1\", rank: !\"s1\", annotations: !\"s1\")"),
        (c::METADATA_SUBROUTINE_TYPE, &[2, 0, 0, 0], "!DISubroutineType(types: null)"),
        (c::METADATA_FILE, &[0, 0, 0, 0, 0], "!DIFile(filename: \"\", directory: \"\")"),
        (c::METADATA_FILE, &[0, 1, 2, 1, 3, 4], "!DIFile(filename: \"s0\", directory: \"s1\", checksumkind: CSK_MD5, checksum: \"s2\", source: \"s3\")"),
        (c::METADATA_COMPILE_UNIT, &[1, 2, 6, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0], "distinct !DICompileUnit(language: DW_LANG_C, file: !5, isOptimized: false, runtimeVersion: 0, emissionKind: NoDebug)"),
        (c::METADATA_SUBPROGRAM, &[6, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], "!DISubprogram(scope: null, spFlags: 0)"),
        (c::METADATA_SUBPROGRAM, &[6, 0, 0, 0, 0, 0, 0, 0, 0, 9, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], "distinct !DISubprogram(scope: null, virtualIndex: 0, spFlags: DISPFlagVirtual | DISPFlagDefinition)"),
        (c::METADATA_SUBPROGRAM, &[6, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, (-8i64) as u64, 0, 0, 0], "!DISubprogram(scope: null, thisAdjustment: -8, spFlags: 0)"),
        (c::METADATA_LEXICAL_BLOCK_FILE, &[0, 6, 0, 0], "!DILexicalBlockFile(scope: !5, discriminator: 0)"),
        (c::METADATA_NAMESPACE, &[2, 0, 0], "!DINamespace(scope: null, exportSymbols: true)"),
        (c::METADATA_MACRO_FILE, &[0, 3, 0, 0, 0], "!DIMacroFile(file: null)"),
        (c::METADATA_TEMPLATE_VALUE, &[0, 0x30, 0, 0, 0, 0], "!DITemplateValueParameter(value: null)"),
        (c::METADATA_GLOBAL_VAR, &[4, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0], "!DIGlobalVariable(scope: null, isLocal: false, isDefinition: true)"),
        (c::METADATA_LOCAL_VAR, &[2, 6, 0, 0, 0, 0, 0, 0, 0, 0], "!DILocalVariable(scope: !5)"),
        (c::METADATA_IMPORTED_ENTITY, &[0, 0x3a, 0, 0, 0, 0, 0, 0], "!DIImportedEntity(tag: DW_TAG_imported_module, scope: null)"),
        (c::METADATA_ASSIGN_ID, &[1], "distinct !DIAssignID()"),
        (c::METADATA_EXPRESSION, &[6], "!DIExpression()"),
        (c::METADATA_GENERIC_DEBUG, &[0, 60000, 0, 0], "!GenericDINode(tag: 60000)"),
    ];
    for (code, ops, want) in cases {
        assert_eq!(dec(*code, ops), *want, "{ops:?}");
    }
}

#[test]
fn older_layouts_read_as_llvm_19_reads_them() {
    let cases: &[(u32, &[u64], &str)] = &[
        // LLVM 3.x-4: no isImplicitCode.
        (c::METADATA_LOCATION, &[1, 3, 4, 5, 0], "distinct !DILocation(line: 3, column: 4, scope: !5)"),
        // LLVM 14-18: annotations at 13 and no pointer authentication: both dropped.
        (c::METADATA_DERIVED_TYPE, &[0, 0x0d, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 3, 7], "!DIDerivedType(tag: DW_TAG_member, baseType: null, dwarfAddressSpace: 2)"),
        (c::METADATA_BASIC_TYPE, &[0, 0x24, 1, 32, 0, 5], "!DIBasicType(name: \"s0\", size: 32, encoding: DW_ATE_signed)"),
        (c::METADATA_STRING_TYPE, &[0, 0x12, 1, 6, 7, 8, 0, 0], "!DIStringType(name: \"s0\", stringLength: !5, stringLengthExpression: !6, size: 8)"),
        (c::METADATA_FILE, &[0, 1, 2], "!DIFile(filename: \"s0\", directory: \"s1\")"),
        // A compile unit of 14 operands: splitDebugInlining defaults to true.
        (c::METADATA_COMPILE_UNIT, &[1, 12, 6, 0, 1, 0, 0, 0, 1, 0, 0, 0, 0, 0], "distinct !DICompileUnit(language: DW_LANG_C99, file: !5, isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug)"),
        // Before spFlags (LLVM 7): isLocal, isDefinition, virtuality, isOptimized, and the unit.
        (c::METADATA_SUBPROGRAM, &[3, 6, 1, 0, 6, 7, 0, 1, 1, 8, 0, 1, 0, 256, 1, 6, 0, 0, 0, 0, 0], "distinct !DISubprogram(name: \"s0\", scope: !5, file: !5, line: 7, scopeLine: 8, virtualIndex: 0, flags: DIFlagPrototyped, spFlags: DISPFlagVirtual | DISPFlagLocalToUnit | DISPFlagDefinition | DISPFlagOptimized, unit: !5)"),
        // DIFlagMainSubprogram (bit 21) moved to spFlags.
        (c::METADATA_SUBPROGRAM, &[7, 0, 0, 0, 0, 0, 0, 0, 0, 8, 0, 1 << 21, 0, 0, 0, 0, 0, 0], "distinct !DISubprogram(scope: null, spFlags: DISPFlagDefinition | DISPFlagMainSubprogram)"),
        (c::METADATA_NAMESPACE, &[3, 6, 7, 1, 9], "distinct !DINamespace(name: \"s0\", scope: !5, exportSymbols: true)"),
        (c::METADATA_MODULE, &[0, 6, 1, 2, 3, 4], "!DIModule(scope: !5, name: \"s0\", configMacros: \"s1\", includePath: \"s2\", apinotes: \"s3\")"),
        (c::METADATA_TEMPLATE_TYPE, &[0, 1, 6], "!DITemplateTypeParameter(name: \"s0\", type: !5)"),
        (c::METADATA_TEMPLATE_VALUE, &[0, 0x30, 1, 6, 7], "!DITemplateValueParameter(name: \"s0\", type: !5, value: !6)"),
        // Version 1: the old variable at 9, the declaration at 10.
        (c::METADATA_GLOBAL_VAR, &[2, 6, 1, 0, 0, 3, 0, 1, 1, 9, 7, 32], "!DIGlobalVariable(name: \"s0\", scope: !5, line: 3, isLocal: true, isDefinition: true, declaration: !6, align: 32)"),
        (c::METADATA_GLOBAL_VAR, &[0, 6, 1, 0, 0, 3, 0, 1, 1, 9, 7, 32], "error: a DIGlobalVariable of LLVM 3.9 or older (version 0) is not read"),
        // With the artificial tag of LLVM 3.x at 1, and without alignment.
        (c::METADATA_LOCAL_VAR, &[0, 0x100, 6, 1, 0, 4, 0, 2, 64], "!DILocalVariable(name: \"s0\", arg: 2, scope: !5, line: 4, flags: DIFlagArtificial)"),
        (c::METADATA_LOCAL_VAR, &[0, 6, 1, 0, 4, 0, 2, 64], "!DILocalVariable(name: \"s0\", arg: 2, scope: !5, line: 4, flags: DIFlagArtificial)"),
        (c::METADATA_IMPORTED_ENTITY, &[0, 8, 6, 7, 5, 1], "!DIImportedEntity(tag: DW_TAG_imported_declaration, name: \"s0\", scope: !5, entity: !6)"),
        (c::METADATA_IMPORTED_ENTITY, &[0, 8, 6, 7, 5, 1, 6], "!DIImportedEntity(tag: DW_TAG_imported_declaration, name: \"s0\", scope: !5, entity: !6, file: !5, line: 5)"),
        // DISubrange versions 0 (count an integer, lower bound signed) and 1.
        (c::METADATA_SUBRANGE, &[0, 7, 3], "!DISubrange(count: 7, lowerBound: -1)"),
        (c::METADATA_SUBRANGE, &[2, 6, 0], "!DISubrange(count: !5, lowerBound: 0)"),
        (c::METADATA_SUBRANGE, &[6, 6, 0], "error: invalid !DISubrange record (3 operands)"),
        // DIEnumerator before LLVM 8: a signed 64-bit value.
        (c::METADATA_ENUMERATOR, &[0, 9, 1], "!DIEnumerator(name: \"s0\", value: -4)"),
        (c::METADATA_ENUMERATOR, &[2, 9, 1], "!DIEnumerator(name: \"s0\", value: 18446744073709551612, isUnsigned: true)"),
        // DIExpression versions 0-2: bit_piece, a leading deref, DW_OP_plus/minus with operands.
        (c::METADATA_EXPRESSION, &[0, 0x9d, 0, 8], "!DIExpression(DW_OP_LLVM_fragment, 0, 8)"),
        (c::METADATA_EXPRESSION, &[2, 0x06, 0x22, 4, 0x1000, 0, 8], "!DIExpression(DW_OP_plus_uconst, 4, DW_OP_deref, DW_OP_LLVM_fragment, 0, 8)"),
        (c::METADATA_EXPRESSION, &[4, 0x1c, 3], "!DIExpression(DW_OP_constu, 3, DW_OP_minus)"),
        (c::METADATA_EXPRESSION, &[8], "error: unknown DIExpression version 4"),
        (c::METADATA_ASSIGN_ID, &[0], "error: a DIAssignID must be distinct"),
        (c::METADATA_LOCATION, &[0, 1], "error: invalid !DILocation record (2 operands)"),
        (c::METADATA_LOCATION, &[0, 1, 2, 99, 0], "error: metadata reference 99 is out of range"),
        (c::METADATA_BASIC_TYPE, &[0, 0x24, 6, 0, 0, 0], "error: metadata 5 is not a string"),
    ];
    for (code, ops, want) in cases {
        assert_eq!(dec(*code, ops), *want, "{ops:?}");
    }
}

#[test]
fn enumerators_take_the_width_llvm_as_gives_them() {
    // Operands llvm-as-19 wrote (llvm-bcanalyzer-19 -dump), name string at id 0.
    let cases: &[(&str, &[u64])] = &[
        ("value: 5", &[4, 4, 1, 10]),
        ("value: -1", &[4, 1, 1, 2]),
        ("value: 5, isUnsigned: true", &[6, 3, 1, 10]),
        ("value: 123456789012345678901234567890", &[4, 98, 1, 8725792599744571997, 13385211884]),
        ("value: 0", &[4, 1, 1, 0]),
        ("value: s0xFF", &[4, 8, 1, 510]),
        ("value: u0xFF", &[4, 9, 1, 510]),
    ];
    for (fields, ops) in cases {
        let text = format!("!DIEnumerator(name: \"s0\", {fields})");
        assert_eq!(enc(false, &text), Ok((c::METADATA_ENUMERATOR, ops.to_vec())), "{text}");
    }
    assert_eq!(
        dec(c::METADATA_ENUMERATOR, &[4, 8, 1, 510]),
        "!DIEnumerator(name: \"s0\", value: -1)"
    );
    assert_eq!(
        dec(c::METADATA_ENUMERATOR, &[4, 9, 1, 510]),
        "!DIEnumerator(name: \"s0\", value: 255)"
    );
    assert_eq!(
        dec(c::METADATA_ENUMERATOR, &[4, 98, 1, 8725792599744571997, 13385211884]),
        "!DIEnumerator(name: \"s0\", value: 123456789012345678901234567890)"
    );
    assert!(enc(false, "!DIEnumerator(name: \"s0\", value: -1, isUnsigned: true)").is_err());
    assert!(dec(c::METADATA_ENUMERATOR, &[4, 0, 1, 2]).starts_with("error"));
}

#[test]
fn expressions_print_names_only_when_valid() {
    let cases: &[(&[u64], &str)] = &[
        (&[6, 0x31], "!DIExpression(49)"),
        (&[6, 0x16], "!DIExpression(22)"),
        (&[6, 0x9f, 0x22], "!DIExpression(159, 34)"),
        (&[6, 0x1000, 0], "!DIExpression(4096, 0)"),
        (
            &[6, 0x50, 0x35, 0xe9, 1],
            "!DIExpression(DW_OP_reg0, DW_OP_lit5, DW_OP_LLVM_user, DW_OP_LLVM_nop)",
        ),
        (
            &[6, 0x1001, 16, 7, 0x9f],
            "!DIExpression(DW_OP_LLVM_convert, 16, DW_ATE_unsigned, DW_OP_stack_value)",
        ),
        (&[6, 0x1005, 0, 0x1003, 1], "!DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_entry_value, 1)"),
        (&[6, 0x1003, 2], "!DIExpression(4099, 2)"),
        (
            &[7, 0x10, 1, 0x9f, 0x1000, 0, 8],
            "distinct !DIExpression(DW_OP_constu, 1, DW_OP_stack_value, DW_OP_LLVM_fragment, 0, 8)",
        ),
    ];
    for (ops, want) in cases {
        assert_eq!(dec(c::METADATA_EXPRESSION, ops), *want, "{ops:?}");
        let (code, back) = enc(want.starts_with("distinct"), want.trim_start_matches("distinct "))
            .unwrap_or_default();
        assert_eq!((code, back), (c::METADATA_EXPRESSION, ops.to_vec()), "{want}");
    }
}

#[test]
fn flags_split_like_llvm_19() {
    let di = |f: u32| keywords::split_di_flags(f).join(" | ");
    assert_eq!(di(256 | (1 << 6)), "DIFlagArtificial | DIFlagPrototyped");
    assert_eq!(
        di(2 | (2 << 16) | 4 | 32 | (1 << 21)),
        "DIFlagProtected | DIFlagMultipleInheritance | DIFlagIndirectVirtualBase | 2097152"
    );
    assert_eq!(di(1 << 21), "2097152");
    assert_eq!(di(3 | 4), "DIFlagPublic | DIFlagFwdDecl");
    let sp = |f: u32| keywords::split_sp_flags(f).join(" | ");
    assert_eq!(sp(0), "0");
    assert_eq!(
        sp(3 | 8 | (1 << 10)),
        "DISPFlagVirtual | DISPFlagPureVirtual | DISPFlagDefinition | 1024"
    );
    assert_eq!(keywords::parse_flags("DIFlagPublic | DIFlagFwdDecl | 8", false), Ok(15));
    assert!(keywords::parse_flags("DIFlagNope", false).is_err());
}

#[test]
fn every_field_survives_a_round_trip() {
    // Non-default values in every field of every table record: encode then decode gives the
    // same fields back (in LLVM's printed order).
    for layout in table::LAYOUTS {
        let (mut m, ids) = fixture();
        let mut fields = Vec::new();
        for slot in layout.slots {
            let v = match slot.ty {
                Ty::Md | Ty::ExprOrEmpty => "!6",
                Ty::MdRaw => "!7",
                Ty::Str => "\"s2\"",
                Ty::U(_) | Ty::Column => "3",
                Ty::I32 => "-3",
                Ty::Bool if slot.show == Show::Unless(1) => "false",
                Ty::Bool | Ty::Bit(_) => "true",
                Ty::Key(_) if slot.name == "tag" && layout.code == c::METADATA_DERIVED_TYPE => {
                    "DW_TAG_LLVM_ptrauth_type"
                }
                Ty::Key(t) => t.get(1).map(|x| x.1).unwrap_or("1"),
                Ty::Flags => "DIFlagPublic | DIFlagVector",
                Ty::SpFlags => "DISPFlagVirtual | DISPFlagDefinition",
                Ty::Emission => "LineTablesOnly",
                Ty::NameTable => "Apple",
                Ty::Checksum => "CSK_SHA1",
                Ty::Bound | Ty::GenericBound => "!8",
                Ty::AddrSpace => "0",
                Ty::PtrAuth(p) if p.is_bool() => "true",
                Ty::PtrAuth(_) => "5",
            };
            if slot.show != Show::Never {
                fields.push(format!("{}: {v}", slot.name));
            }
        }
        let text = format!("!{}({})", layout.name, fields.join(", "));
        let kind = record(&mut m, &ids, &text);
        let number = |x: Metadata| ids.iter().position(|y| *y == x).map(|i| i as u64);
        let distinct =
            layout.code == c::METADATA_ASSIGN_ID || layout.code == c::METADATA_COMPILE_UNIT;
        let (code, ops) = encode(distinct, &kind, &m, &number, &|_| None)
            .unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(code, layout.code);
        let back = dec(code, &ops);
        let want = format!(
            "{}{text}",
            if distinct || layout.code == c::METADATA_SUBPROGRAM { "distinct " } else { "" }
        );
        assert_eq!(back, want, "{ops:?}");
    }
}

#[test]
fn integers_stored_as_metadata_are_listed_and_numbered_by_the_writer() {
    let (mut m, ids) = fixture();
    let kind = record(&mut m, &ids, "!DISubrange(count: 7, lowerBound: -2, upperBound: !5)");
    assert_eq!(implicit_operands(&kind, &m), vec![Implicit::I64(7), Implicit::I64(-2)]);
    let generic = record(&mut m, &ids, "!DIGenericSubrange(count: 5, stride: !6)");
    assert_eq!(implicit_operands(&generic, &m), vec![Implicit::ConstsExpr(5)]);
    let number = |x: Metadata| ids.iter().position(|y| *y == x).map(|i| i as u64);
    let implicit = |i: Implicit| match i {
        Implicit::I64(7) => Some(20),
        Implicit::I64(-2) => Some(21),
        Implicit::ConstsExpr(5) => Some(22),
        _ => None,
    };
    assert_eq!(
        encode_with(false, &kind, &m, &number, &implicit),
        Ok((c::METADATA_SUBRANGE, vec![4, 21, 22, 6, 0]))
    );
    assert_eq!(
        encode_with(false, &generic, &m, &number, &implicit),
        Ok((c::METADATA_GENERIC_SUBRANGE, vec![0, 23, 0, 0, 7]))
    );
    // Without the writer's numbering, `encode` looks for the constant in the pool.
    assert!(encode(false, &kind, &m, &number, &|_| None).is_err());
    let i64t = m.types.int(64);
    for v in [7, -2] {
        m.consts.int(i64t, crate::ir::ApInt::from_i64(64, v));
    }
    let values: Vec<Metadata> =
        m.consts.iter().map(|(c, _)| Metadata::Value(c)).collect::<Vec<_>>();
    let number2 = |x: Metadata| match x {
        Metadata::Value(_) => values.iter().position(|y| *y == x).map(|i| 100 + i as u64),
        other => number(other),
    };
    assert_eq!(
        encode(false, &kind, &m, &number2, &|_| None),
        Ok((c::METADATA_SUBRANGE, vec![4, 101, 102, 6, 0]))
    );
}

#[test]
fn damaged_records_are_errors_not_panics() {
    // Every record code with every length up to 24 and operands mixing small ids, flags,
    // huge values and references past the end: decode returns, and what it reads encodes.
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let mut decoded = 0;
    for code in 0..=50u32 {
        for len in 0..=24usize {
            for _ in 0..12 {
                let ops: Vec<u64> = (0..len)
                    .map(|_| match next() % 6 {
                        0 => 0,
                        1 => next() % 12,
                        2 => next() % 4,
                        3 => u64::MAX - next() % 3,
                        4 => next() % (1 << 24),
                        _ => next(),
                    })
                    .collect();
                let (mut m, ids) = fixture();
                let resolve = |k: u64| ids.get(k as usize).copied();
                let r = decode(code, &ops, &mut m, &resolve);
                assert!(is_record_code(code) || r.is_err(), "{code} {ops:?}");
                if let Ok((distinct, kind)) = r {
                    decoded += 1;
                    let number = |x: Metadata| ids.iter().position(|y| *y == x).map(|i| i as u64);
                    // Writing back may fail (an integer of a subrange has no constant here),
                    // but must not panic.
                    let _ = encode(distinct, &kind, &m, &number, &|_| None);
                }
            }
        }
    }
    assert!(decoded > 100, "{decoded}");
}
