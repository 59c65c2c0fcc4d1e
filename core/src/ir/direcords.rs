//! The schema of LLVM 19's specialised metadata records (`!DILocation(...)` and the rest).
//!
//! The parser keeps a record generically: its name and each `field: value` as an [`MdField`].
//! This module knows, for every record `llvm-as-19` accepts, which fields it takes, of which
//! kind, with which limits, and which are required, and [`validate_record`] rejects what LLVM
//! 19's parser rejects while reading a record, in its words ("expected unsigned integer",
//! "invalid field 'foo'", "missing required field 'scope'", ...).
//!
//! Only parse-time rules live here. The debug-info verifier's semantic rules (a
//! `DIBasicType`'s tag must be `DW_TAG_base_type`, ...) do not, and neither does the
//! `distinct` requirement, which depends on the node: see [`distinct_requirement`].
//!
//! The table and keyword lists were checked field by field and value by value against
//! `llvm-as-19 -disable-verify` (Debian LLVM 19.1.7) and the LLVM 19 headers.

use crate::ir::metadata::{MdField, Metadata};
use crate::ir::symbol::Interner;

/// A class of keywords (`DW_TAG_*`, `DIFlag*`, emission kinds, ...).
#[derive(Debug)]
pub struct Keywords {
    /// The prefix by which LLVM's lexer classifies a word (`DW_TAG_`); empty for a class of
    /// exact words (emission and name-table kinds).
    pub prefix: &'static str,
    /// The names after the prefix, separated by blanks; `stem#` stands for `stem0`..`stem31`.
    pub names: &'static str,
    /// What LLVM's messages call a keyword of the class (`DWARF tag`).
    pub what: &'static str,
    /// The largest integer accepted in place of a keyword (flags: unused, they take `u32`).
    pub max: u64,
}

impl Keywords {
    /// True when `word` is a keyword of the class.
    pub fn contains(&self, word: &str) -> bool {
        let Some(rest) = word.strip_prefix(self.prefix) else { return false };
        self.names.split_ascii_whitespace().any(|n| match n.strip_suffix('#') {
            Some(stem) => rest.strip_prefix(stem).and_then(small_decimal).is_some_and(|v| v <= 31),
            None => n == rest,
        })
    }

    /// True when LLVM's lexer gives `word` this class's token kind (valid or not).
    fn lexes(&self, word: &str) -> bool {
        if self.prefix.is_empty() {
            self.contains(word)
        } else {
            word.starts_with(self.prefix)
        }
    }
}

/// `"0"`..`"99"` without leading zeros.
fn small_decimal(s: &str) -> Option<u32> {
    let ok = !s.is_empty()
        && s.len() <= 2
        && s.bytes().all(|b| b.is_ascii_digit())
        && (s.len() == 1 || !s.starts_with('0'));
    if ok {
        s.parse().ok()
    } else {
        None
    }
}

/// `DW_TAG_*` (limit `DW_TAG_hi_user`).
pub const DW_TAG: Keywords = Keywords {
    prefix: "DW_TAG_",
    what: "DWARF tag",
    max: 0xffff,
    names: "null array_type class_type entry_point enumeration_type formal_parameter \
        imported_declaration label lexical_block member pointer_type reference_type compile_unit \
        string_type structure_type subroutine_type typedef union_type unspecified_parameters \
        variant common_block common_inclusion inheritance inlined_subroutine module \
        ptr_to_member_type set_type subrange_type with_stmt access_declaration base_type \
        catch_block const_type constant enumerator file_type friend namelist namelist_item \
        packed_type subprogram template_type_parameter template_value_parameter thrown_type \
        try_block variant_part variable volatile_type dwarf_procedure restrict_type interface_type \
        namespace imported_module unspecified_type partial_unit imported_unit condition \
        shared_type type_unit rvalue_reference_type template_alias coarray_type generic_subrange \
        dynamic_type atomic_type call_site call_site_parameter skeleton_unit immutable_type \
        MIPS_loop format_label function_template class_template GNU_BINCL GNU_EINCL \
        GNU_template_template_param GNU_template_parameter_pack GNU_formal_parameter_pack \
        GNU_call_site GNU_call_site_parameter APPLE_property LLVM_ptrauth_type LLVM_annotation \
        SUN_function_template SUN_class_template SUN_struct_template SUN_union_template \
        SUN_indirect_inheritance SUN_codeflags SUN_memop_info SUN_omp_child_func \
        SUN_rtti_descriptor SUN_dtor_info SUN_dtor SUN_f90_interface SUN_fortran_vax_structure \
        SUN_hi ALTIUM_circ_type ALTIUM_mwa_circ_type ALTIUM_rev_carry_type ALTIUM_rom \
        GHS_namespace GHS_using_namespace GHS_using_declaration GHS_template_templ_param \
        UPC_shared_type UPC_strict_type UPC_relaxed PGI_kanji_type PGI_interface_block \
        BORLAND_property BORLAND_Delphi_string BORLAND_Delphi_dynamic_array BORLAND_Delphi_set \
        BORLAND_Delphi_variant",
};

/// `DW_ATE_*` (limit `DW_ATE_hi_user`).
pub const DW_ATE: Keywords = Keywords {
    prefix: "DW_ATE_",
    what: "DWARF type attribute encoding",
    max: 0xff,
    names: "address boolean complex_float float signed signed_char unsigned unsigned_char \
        imaginary_float packed_decimal numeric_string edited signed_fixed unsigned_fixed \
        decimal_float UTF UCS ASCII HP_complex_float HP_float128 HP_complex_float128 \
        HP_floathpintel HP_imaginary_float90 HP_imaginary_float128",
};

/// `DW_LANG_*` (limit `DW_LANG_hi_user`).
pub const DW_LANG: Keywords = Keywords {
    prefix: "DW_LANG_",
    what: "DWARF language",
    max: 0xffff,
    names: "C89 C Ada83 C_plus_plus Cobol74 Cobol85 Fortran77 Fortran90 Pascal83 Modula2 Java \
        C99 Ada95 Fortran95 PLI ObjC ObjC_plus_plus UPC D Python OpenCL Go Modula3 Haskell \
        C_plus_plus_03 C_plus_plus_11 OCaml Rust C11 Swift Julia Dylan C_plus_plus_14 Fortran03 \
        Fortran08 RenderScript BLISS Kotlin Zig Crystal C_plus_plus_17 C_plus_plus_20 C17 \
        Fortran18 Ada2005 Ada2012 HIP Assembly C_sharp Mojo GLSL GLSL_ES HLSL OpenCL_CPP \
        CPP_for_OpenCL SYCL Ruby Move Hylo Mips_Assembler GOOGLE_RenderScript BORLAND_Delphi",
};

/// `DW_VIRTUALITY_*` (limit `DW_VIRTUALITY_max`).
pub const DW_VIRTUALITY: Keywords = Keywords {
    prefix: "DW_VIRTUALITY_",
    what: "DWARF virtuality code",
    max: 2,
    names: "none virtual pure_virtual",
};

/// `DW_CC_*` (limit `DW_CC_hi_user`).
pub const DW_CC: Keywords = Keywords {
    prefix: "DW_CC_",
    what: "DWARF calling convention",
    max: 0xff,
    names: "normal program nocall pass_by_reference pass_by_value GNU_renesas_sh \
        GNU_borland_fastcall_i386 BORLAND_safecall BORLAND_stdcall BORLAND_pascal \
        BORLAND_msfastcall BORLAND_msreturn BORLAND_thiscall BORLAND_fastcall LLVM_vectorcall \
        LLVM_Win64 LLVM_X86_64SysV LLVM_AAPCS LLVM_AAPCS_VFP LLVM_IntelOclBicc \
        LLVM_SpirFunction LLVM_OpenCLKernel LLVM_Swift LLVM_PreserveMost LLVM_PreserveAll \
        LLVM_X86RegCall LLVM_M68kRTD LLVM_PreserveNone LLVM_RISCVVectorCall LLVM_SwiftTail \
        GDB_IBM_OpenCL",
};

/// `DW_MACINFO_*` (limit `DW_MACINFO_vendor_ext`).
pub const DW_MACINFO: Keywords = Keywords {
    prefix: "DW_MACINFO_",
    what: "DWARF macinfo type",
    max: 0xff,
    names: "define undef start_file end_file vendor_ext",
};

/// `DW_OP_*` in `DIExpression` (integers there are plain elements, so `max` is unused).
pub const DW_OP: Keywords = Keywords {
    prefix: "DW_OP_",
    what: "DWARF op",
    max: u64::MAX,
    names: "addr deref const1u const1s const2u const2s const4u const4s const8u const8s constu \
        consts dup drop over pick swap rot xderef abs and div minus mod mul neg not or plus \
        plus_uconst shl shr shra xor bra eq ge gt le lt ne skip lit# reg# breg# regx fbreg bregx \
        piece deref_size xderef_size nop push_object_address call2 call4 call_ref \
        form_tls_address call_frame_cfa bit_piece implicit_value stack_value implicit_pointer \
        addrx constx entry_value const_type regval_type deref_type xderef_type convert \
        reinterpret GNU_push_tls_address HP_is_value HP_fltconst4 HP_fltconst8 HP_mod_range \
        HP_unmod_range HP_tls INTEL_bit_piece WASM_location WASM_location_int APPLE_uninit \
        PGI_omp_thread_num GNU_entry_value GNU_addr_index GNU_const_index LLVM_user \
        LLVM_fragment LLVM_convert LLVM_tag_offset LLVM_entry_value LLVM_implicit_pointer \
        LLVM_arg LLVM_extract_bits_sext LLVM_extract_bits_zext",
};

/// `DIFlag*` (`DIFlagZero` is not accepted by name).
pub const DI_FLAG: Keywords = Keywords {
    prefix: "DIFlag",
    what: "debug info flag",
    max: u32::MAX as u64,
    names: "Private Protected Public FwdDecl AppleBlock ReservedBit4 Virtual Artificial Explicit \
        Prototyped ObjcClassComplete ObjectPointer Vector StaticMember LValueReference \
        RValueReference ExportSymbols SingleInheritance MultipleInheritance VirtualInheritance \
        IntroducedVirtual BitField NoReturn TypePassByValue TypePassByReference EnumClass Thunk \
        NonTrivial BigEndian LittleEndian AllCallsDescribed IndirectVirtualBase",
};

/// `DISPFlag*` (`DISPFlagZero` is not accepted by name).
pub const DISP_FLAG: Keywords = Keywords {
    prefix: "DISPFlag",
    what: "subprogram debug info flag",
    max: u32::MAX as u64,
    names: "Virtual PureVirtual LocalToUnit Definition Optimized Pure Elemental Recursive \
        MainSubprogram Deleted ObjCDirect",
};

/// `DICompileUnit` emission kinds.
pub const EMISSION_KIND: Keywords = Keywords {
    prefix: "",
    what: "emission kind",
    max: 3,
    names: "NoDebug FullDebug LineTablesOnly DebugDirectivesOnly",
};

/// `DICompileUnit` name-table kinds.
pub const NAME_TABLE_KIND: Keywords =
    Keywords { prefix: "", what: "nameTable kind", max: 3, names: "Default GNU None Apple" };

/// `DIFile` checksum kinds.
pub const CHECKSUM_KIND: Keywords =
    Keywords { prefix: "CSK_", what: "checksum kind", max: 0, names: "MD5 SHA1 SHA256" };

/// What a field's value must be.
#[derive(Clone, Copy, Debug)]
pub enum Kind {
    /// An unsigned integer up to the limit.
    Unsigned(u64),
    /// A signed integer within the bounds.
    Signed(i64, i64),
    /// Any integer, of any width (`DIEnumerator`'s `value`).
    AnyInt,
    /// `true` or `false`.
    Bool,
    /// A metadata operand (`!N`, `!"s"`, `!{...}`, a nested record, a typed value), or `null`
    /// when `null` is set.
    Md {
        /// `null` is accepted.
        null: bool,
    },
    /// A string `"..."` (not `!"..."`).
    Str {
        /// `""` is accepted.
        empty: bool,
    },
    /// A signed integer within the bounds, or a metadata operand (`null` when the flag is set).
    SignedOrMd(i64, i64, bool),
    /// A keyword of the class, or an unsigned integer up to the class's limit.
    Keyword(&'static Keywords),
    /// Keywords of the class or unsigned 32-bit integers joined by `|`.
    Flags(&'static Keywords),
    /// A keyword of the class and nothing else (`checksumkind`).
    OnlyKeyword(&'static Keywords),
    /// A brace list of metadata (`GenericDINode`'s `operands: {...}`, no `!`). LLVM rejects
    /// `!{...}` and `!N` here, but once parsed they are nodes like `{...}`, so any node passes.
    MdList,
    /// A `DIExpression` element: a `DW_OP_*` or `DW_ATE_*` keyword or an unsigned integer.
    ExprElement,
    /// A `DIArgList` element: a typed value (`i32 %x`).
    TypedValue,
}

/// One field of a record.
#[derive(Clone, Copy, Debug)]
pub struct FieldSpec {
    /// The field name (`line`).
    pub name: &'static str,
    /// What its value must be.
    pub kind: Kind,
    /// The record is rejected without it.
    pub required: bool,
}

/// One record: its named fields in LLVM's order (which decides which missing required field
/// is reported first), or, for `DIExpression` and `DIArgList`, the kind of its positional
/// elements.
#[derive(Clone, Copy, Debug)]
pub struct RecordSpec {
    /// The record name without `!` (`DILocation`).
    pub name: &'static str,
    /// `Some(kind)` when the record takes unnamed elements of that kind instead of fields.
    pub positional: Option<Kind>,
    /// The named fields.
    pub fields: &'static [FieldSpec],
}

const fn o(name: &'static str, kind: Kind) -> FieldSpec {
    FieldSpec { name, kind, required: false }
}
const fn r(name: &'static str, kind: Kind) -> FieldSpec {
    FieldSpec { name, kind, required: true }
}
const fn rec(name: &'static str, fields: &'static [FieldSpec]) -> RecordSpec {
    RecordSpec { name, positional: None, fields }
}

const U16: Kind = Kind::Unsigned(u16::MAX as u64);
const U32: Kind = Kind::Unsigned(u32::MAX as u64);
const U64: Kind = Kind::Unsigned(u64::MAX);
const LINE: Kind = U32;
const COLUMN: Kind = U16;
const BOOL: Kind = Kind::Bool;
const MD: Kind = Kind::Md { null: true };
const MD_NN: Kind = Kind::Md { null: false };
const STR: Kind = Kind::Str { empty: true };
const SOM: Kind = Kind::SignedOrMd(i64::MIN, i64::MAX, true);
const TAG: Kind = Kind::Keyword(&DW_TAG);
const ATE: Kind = Kind::Keyword(&DW_ATE);
const FLAGS: Kind = Kind::Flags(&DI_FLAG);
const LANG: Kind = Kind::Keyword(&DW_LANG);
const MACINFO: Kind = Kind::Keyword(&DW_MACINFO);

/// Every record LLVM 19 reads in textual IR, with its fields in LLVM's order.
#[rustfmt::skip]
pub const RECORDS: &[RecordSpec] = &[
    rec("DILocation", &[o("line", LINE), o("column", COLUMN), r("scope", MD_NN), o("inlinedAt", MD), o("isImplicitCode", BOOL)]),
    RecordSpec { name: "DIExpression", positional: Some(Kind::ExprElement), fields: &[] },
    rec("DIGlobalVariableExpression", &[r("var", MD), r("expr", MD)]),
    rec("GenericDINode", &[r("tag", TAG), o("header", STR), o("operands", Kind::MdList)]),
    rec("DISubrange", &[o("count", Kind::SignedOrMd(-1, i64::MAX, false)), o("lowerBound", SOM), o("upperBound", SOM),
        o("stride", SOM)]),
    rec("DIGenericSubrange", &[o("count", SOM), o("lowerBound", SOM), o("upperBound", SOM), o("stride", SOM)]),
    rec("DIEnumerator", &[r("name", STR), r("value", Kind::AnyInt), o("isUnsigned", BOOL)]),
    rec("DIBasicType", &[o("tag", TAG), o("name", STR), o("size", U64), o("align", U32), o("encoding", ATE), o("flags", FLAGS)]),
    rec("DIStringType", &[o("tag", TAG), o("name", STR), o("stringLength", MD), o("stringLengthExpression", MD),
        o("stringLocationExpression", MD), o("size", U64), o("align", U32), o("encoding", ATE)]),
    rec("DIDerivedType", &[r("tag", TAG), o("name", STR), o("file", MD), o("line", LINE), o("scope", MD), r("baseType", MD),
        o("size", U64), o("align", U32), o("offset", U64), o("flags", FLAGS), o("extraData", MD), o("dwarfAddressSpace", U32),
        o("annotations", MD), o("ptrAuthKey", Kind::Unsigned(7)), o("ptrAuthIsAddressDiscriminated", BOOL),
        o("ptrAuthExtraDiscriminator", U16), o("ptrAuthIsaPointer", BOOL), o("ptrAuthAuthenticatesNullValues", BOOL)]),
    rec("DICompositeType", &[r("tag", TAG), o("name", STR), o("file", MD), o("line", LINE), o("scope", MD), o("baseType", MD),
        o("size", U64), o("align", U32), o("offset", U64), o("flags", FLAGS), o("elements", MD), o("runtimeLang", LANG),
        o("vtableHolder", MD), o("templateParams", MD), o("identifier", STR), o("discriminator", MD), o("dataLocation", MD),
        o("associated", MD), o("allocated", MD), o("rank", SOM), o("annotations", MD)]),
    rec("DISubroutineType", &[o("flags", FLAGS), o("cc", Kind::Keyword(&DW_CC)), r("types", MD)]),
    rec("DIFile", &[r("filename", STR), r("directory", STR), o("checksumkind", Kind::OnlyKeyword(&CHECKSUM_KIND)),
        o("checksum", STR), o("source", STR)]),
    rec("DICompileUnit", &[r("language", LANG), r("file", MD_NN), o("producer", STR), o("isOptimized", BOOL), o("flags", STR),
        o("runtimeVersion", U32), o("splitDebugFilename", STR), o("emissionKind", Kind::Keyword(&EMISSION_KIND)),
        o("enums", MD), o("retainedTypes", MD), o("globals", MD), o("imports", MD), o("macros", MD), o("dwoId", U64),
        o("splitDebugInlining", BOOL), o("debugInfoForProfiling", BOOL), o("nameTableKind", Kind::Keyword(&NAME_TABLE_KIND)),
        o("rangesBaseAddress", BOOL), o("sysroot", STR), o("sdk", STR)]),
    rec("DISubprogram", &[o("scope", MD), o("name", STR), o("linkageName", STR), o("file", MD), o("line", LINE), o("type", MD),
        o("isLocal", BOOL), o("isDefinition", BOOL), o("scopeLine", LINE), o("containingType", MD),
        o("virtuality", Kind::Keyword(&DW_VIRTUALITY)), o("virtualIndex", U32),
        o("thisAdjustment", Kind::Signed(i32::MIN as i64, i32::MAX as i64)), o("flags", FLAGS),
        o("spFlags", Kind::Flags(&DISP_FLAG)), o("isOptimized", BOOL), o("unit", MD), o("templateParams", MD),
        o("declaration", MD), o("retainedNodes", MD), o("thrownTypes", MD), o("annotations", MD), o("targetFuncName", STR)]),
    rec("DILexicalBlock", &[r("scope", MD_NN), o("file", MD), o("line", LINE), o("column", COLUMN)]),
    rec("DILexicalBlockFile", &[r("scope", MD_NN), o("file", MD), r("discriminator", U32)]),
    rec("DICommonBlock", &[r("scope", MD), o("declaration", MD), o("name", STR), o("file", MD), o("line", LINE)]),
    rec("DINamespace", &[r("scope", MD), o("name", STR), o("exportSymbols", BOOL)]),
    rec("DIMacro", &[r("type", MACINFO), o("line", LINE), r("name", STR), o("value", STR)]),
    rec("DIMacroFile", &[o("type", MACINFO), o("line", LINE), r("file", MD), o("nodes", MD)]),
    rec("DIModule", &[r("scope", MD), r("name", STR), o("configMacros", STR), o("includePath", STR), o("apinotes", STR),
        o("file", MD), o("line", LINE), o("isDecl", BOOL)]),
    rec("DITemplateTypeParameter", &[o("name", STR), r("type", MD), o("defaulted", BOOL)]),
    rec("DITemplateValueParameter", &[o("tag", TAG), o("name", STR), o("type", MD), o("defaulted", BOOL), r("value", MD)]),
    rec("DIGlobalVariable", &[o("name", Kind::Str { empty: false }), o("scope", MD), o("linkageName", STR), o("file", MD),
        o("line", LINE), o("type", MD), o("isLocal", BOOL), o("isDefinition", BOOL), o("templateParams", MD),
        o("declaration", MD), o("align", U32), o("annotations", MD)]),
    rec("DILocalVariable", &[r("scope", MD_NN), o("name", STR), o("arg", U16), o("file", MD), o("line", LINE), o("type", MD),
        o("flags", FLAGS), o("align", U32), o("annotations", MD)]),
    rec("DILabel", &[r("scope", MD_NN), r("name", STR), r("file", MD), r("line", LINE)]),
    rec("DIObjCProperty", &[o("name", STR), o("file", MD), o("line", LINE), o("setter", STR), o("getter", STR),
        o("attributes", U32), o("type", MD)]),
    rec("DIImportedEntity", &[r("tag", TAG), r("scope", MD), o("entity", MD), o("file", MD), o("line", LINE), o("name", STR),
        o("elements", MD)]),
    rec("DIAssignID", &[]),
    RecordSpec { name: "DIArgList", positional: Some(Kind::TypedValue), fields: &[] },
];

/// The record named `name`, if LLVM 19 knows it.
pub fn record(name: &str) -> Option<&'static RecordSpec> {
    RECORDS.iter().find(|r| r.name == name)
}

/// True when `name` is a record LLVM 19 knows. (`DIArgList` is one, though LLVM reads it only
/// as a function-local metadata argument, not as a numbered node.)
pub fn is_known_record(name: &str) -> bool {
    record(name).is_some()
}

/// Checks one record; `Err((field_index_or_None, message))` uses LLVM 19's wording where it has one.
///
/// # Errors
/// The first problem LLVM 19's parser would report, in its order: per field in written order
/// (label, name, repetition, value), then missing required fields, then cross-field rules.
///
/// `fields` are the record's fields in written order (`None` names for positional elements).
/// The index is that of the offending field; `None` for a missing field, a rule joining two
/// fields, or an unknown record.
pub fn validate_record(
    name: &str,
    fields: &[(Option<&str>, &FieldValue<'_>)],
) -> Result<(), (Option<usize>, String)> {
    let spec = record(name).ok_or((None, "expected metadata type".to_string()))?;
    if let Some(kind) = spec.positional {
        for (i, (label, value)) in fields.iter().enumerate() {
            let r = if label.is_some() {
                check_one(kind, "", Tok::Other)
            } else {
                check(kind, "", value)
            };
            r.map_err(|m| (Some(i), m))?;
        }
        return Ok(());
    }
    if spec.fields.is_empty() && !fields.is_empty() {
        return Err((Some(0), "expected ')' here".into()));
    }
    let mut seen = vec![false; spec.fields.len()];
    for (i, (label, value)) in fields.iter().enumerate() {
        let Some(label) = label else { return Err((Some(i), "expected field label here".into())) };
        let Some(k) = spec.fields.iter().position(|f| f.name == *label) else {
            return Err((Some(i), format!("invalid field '{label}'")));
        };
        if let Some(slot) = seen.get_mut(k) {
            if *slot {
                return Err((
                    Some(i),
                    format!("field '{label}' cannot be specified more than once"),
                ));
            }
            *slot = true;
        }
        if let Some(f) = spec.fields.get(k) {
            check(f.kind, f.name, value).map_err(|m| (Some(i), m))?;
        }
    }
    for (f, seen) in spec.fields.iter().zip(&seen) {
        if f.required && !seen {
            return Err((None, format!("missing required field '{}'", f.name)));
        }
    }
    cross_checks(name, fields).map_err(|m| (None, m.to_string()))
}

/// LLVM's message when a record of this shape must be `distinct`: always for `DICompileUnit`
/// and `DIAssignID`, and for a `DISubprogram` that is a definition (`spFlags` with
/// `DISPFlagDefinition`, or no `spFlags` and `isDefinition` not `false`). The caller reports it
/// for a node written without `distinct`; LLVM does so before checking the fields of the first
/// two and after those of `DISubprogram`.
pub fn distinct_requirement(
    name: &str,
    fields: &[(Option<&str>, &FieldValue<'_>)],
) -> Option<&'static str> {
    match name {
        "DICompileUnit" => Some("missing 'distinct', required for !DICompileUnit"),
        "DIAssignID" => Some("missing 'distinct', required for !DIAssignID()"),
        "DISubprogram" => {
            let definition = match get(fields, "spFlags") {
                Some(FieldValue::Words(ws)) => ws.split('|').any(|w| is_definition_flag(w.trim())),
                Some(FieldValue::Int(t)) => is_definition_flag(t),
                Some(_) => false,
                None => !is_word(get(fields, "isDefinition"), "false"),
            };
            definition
                .then_some("missing 'distinct', required for !DISubprogram that is a Definition")
        }
        _ => None,
    }
}

/// `DISPFlagDefinition`, or an integer with its bit (8).
fn is_definition_flag(w: &str) -> bool {
    w == "DISPFlagDefinition" || parse_int(w).is_some_and(|i| !i.signed && i.value & 8 != 0)
}

/// The value of the first field named `name`.
fn get<'a, 'b>(
    fields: &[(Option<&str>, &'a FieldValue<'b>)],
    name: &str,
) -> Option<&'a FieldValue<'b>> {
    fields.iter().find(|(n, _)| *n == Some(name)).map(|(_, v)| *v)
}

/// True when the value is the single word `word`.
fn is_word(value: Option<&FieldValue<'_>>, word: &str) -> bool {
    matches!(value, Some(FieldValue::Words(w)) if w.trim() == word)
}

/// Rules LLVM applies after reading all fields.
fn cross_checks(
    name: &str,
    fields: &[(Option<&str>, &FieldValue<'_>)],
) -> Result<(), &'static str> {
    match name {
        "DIFile" if get(fields, "checksumkind").is_some() != get(fields, "checksum").is_some() => {
            Err("'checksumkind' and 'checksum' must be provided together")
        }
        "DIEnumerator" => {
            let unsigned = is_word(get(fields, "isUnsigned"), "true");
            let negative = match get(fields, "value") {
                Some(FieldValue::Int(t)) => parse_int(t).is_some_and(|i| i.value < 0),
                _ => false,
            };
            if unsigned && negative {
                Err("unsigned enumerator with negative value")
            } else {
                Ok(())
            }
        }
        _ => Ok(()),
    }
}

/// An integer token as LLVM's lexer types it: signed when written `-…` or `s0x…`. Values
/// saturate at ±2^100, far outside every limit.
#[derive(Clone, Copy, Debug)]
struct Int {
    signed: bool,
    value: i128,
}

const SATURATED: i128 = 1 << 100;

/// Reads `123`, `-5`, `u0x1F` or `s0xFF`.
fn parse_int(t: &str) -> Option<Int> {
    let hex = t
        .strip_prefix("u0x")
        .map(|h| (h, false))
        .or_else(|| t.strip_prefix("s0x").map(|h| (h, true)));
    if let Some((h, signed)) = hex {
        if h.is_empty() || !h.bytes().all(|b| b.is_ascii_hexdigit()) {
            return None;
        }
        let digits = h.trim_start_matches('0');
        let v = match digits.len() {
            0 => 0,
            1..=25 => i128::from_str_radix(digits, 16).ok()?,
            _ => SATURATED,
        };
        // The lexer truncates an `s0x` value to its active bits, so a nonzero one is negative.
        let value = if signed && v != 0 {
            if v >= SATURATED {
                -SATURATED
            } else {
                v - (1i128 << (128 - v.leading_zeros()))
            }
        } else {
            v
        };
        return Some(Int { signed, value });
    }
    let signed = t.starts_with('-');
    let digits = t.strip_prefix('-').unwrap_or(t);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let d = digits.trim_start_matches('0');
    let mag = match d.len() {
        0 => 0,
        1..=30 => d.parse::<i128>().ok()?,
        _ => SATURATED,
    };
    Some(Int { signed, value: if signed { -mag } else { mag } })
}

/// A field value as the validator reads it: an [`MdField`] with its interned text resolved.
#[derive(Clone, Copy, Debug)]
pub enum FieldValue<'a> {
    /// Metadata: a node, string, value or `null`.
    Md(Metadata),
    /// An integer as written.
    Int(&'a str),
    /// Keywords and integers joined by `|`.
    Words(&'a str),
    /// A string's bytes.
    Str(&'a [u8]),
    /// A typed value.
    Value(crate::ir::ConstId),
}

impl<'a> FieldValue<'a> {
    /// The view of a stored field value.
    pub fn of(f: &MdField, syms: &'a Interner) -> FieldValue<'a> {
        match *f {
            MdField::Md(m) => FieldValue::Md(m),
            MdField::Int(s) => FieldValue::Int(syms.get(s)),
            MdField::Words(s) => FieldValue::Words(syms.get(s)),
            MdField::Str(s) => FieldValue::Str(syms.get(s).as_bytes()),
            MdField::Value(c) => FieldValue::Value(c),
        }
    }
}

/// The first token of a field value as LLVM's lexer would see it.
#[derive(Clone, Copy, Debug)]
enum Tok<'a> {
    Int(Int),
    Word(&'a str),
    Str(&'a [u8]),
    Null,
    /// A node (`!N`, `!{...}`, a nested record).
    Node,
    /// Other metadata (`!"s"`).
    Md,
    Value,
    /// Anything else (a field label where an element was due).
    Other,
}

fn word_tok(w: &str) -> Tok<'_> {
    match parse_int(w) {
        Some(i) => Tok::Int(i),
        None => Tok::Word(w),
    }
}

/// The first token of a value and the `|`-joined parts after it.
fn tokens<'a>(f: &FieldValue<'a>) -> (Tok<'a>, Vec<&'a str>) {
    match *f {
        FieldValue::Md(Metadata::Null) => (Tok::Null, Vec::new()),
        FieldValue::Md(Metadata::Node(_)) => (Tok::Node, Vec::new()),
        FieldValue::Md(_) => (Tok::Md, Vec::new()),
        FieldValue::Value(_) => (Tok::Value, Vec::new()),
        FieldValue::Str(s) => (Tok::Str(s), Vec::new()),
        FieldValue::Int(t) => (word_tok(t), Vec::new()),
        FieldValue::Words(ws) => {
            let mut parts = ws.split('|').map(str::trim);
            match parts.next() {
                Some(w) => (word_tok(w), parts.collect()),
                None => (Tok::Other, Vec::new()),
            }
        }
    }
}

/// Checks a value of field `field` against `kind`.
fn check(kind: Kind, field: &str, value: &FieldValue<'_>) -> Result<(), String> {
    let (first, rest) = tokens(value);
    if let Kind::Flags(set) = kind {
        check_flag(set, first)?;
        return rest.iter().try_for_each(|w| check_flag(set, word_tok(w)));
    }
    check_one(kind, field, first)?;
    if rest.is_empty() {
        Ok(())
    } else {
        Err("expected ')' here".into())
    }
}

/// `Ok` when `ok`, else the message.
fn ensure(ok: bool, message: impl FnOnce() -> String) -> Result<(), String> {
    if ok {
        Ok(())
    } else {
        Err(message())
    }
}

fn check_flag(set: &Keywords, tok: Tok<'_>) -> Result<(), String> {
    match tok {
        Tok::Int(i) if !i.signed => {
            ensure(i.value <= i128::from(u32::MAX), || "expected 32-bit integer (too large)".into())
        }
        Tok::Word(w) if set.lexes(w) => {
            ensure(set.contains(w), || format!("invalid {} '{w}'", set.what))
        }
        _ => Err("expected debug info flag".into()),
    }
}

fn unsigned(i: Int, field: &str, max: u64) -> Result<(), String> {
    if i.signed {
        Err("expected unsigned integer".into())
    } else if i.value > i128::from(max) {
        Err(format!("value for '{field}' too large, limit is {max}"))
    } else {
        Ok(())
    }
}

fn signed(i: Int, field: &str, min: i64, max: i64) -> Result<(), String> {
    if i.value < i128::from(min) {
        Err(format!("value for '{field}' too small, limit is {min}"))
    } else if i.value > i128::from(max) {
        Err(format!("value for '{field}' too large, limit is {max}"))
    } else {
        Ok(())
    }
}

/// Checks the first token of a value.
fn check_one(kind: Kind, field: &str, tok: Tok<'_>) -> Result<(), String> {
    let fail = |m: &str| Err(m.to_string());
    match (kind, tok) {
        (Kind::Unsigned(max), Tok::Int(i)) => unsigned(i, field, max),
        (Kind::Unsigned(_), _) => fail("expected unsigned integer"),
        (Kind::Signed(min, max), Tok::Int(i)) => signed(i, field, min, max),
        (Kind::Signed(..), _) => fail("expected signed integer"),
        (Kind::AnyInt, Tok::Int(_)) => Ok(()),
        (Kind::AnyInt, _) => fail("expected integer"),
        (Kind::Bool, Tok::Word("true" | "false")) => Ok(()),
        (Kind::Bool, _) => fail("expected 'true' or 'false'"),
        (Kind::Md { null: false }, Tok::Null) => Err(format!("'{field}' cannot be null")),
        (Kind::Md { .. }, Tok::Null | Tok::Node | Tok::Md | Tok::Value) => Ok(()),
        (Kind::Md { .. }, _) => fail("expected metadata operand"),
        (Kind::Str { empty: false }, Tok::Str([])) => Err(format!("'{field}' cannot be empty")),
        (Kind::Str { .. }, Tok::Str(_)) => Ok(()),
        (Kind::Str { .. }, _) => fail("expected string constant"),
        (Kind::SignedOrMd(min, max, _), Tok::Int(i)) => signed(i, field, min, max),
        (Kind::SignedOrMd(_, _, null), t) => check_one(Kind::Md { null }, field, t),
        (Kind::Keyword(set), Tok::Int(i)) => unsigned(i, field, set.max),
        (Kind::Keyword(set) | Kind::OnlyKeyword(set), Tok::Word(w)) if set.contains(w) => Ok(()),
        (Kind::Keyword(set), Tok::Word(w)) if set.lexes(w) => {
            Err(format!("invalid {} '{w}'", set.what))
        }
        (Kind::Keyword(set), _) => Err(format!("expected {}", set.what)),
        // LLVM quotes the lexer's last string: the word or string itself, or else the label.
        (Kind::OnlyKeyword(set), t) => {
            let shown = match t {
                Tok::Word(w) if lexer_keeps_text(w) => w.to_string(),
                Tok::Str(s) => String::from_utf8_lossy(s).into_owned(),
                _ => field.to_string(),
            };
            Err(format!("invalid {} '{shown}'", set.what))
        }
        (Kind::Flags(set), t) => check_flag(set, t),
        (Kind::MdList, Tok::Node) => Ok(()),
        (Kind::MdList, _) => fail("expected '{' here"),
        (Kind::ExprElement, Tok::Int(i)) if i.signed => fail("expected unsigned integer"),
        (Kind::ExprElement, Tok::Int(i)) => ensure(i.value <= i128::from(u64::MAX), || {
            format!("element too large, limit is {}", u64::MAX)
        }),
        (Kind::ExprElement, Tok::Word(w)) if DW_OP.lexes(w) => {
            ensure(DW_OP.contains(w), || format!("invalid DWARF op '{w}'"))
        }
        (Kind::ExprElement, Tok::Word(w)) if DW_ATE.lexes(w) => {
            ensure(DW_ATE.contains(w), || format!("invalid DWARF attribute encoding '{w}'"))
        }
        (Kind::ExprElement, _) => fail("expected unsigned integer"),
        (Kind::TypedValue, Tok::Value) => Ok(()),
        (Kind::TypedValue, _) => fail("expected value-as-metadata operand"),
    }
}

/// True for words LLVM's lexer keeps the text of (keyword classes), as opposed to reserved
/// words and unknown identifiers.
fn lexer_keeps_text(w: &str) -> bool {
    const PREFIXES: [&str; 10] = [
        "DW_TAG_",
        "DW_ATE_",
        "DW_VIRTUALITY_",
        "DW_LANG_",
        "DW_CC_",
        "DW_OP_",
        "DW_MACINFO_",
        "CSK_",
        "DIFlag",
        "DISPFlag",
    ];
    PREFIXES.iter().any(|p| w.starts_with(p))
        || EMISSION_KIND.contains(w)
        || NAME_TABLE_KIND.contains(w)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::constants::ConstId;
    use crate::ir::metadata::MdId;

    /// Turns one value as written into the parser's [`MdField`] (nodes all become `!0`).
    fn value(v: &str) -> FieldValue<'_> {
        let v = v.trim();
        let int = |t: &str| {
            let d = t.strip_prefix('-').unwrap_or(t);
            (!d.is_empty() && d.bytes().all(|c| c.is_ascii_digit()))
                || ((t.starts_with("u0x") || t.starts_with("s0x"))
                    && t.len() > 3
                    && t[3..].bytes().all(|c| c.is_ascii_hexdigit()))
        };
        match v {
            "null" => FieldValue::Md(Metadata::Null),
            _ if v.starts_with("!\"") => {
                FieldValue::Md(Metadata::String(crate::ir::Symbol::from_u32(0)))
            }
            _ if v.starts_with('!') || v.starts_with('{') => {
                FieldValue::Md(Metadata::Node(MdId::from_u32(0)))
            }
            _ if v.starts_with('"') => FieldValue::Str(v[1..].trim_end_matches('"').as_bytes()),
            _ if v.contains('|') => FieldValue::Words(v),
            _ if v.contains(' ') => FieldValue::Value(ConstId::from_u32(0)),
            _ if int(v) => FieldValue::Int(v),
            _ => FieldValue::Words(v),
        }
    }

    /// Validates `!Name(field: value, ...)` written as in a `.ll` file.
    fn check(text: &str) -> Result<(), (Option<usize>, String)> {
        let (name, body) =
            text.trim_start_matches('!').trim_end_matches(')').split_once('(').expect("record");
        let (mut items, mut depth, mut quoted, mut start) = (Vec::new(), 0, false, 0);
        for (i, c) in body.char_indices() {
            match c {
                '"' => quoted = !quoted,
                '(' | '{' if !quoted => depth += 1,
                ')' | '}' if !quoted => depth -= 1,
                ',' if !quoted && depth == 0 => {
                    items.push(&body[start..i]);
                    start = i + 1;
                }
                _ => {}
            }
        }
        if !body.trim().is_empty() {
            items.push(&body[start..]);
        }
        let fields: Vec<(Option<&str>, FieldValue<'_>)> = items
            .iter()
            .map(|it| match it.trim().split_once(':') {
                Some((n, v)) if n.bytes().all(|c| c.is_ascii_alphanumeric() || c == b'_') => {
                    (Some(n), value(v))
                }
                _ => (None, value(it)),
            })
            .collect();
        let refs: Vec<(Option<&str>, &FieldValue<'_>)> =
            fields.iter().map(|(n, v)| (*n, v)).collect();
        validate_record(name, &refs)
    }

    /// A subset of what clang-19 -g emits (C at -O0 and, csmith's, at -O2; C++ with
    /// -fdebug-macro -gembed-source; Objective-C); `llvm-as-19` accepts them all.
    const CLANG_19: &[&str] = &[
        r#"!DICompileUnit(language: DW_LANG_C11, file: !1, producer: "Debian clang version 19.1.7 (3~deb12u1)", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug, splitDebugInlining: false, nameTableKind: None)"#,
        r#"!DIFile(filename: "t.c", directory: "/src", checksumkind: CSK_MD5, checksum: "8a6103c4131da5a595c202cd5cefcb8b")"#,
        r#"!DISubprogram(name: "f", scope: !1, file: !1, line: 1, type: !11, scopeLine: 1, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition, unit: !0, retainedNodes: !20)"#,
        r#"!DISubroutineType(types: !12)"#,
        r#"!DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)"#,
        r#"!DIDerivedType(tag: DW_TAG_pointer_type, baseType: !15, size: 64)"#,
        r#"!DICompositeType(tag: DW_TAG_structure_type, name: "S", file: !1, line: 1, size: 128, elements: !16)"#,
        r#"!DIDerivedType(tag: DW_TAG_member, name: "b", scope: !15, file: !1, line: 1, baseType: !19, size: 64, offset: 64)"#,
        r#"!DILocalVariable(name: "s", arg: 1, scope: !10, file: !1, line: 1, type: !14)"#,
        r#"!DILocation(line: 1, column: 44, scope: !10)"#,
        r#"!DIExpression()"#,
        r#"!DIExpression(DW_OP_LLVM_fragment, 0, 448)"#,
        r#"!DIExpression(DW_OP_LLVM_convert, 1, DW_ATE_unsigned, DW_OP_LLVM_convert, 16, DW_ATE_unsigned, DW_OP_constu, 18446744073709528699, DW_OP_xor, DW_OP_stack_value)"#,
        r#"!DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_mul, DW_OP_lt, DW_OP_stack_value)"#,
        r#"!DIArgList(i32 poison, i8 poison, i8 poison)"#,
        r#"!DIGlobalVariableExpression(var: !1, expr: !DIExpression())"#,
        r#"!DIGlobalVariable(scope: null, file: !2, line: 873, type: !3, isLocal: true, isDefinition: true)"#,
        r#"!DIGlobalVariable(name: "g_4", scope: !14, file: !2, line: 36, type: !294, isLocal: true, isDefinition: true)"#,
        r#"!DICompositeType(tag: DW_TAG_array_type, baseType: !4, size: 56, elements: !5)"#,
        r#"!DISubrange(count: 7)"#,
        r#"!DIDerivedType(tag: DW_TAG_pointer_type, baseType: null, size: 64)"#,
        r#"!DIDerivedType(tag: DW_TAG_member, name: "f1", scope: !235, file: !2, line: 22, baseType: !17, size: 14, flags: DIFlagBitField, extraData: i64 0)"#,
        r#"!DISubprogram(name: "main", scope: !2, file: !2, line: 863, type: !462, scopeLine: 864, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !14, retainedNodes: !466)"#,
        r#"!DIAssignID()"#,
        r#"!DILocation(line: 0, scope: !486, inlinedAt: !494)"#,
        r#"!DILexicalBlock(scope: !461, file: !2, line: 867, column: 9)"#,
        r#"!DISubprogram(name: "printf", scope: !1544, file: !1544, line: 356, type: !1545, flags: DIFlagPrototyped, spFlags: DISPFlagOptimized)"#,
        r#"!DICompositeType(tag: DW_TAG_enumeration_type, name: "E", scope: !6, file: !3, line: 2, baseType: !7, size: 32, flags: DIFlagEnumClass, elements: !8, identifier: "_ZTSN2ns1EE")"#,
        r#"!DINamespace(name: "ns", scope: null)"#,
        r#"!DIEnumerator(name: "B", value: 4294967295, isUnsigned: true)"#,
        r#"!DIImportedEntity(tag: DW_TAG_imported_declaration, scope: !16, entity: !17, file: !21, line: 98)"#,
        r#"!DIFile(filename: "x.h", directory: "", checksumkind: CSK_MD5, checksum: "571f9fb6223c42439075fdde11a0de5d", source: "int x;\0A")"#,
        r#"!DISubprogram(name: "clearerr", scope: !24, file: !24, line: 786, type: !30, flags: DIFlagPrototyped, spFlags: 0)"#,
        r#"!DIMacroFile(line: 1, file: !217, nodes: !218)"#,
        r#"!DIMacro(type: DW_MACINFO_define, line: 130, name: "_GLIBCXX20_DEPRECATED(MSG)")"#,
        r#"!DIMacro(type: DW_MACINFO_define, name: "__llvm__", value: "1")"#,
        r#"!DIDerivedType(tag: DW_TAG_ptr_to_member_type, baseType: !12, size: 64, extraData: !1587)"#,
        r#"!DICompositeType(tag: DW_TAG_structure_type, name: "V<double, 3>", scope: !6, file: !3, line: 2, size: 256, flags: DIFlagTypePassByReference | DIFlagNonTrivial, elements: !1622, vtableHolder: !1621, templateParams: !1641, identifier: "_ZTSN2ns1VIdLi3EEE")"#,
        r#"!DISubprogram(name: "get", linkageName: "_ZNK2ns1VIdLi3EE3getEv", scope: !1621, file: !3, line: 2, type: !1637, scopeLine: 2, containingType: !1621, virtualIndex: 2, flags: DIFlagPrototyped, spFlags: DISPFlagVirtual)"#,
        r#"!DITemplateTypeParameter(name: "T", type: !1628)"#,
        r#"!DITemplateValueParameter(name: "N", type: !12, defaulted: true, value: i32 3)"#,
        r#"!DITemplateValueParameter(tag: DW_TAG_GNU_template_parameter_pack, name: "Ts", value: !1731)"#,
        r#"!DIDerivedType(tag: DW_TAG_inheritance, scope: !1646, baseType: !1649, offset: 24, flags: DIFlagVirtual, extraData: i32 0)"#,
        r#"!DILabel(scope: !1612, name: "lbl", file: !3, line: 7)"#,
        r#"!DICompositeType(tag: DW_TAG_structure_type, name: "Foo", scope: !1, file: !1, line: 1, size: 32, flags: DIFlagObjcClassComplete, elements: !4, runtimeLang: DW_LANG_ObjC)"#,
        r#"!DIObjCProperty(name: "x", file: !1, line: 2, attributes: 2316, type: !6)"#,
    ];

    #[test]
    fn accepts_what_clang_19_emits() {
        for text in CLANG_19 {
            assert_eq!(check(text), Ok(()), "{text}");
        }
    }

    #[test]
    fn rejects_like_llvm_as_19() {
        // Each message is what `llvm-as-19 -disable-verify` printed for `!0 = distinct <text>`.
        let cases: &[(&str, Option<usize>, &str)] = &[
            ("!DILocation(line: \"seven\", scope: null)", Some(0), "expected unsigned integer"),
            ("!DILocation(scope: null)", Some(0), "'scope' cannot be null"),
            ("!DILocation(line: 3)", None, "missing required field 'scope'"),
            ("!DILocation(scope: !1, foo: 3)", Some(1), "invalid field 'foo'"),
            ("!DILocation(scope: !1, line: 2, line: 3)", Some(2), "field 'line' cannot be specified more than once"),
            ("!DILocation(scope: !1, 3)", Some(1), "expected field label here"),
            ("!DILocation(scope: !1, line: 3 | 4)", Some(1), "expected ')' here"),
            ("!DILocation(line: 4294967296, scope: !1)", Some(0), "value for 'line' too large, limit is 4294967295"),
            ("!DILocation(line: -0, scope: !1)", Some(0), "expected unsigned integer"),
            ("!DILocation(line: s0x1, scope: !1)", Some(0), "expected unsigned integer"),
            ("!DILocation(scope: !1, column: 65536)", Some(1), "value for 'column' too large, limit is 65535"),
            ("!DILocation(scope: \"x\")", Some(0), "expected metadata operand"),
            ("!DILocation(scope: !1, isImplicitCode: 1)", Some(1), "expected 'true' or 'false'"),
            ("!DIFoo(scope: !1)", None, "expected metadata type"),
            ("!DIExpression(DW_OP_plus, -1)", Some(1), "expected unsigned integer"),
            ("!DIExpression(DW_ATE_foo)", Some(0), "invalid DWARF attribute encoding 'DW_ATE_foo'"),
            ("!DIExpression(DW_OP_reg32)", Some(0), "invalid DWARF op 'DW_OP_reg32'"),
            ("!DIExpression(DW_TAG_member)", Some(0), "expected unsigned integer"),
            ("!DIExpression(a: 1)", Some(0), "expected unsigned integer"),
            ("!DIExpression(18446744073709551616)", Some(0), "element too large, limit is 18446744073709551615"),
            ("!DIArgList(i32 1, 1)", Some(1), "expected value-as-metadata operand"),
            ("!DIAssignID(a: 1)", Some(0), "expected ')' here"),
            ("!DIBasicType(tag: DW_ATE_signed)", Some(0), "expected DWARF tag"),
            ("!DIBasicType(tag: DW_TAG_foo)", Some(0), "invalid DWARF tag 'DW_TAG_foo'"),
            ("!DIBasicType(tag: 65536)", Some(0), "value for 'tag' too large, limit is 65535"),
            ("!DIBasicType(encoding: 256)", Some(0), "value for 'encoding' too large, limit is 255"),
            ("!DIBasicType(flags: DIFlagPublic | 7 | DIFlagFoo)", Some(0), "invalid debug info flag 'DIFlagFoo'"),
            ("!DIBasicType(flags: DIFlagZero)", Some(0), "invalid debug info flag 'DIFlagZero'"),
            ("!DIBasicType(flags: -1)", Some(0), "expected debug info flag"),
            ("!DIBasicType(flags: 4294967296)", Some(0), "expected 32-bit integer (too large)"),
            ("!DIBasicType(file: !1)", Some(0), "invalid field 'file'"),
            ("!DISubprogram(spFlags: DIFlagPublic)", Some(0), "expected debug info flag"),
            ("!DISubprogram(spFlags: DISPFlagFoo)", Some(0), "invalid subprogram debug info flag 'DISPFlagFoo'"),
            ("!DISubprogram(virtuality: 3)", Some(0), "value for 'virtuality' too large, limit is 2"),
            ("!DISubprogram(thisAdjustment: 2147483648)", Some(0), "value for 'thisAdjustment' too large, limit is 2147483647"),
            ("!DISubprogram(keyInstructions: true)", Some(0), "invalid field 'keyInstructions'"),
            ("!DICompileUnit(file: !1)", None, "missing required field 'language'"),
            ("!DICompileUnit(language: DW_LANG_C99, file: !1, emissionKind: Foo)", Some(2), "expected emission kind"),
            (
                "!DICompileUnit(language: DW_LANG_C99, file: !1, nameTableKind: 4)",
                Some(2),
                "value for 'nameTableKind' too large, limit is 3",
            ),
            (
                "!DIFile(filename: \"a\", directory: \"b\", checksumkind: 1, checksum: \"x\")",
                Some(2),
                "invalid checksum kind 'checksumkind'",
            ),
            (
                "!DIFile(filename: \"a\", directory: \"b\", checksumkind: CSK_None, checksum: \"x\")",
                Some(2),
                "invalid checksum kind 'CSK_None'",
            ),
            (
                "!DIFile(filename: \"a\", directory: \"b\", checksum: \"x\")",
                None,
                "'checksumkind' and 'checksum' must be provided together",
            ),
            ("!DIFile(filename: !\"a\", directory: \"b\")", Some(0), "expected string constant"),
            ("!DIGlobalVariable(name: \"\")", Some(0), "'name' cannot be empty"),
            ("!DISubrange(count: null)", Some(0), "'count' cannot be null"),
            ("!DISubrange(count: -2)", Some(0), "value for 'count' too small, limit is -1"),
            ("!DISubrange(lowerBound: -9223372036854775809)", Some(0), "value for 'lowerBound' too small, limit is -9223372036854775808"),
            ("!DISubrange(lowerBound: \"x\")", Some(0), "expected metadata operand"),
            ("!DIEnumerator(name: \"a\", value: x)", Some(1), "expected integer"),
            ("!DIEnumerator(name: \"a\", value: s0x7, isUnsigned: true)", None, "unsigned enumerator with negative value"),
            ("!DIDerivedType(tag: DW_TAG_member, baseType: null, ptrAuthKey: 8)", Some(2), "value for 'ptrAuthKey' too large, limit is 7"),
            ("!DIDerivedType(tag: DW_TAG_member, baseType: null, size: !1)", Some(2), "expected unsigned integer"),
            ("!DILocalVariable(scope: !1, arg: 65536)", Some(1), "value for 'arg' too large, limit is 65535"),
            ("!DILabel(scope: !1, name: \"l\", file: !1, line: 1, column: 2)", Some(4), "invalid field 'column'"),
            ("!DIMacro(type: DW_MACINFO_foo, name: \"a\")", Some(0), "invalid DWARF macinfo type 'DW_MACINFO_foo'"),
            ("!DISubroutineType(cc: DW_CC_foo, types: null)", Some(0), "invalid DWARF calling convention 'DW_CC_foo'"),
            ("!GenericDINode(tag: 1, operands: !\"s\")", Some(1), "expected '{' here"),
        ];
        for (text, index, message) in cases {
            assert_eq!(check(text), Err((*index, message.to_string())), "{text}");
        }
        for ok in [
            "!DISubrange(lowerBound: s0x8000000000000000, count: !1, stride: null)",
            "!DIEnumerator(name: \"a\", value: 123456789012345678901234567890)",
            "!DIEnumerator(name: \"a\", value: -0, isUnsigned: true)",
            "!DIExpression(DW_OP_reg31, DW_OP_breg0, DW_OP_lit17, DW_OP_LLVM_user, u0xFFFFFFFFFFFFFFFF)",
            "!DICompositeType(tag: 1, rank: null, flags: 3 | DIFlagVector)",
            "!DIDerivedType(tag: DW_TAG_member, baseType: null, ptrAuthKey: 7, ptrAuthIsaPointer: true)",
            "!GenericDINode(tag: DW_TAG_entry_point, header: \"h\", operands: {!1, null})",
        ] {
            assert_eq!(check(ok), Ok(()), "{ok}");
        }
    }

    #[test]
    fn distinct_and_known_records() {
        let none: &[(Option<&str>, &FieldValue<'_>)] = &[];
        let sp = FieldValue::Words("DISPFlagLocalToUnit | DISPFlagDefinition");
        let no = FieldValue::Words("false");
        let (zero, nine) = (FieldValue::Int("0"), FieldValue::Int("9"));
        assert_eq!(
            distinct_requirement("DICompileUnit", none),
            Some("missing 'distinct', required for !DICompileUnit")
        );
        assert_eq!(
            distinct_requirement("DIAssignID", none),
            Some("missing 'distinct', required for !DIAssignID()")
        );
        assert!(distinct_requirement("DISubprogram", none).is_some());
        assert!(distinct_requirement("DISubprogram", &[(Some("spFlags"), &sp)]).is_some());
        assert!(distinct_requirement("DISubprogram", &[(Some("spFlags"), &nine)]).is_some());
        assert!(distinct_requirement("DISubprogram", &[(Some("spFlags"), &zero)]).is_none());
        assert!(distinct_requirement("DISubprogram", &[(Some("isDefinition"), &no)]).is_none());
        assert!(distinct_requirement("DILocation", none).is_none());
        assert_eq!(RECORDS.len(), 31);
        assert!(RECORDS.iter().all(|r| is_known_record(r.name)));
        assert!(
            !is_known_record("DISubrangeType")
                && !is_known_record("DIFixedPointType")
                && !is_known_record("MDTuple")
        );
    }
}
