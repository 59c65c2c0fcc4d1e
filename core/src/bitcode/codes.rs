//! The record vocabulary of LLVM 19 bitcode: block ids, record codes and the enumerations
//! records carry, with the names `LLVMBitCodes.h` gives them (for messages).

#![allow(missing_docs, non_upper_case_globals)]

/// `BlockIDs`.
pub mod block {
    pub const MODULE_BLOCK_ID: u32 = 8;
    pub const PARAMATTR_BLOCK_ID: u32 = 9;
    pub const PARAMATTR_GROUP_BLOCK_ID: u32 = 10;
    pub const CONSTANTS_BLOCK_ID: u32 = 11;
    pub const FUNCTION_BLOCK_ID: u32 = 12;
    pub const IDENTIFICATION_BLOCK_ID: u32 = 13;
    pub const VALUE_SYMTAB_BLOCK_ID: u32 = 14;
    pub const METADATA_BLOCK_ID: u32 = 15;
    pub const METADATA_ATTACHMENT_ID: u32 = 16;
    pub const TYPE_BLOCK_ID_NEW: u32 = 17;
    pub const USELIST_BLOCK_ID: u32 = 18;
    pub const MODULE_STRTAB_BLOCK_ID: u32 = 19;
    pub const GLOBALVAL_SUMMARY_BLOCK_ID: u32 = 20;
    pub const OPERAND_BUNDLE_TAGS_BLOCK_ID: u32 = 21;
    pub const METADATA_KIND_BLOCK_ID: u32 = 22;
    pub const STRTAB_BLOCK_ID: u32 = 23;
    pub const FULL_LTO_GLOBALVAL_SUMMARY_BLOCK_ID: u32 = 24;
    pub const SYMTAB_BLOCK_ID: u32 = 25;
    pub const SYNC_SCOPE_NAMES_BLOCK_ID: u32 = 26;
    /// Every name with its code.
    pub const NAMES: &[(&str, u32)] = &[
        ("MODULE_BLOCK_ID", 8),
        ("PARAMATTR_BLOCK_ID", 9),
        ("PARAMATTR_GROUP_BLOCK_ID", 10),
        ("CONSTANTS_BLOCK_ID", 11),
        ("FUNCTION_BLOCK_ID", 12),
        ("IDENTIFICATION_BLOCK_ID", 13),
        ("VALUE_SYMTAB_BLOCK_ID", 14),
        ("METADATA_BLOCK_ID", 15),
        ("METADATA_ATTACHMENT_ID", 16),
        ("TYPE_BLOCK_ID_NEW", 17),
        ("USELIST_BLOCK_ID", 18),
        ("MODULE_STRTAB_BLOCK_ID", 19),
        ("GLOBALVAL_SUMMARY_BLOCK_ID", 20),
        ("OPERAND_BUNDLE_TAGS_BLOCK_ID", 21),
        ("METADATA_KIND_BLOCK_ID", 22),
        ("STRTAB_BLOCK_ID", 23),
        ("FULL_LTO_GLOBALVAL_SUMMARY_BLOCK_ID", 24),
        ("SYMTAB_BLOCK_ID", 25),
        ("SYNC_SCOPE_NAMES_BLOCK_ID", 26),
    ];
}

/// `IdentificationCodes`.
pub mod identification {
    pub const IDENTIFICATION_CODE_STRING: u32 = 1;
    pub const IDENTIFICATION_CODE_EPOCH: u32 = 2;
    /// Every name with its code.
    pub const NAMES: &[(&str, u32)] =
        &[("IDENTIFICATION_CODE_STRING", 1), ("IDENTIFICATION_CODE_EPOCH", 2)];
}

/// `ModuleCodes`.
pub mod module {
    pub const MODULE_CODE_VERSION: u32 = 1;
    pub const MODULE_CODE_TRIPLE: u32 = 2;
    pub const MODULE_CODE_DATALAYOUT: u32 = 3;
    pub const MODULE_CODE_ASM: u32 = 4;
    pub const MODULE_CODE_SECTIONNAME: u32 = 5;
    pub const MODULE_CODE_DEPLIB: u32 = 6;
    pub const MODULE_CODE_GLOBALVAR: u32 = 7;
    pub const MODULE_CODE_FUNCTION: u32 = 8;
    pub const MODULE_CODE_ALIAS_OLD: u32 = 9;
    pub const MODULE_CODE_GCNAME: u32 = 11;
    pub const MODULE_CODE_COMDAT: u32 = 12;
    pub const MODULE_CODE_VSTOFFSET: u32 = 13;
    pub const MODULE_CODE_ALIAS: u32 = 14;
    pub const MODULE_CODE_METADATA_VALUES_UNUSED: u32 = 15;
    pub const MODULE_CODE_SOURCE_FILENAME: u32 = 16;
    pub const MODULE_CODE_HASH: u32 = 17;
    pub const MODULE_CODE_IFUNC: u32 = 18;
    /// Every name with its code.
    pub const NAMES: &[(&str, u32)] = &[
        ("MODULE_CODE_VERSION", 1),
        ("MODULE_CODE_TRIPLE", 2),
        ("MODULE_CODE_DATALAYOUT", 3),
        ("MODULE_CODE_ASM", 4),
        ("MODULE_CODE_SECTIONNAME", 5),
        ("MODULE_CODE_DEPLIB", 6),
        ("MODULE_CODE_GLOBALVAR", 7),
        ("MODULE_CODE_FUNCTION", 8),
        ("MODULE_CODE_ALIAS_OLD", 9),
        ("MODULE_CODE_GCNAME", 11),
        ("MODULE_CODE_COMDAT", 12),
        ("MODULE_CODE_VSTOFFSET", 13),
        ("MODULE_CODE_ALIAS", 14),
        ("MODULE_CODE_METADATA_VALUES_UNUSED", 15),
        ("MODULE_CODE_SOURCE_FILENAME", 16),
        ("MODULE_CODE_HASH", 17),
        ("MODULE_CODE_IFUNC", 18),
    ];
}

/// `AttributeCodes`.
pub mod paramattr {
    pub const PARAMATTR_CODE_ENTRY_OLD: u32 = 1;
    pub const PARAMATTR_CODE_ENTRY: u32 = 2;
    pub const PARAMATTR_GRP_CODE_ENTRY: u32 = 3;
    /// Every name with its code.
    pub const NAMES: &[(&str, u32)] = &[
        ("PARAMATTR_CODE_ENTRY_OLD", 1),
        ("PARAMATTR_CODE_ENTRY", 2),
        ("PARAMATTR_GRP_CODE_ENTRY", 3),
    ];
}

/// `TypeCodes`.
pub mod types {
    pub const TYPE_CODE_NUMENTRY: u32 = 1;
    pub const TYPE_CODE_VOID: u32 = 2;
    pub const TYPE_CODE_FLOAT: u32 = 3;
    pub const TYPE_CODE_DOUBLE: u32 = 4;
    pub const TYPE_CODE_LABEL: u32 = 5;
    pub const TYPE_CODE_OPAQUE: u32 = 6;
    pub const TYPE_CODE_INTEGER: u32 = 7;
    pub const TYPE_CODE_POINTER: u32 = 8;
    pub const TYPE_CODE_FUNCTION_OLD: u32 = 9;
    pub const TYPE_CODE_HALF: u32 = 10;
    pub const TYPE_CODE_ARRAY: u32 = 11;
    pub const TYPE_CODE_VECTOR: u32 = 12;
    pub const TYPE_CODE_X86_FP80: u32 = 13;
    pub const TYPE_CODE_FP128: u32 = 14;
    pub const TYPE_CODE_PPC_FP128: u32 = 15;
    pub const TYPE_CODE_METADATA: u32 = 16;
    pub const TYPE_CODE_X86_MMX: u32 = 17;
    pub const TYPE_CODE_STRUCT_ANON: u32 = 18;
    pub const TYPE_CODE_STRUCT_NAME: u32 = 19;
    pub const TYPE_CODE_STRUCT_NAMED: u32 = 20;
    pub const TYPE_CODE_FUNCTION: u32 = 21;
    pub const TYPE_CODE_TOKEN: u32 = 22;
    pub const TYPE_CODE_BFLOAT: u32 = 23;
    pub const TYPE_CODE_X86_AMX: u32 = 24;
    pub const TYPE_CODE_OPAQUE_POINTER: u32 = 25;
    pub const TYPE_CODE_TARGET_TYPE: u32 = 26;
    /// Every name with its code.
    pub const NAMES: &[(&str, u32)] = &[
        ("TYPE_CODE_NUMENTRY", 1),
        ("TYPE_CODE_VOID", 2),
        ("TYPE_CODE_FLOAT", 3),
        ("TYPE_CODE_DOUBLE", 4),
        ("TYPE_CODE_LABEL", 5),
        ("TYPE_CODE_OPAQUE", 6),
        ("TYPE_CODE_INTEGER", 7),
        ("TYPE_CODE_POINTER", 8),
        ("TYPE_CODE_FUNCTION_OLD", 9),
        ("TYPE_CODE_HALF", 10),
        ("TYPE_CODE_ARRAY", 11),
        ("TYPE_CODE_VECTOR", 12),
        ("TYPE_CODE_X86_FP80", 13),
        ("TYPE_CODE_FP128", 14),
        ("TYPE_CODE_PPC_FP128", 15),
        ("TYPE_CODE_METADATA", 16),
        ("TYPE_CODE_X86_MMX", 17),
        ("TYPE_CODE_STRUCT_ANON", 18),
        ("TYPE_CODE_STRUCT_NAME", 19),
        ("TYPE_CODE_STRUCT_NAMED", 20),
        ("TYPE_CODE_FUNCTION", 21),
        ("TYPE_CODE_TOKEN", 22),
        ("TYPE_CODE_BFLOAT", 23),
        ("TYPE_CODE_X86_AMX", 24),
        ("TYPE_CODE_OPAQUE_POINTER", 25),
        ("TYPE_CODE_TARGET_TYPE", 26),
    ];
}

/// `OperandBundleTagCode`.
pub mod bundle_tag {
    pub const OPERAND_BUNDLE_TAG: u32 = 1;
    /// Every name with its code.
    pub const NAMES: &[(&str, u32)] = &[("OPERAND_BUNDLE_TAG", 1)];
}

/// `SyncScopeNameCode`.
pub mod sync_scope {
    pub const SYNC_SCOPE_NAME: u32 = 1;
    /// Every name with its code.
    pub const NAMES: &[(&str, u32)] = &[("SYNC_SCOPE_NAME", 1)];
}

/// `ValueSymtabCodes`.
pub mod vst {
    pub const VST_CODE_ENTRY: u32 = 1;
    pub const VST_CODE_BBENTRY: u32 = 2;
    pub const VST_CODE_FNENTRY: u32 = 3;
    pub const VST_CODE_COMBINED_ENTRY: u32 = 5;
    /// Every name with its code.
    pub const NAMES: &[(&str, u32)] = &[
        ("VST_CODE_ENTRY", 1),
        ("VST_CODE_BBENTRY", 2),
        ("VST_CODE_FNENTRY", 3),
        ("VST_CODE_COMBINED_ENTRY", 5),
    ];
}

/// `MetadataCodes`.
pub mod metadata {
    pub const METADATA_STRING_OLD: u32 = 1;
    pub const METADATA_VALUE: u32 = 2;
    pub const METADATA_NODE: u32 = 3;
    pub const METADATA_NAME: u32 = 4;
    pub const METADATA_DISTINCT_NODE: u32 = 5;
    pub const METADATA_KIND: u32 = 6;
    pub const METADATA_LOCATION: u32 = 7;
    pub const METADATA_OLD_NODE: u32 = 8;
    pub const METADATA_OLD_FN_NODE: u32 = 9;
    pub const METADATA_NAMED_NODE: u32 = 10;
    pub const METADATA_ATTACHMENT: u32 = 11;
    pub const METADATA_GENERIC_DEBUG: u32 = 12;
    pub const METADATA_SUBRANGE: u32 = 13;
    pub const METADATA_ENUMERATOR: u32 = 14;
    pub const METADATA_BASIC_TYPE: u32 = 15;
    pub const METADATA_FILE: u32 = 16;
    pub const METADATA_DERIVED_TYPE: u32 = 17;
    pub const METADATA_COMPOSITE_TYPE: u32 = 18;
    pub const METADATA_SUBROUTINE_TYPE: u32 = 19;
    pub const METADATA_COMPILE_UNIT: u32 = 20;
    pub const METADATA_SUBPROGRAM: u32 = 21;
    pub const METADATA_LEXICAL_BLOCK: u32 = 22;
    pub const METADATA_LEXICAL_BLOCK_FILE: u32 = 23;
    pub const METADATA_NAMESPACE: u32 = 24;
    pub const METADATA_TEMPLATE_TYPE: u32 = 25;
    pub const METADATA_TEMPLATE_VALUE: u32 = 26;
    pub const METADATA_GLOBAL_VAR: u32 = 27;
    pub const METADATA_LOCAL_VAR: u32 = 28;
    pub const METADATA_EXPRESSION: u32 = 29;
    pub const METADATA_OBJC_PROPERTY: u32 = 30;
    pub const METADATA_IMPORTED_ENTITY: u32 = 31;
    pub const METADATA_MODULE: u32 = 32;
    pub const METADATA_MACRO: u32 = 33;
    pub const METADATA_MACRO_FILE: u32 = 34;
    pub const METADATA_STRINGS: u32 = 35;
    pub const METADATA_GLOBAL_DECL_ATTACHMENT: u32 = 36;
    pub const METADATA_GLOBAL_VAR_EXPR: u32 = 37;
    pub const METADATA_INDEX_OFFSET: u32 = 38;
    pub const METADATA_INDEX: u32 = 39;
    pub const METADATA_LABEL: u32 = 40;
    pub const METADATA_STRING_TYPE: u32 = 41;
    pub const METADATA_COMMON_BLOCK: u32 = 44;
    pub const METADATA_GENERIC_SUBRANGE: u32 = 45;
    pub const METADATA_ARG_LIST: u32 = 46;
    pub const METADATA_ASSIGN_ID: u32 = 47;
    /// Every name with its code.
    pub const NAMES: &[(&str, u32)] = &[
        ("METADATA_STRING_OLD", 1),
        ("METADATA_VALUE", 2),
        ("METADATA_NODE", 3),
        ("METADATA_NAME", 4),
        ("METADATA_DISTINCT_NODE", 5),
        ("METADATA_KIND", 6),
        ("METADATA_LOCATION", 7),
        ("METADATA_OLD_NODE", 8),
        ("METADATA_OLD_FN_NODE", 9),
        ("METADATA_NAMED_NODE", 10),
        ("METADATA_ATTACHMENT", 11),
        ("METADATA_GENERIC_DEBUG", 12),
        ("METADATA_SUBRANGE", 13),
        ("METADATA_ENUMERATOR", 14),
        ("METADATA_BASIC_TYPE", 15),
        ("METADATA_FILE", 16),
        ("METADATA_DERIVED_TYPE", 17),
        ("METADATA_COMPOSITE_TYPE", 18),
        ("METADATA_SUBROUTINE_TYPE", 19),
        ("METADATA_COMPILE_UNIT", 20),
        ("METADATA_SUBPROGRAM", 21),
        ("METADATA_LEXICAL_BLOCK", 22),
        ("METADATA_LEXICAL_BLOCK_FILE", 23),
        ("METADATA_NAMESPACE", 24),
        ("METADATA_TEMPLATE_TYPE", 25),
        ("METADATA_TEMPLATE_VALUE", 26),
        ("METADATA_GLOBAL_VAR", 27),
        ("METADATA_LOCAL_VAR", 28),
        ("METADATA_EXPRESSION", 29),
        ("METADATA_OBJC_PROPERTY", 30),
        ("METADATA_IMPORTED_ENTITY", 31),
        ("METADATA_MODULE", 32),
        ("METADATA_MACRO", 33),
        ("METADATA_MACRO_FILE", 34),
        ("METADATA_STRINGS", 35),
        ("METADATA_GLOBAL_DECL_ATTACHMENT", 36),
        ("METADATA_GLOBAL_VAR_EXPR", 37),
        ("METADATA_INDEX_OFFSET", 38),
        ("METADATA_INDEX", 39),
        ("METADATA_LABEL", 40),
        ("METADATA_STRING_TYPE", 41),
        ("METADATA_COMMON_BLOCK", 44),
        ("METADATA_GENERIC_SUBRANGE", 45),
        ("METADATA_ARG_LIST", 46),
        ("METADATA_ASSIGN_ID", 47),
    ];
}

/// `ConstantsCodes`.
pub mod constants {
    pub const CST_CODE_SETTYPE: u32 = 1;
    pub const CST_CODE_NULL: u32 = 2;
    pub const CST_CODE_UNDEF: u32 = 3;
    pub const CST_CODE_INTEGER: u32 = 4;
    pub const CST_CODE_WIDE_INTEGER: u32 = 5;
    pub const CST_CODE_FLOAT: u32 = 6;
    pub const CST_CODE_AGGREGATE: u32 = 7;
    pub const CST_CODE_STRING: u32 = 8;
    pub const CST_CODE_CSTRING: u32 = 9;
    pub const CST_CODE_CE_BINOP: u32 = 10;
    pub const CST_CODE_CE_CAST: u32 = 11;
    pub const CST_CODE_CE_GEP_OLD: u32 = 12;
    pub const CST_CODE_CE_SELECT: u32 = 13;
    pub const CST_CODE_CE_EXTRACTELT: u32 = 14;
    pub const CST_CODE_CE_INSERTELT: u32 = 15;
    pub const CST_CODE_CE_SHUFFLEVEC: u32 = 16;
    pub const CST_CODE_CE_CMP: u32 = 17;
    pub const CST_CODE_INLINEASM_OLD: u32 = 18;
    pub const CST_CODE_CE_SHUFVEC_EX: u32 = 19;
    pub const CST_CODE_CE_INBOUNDS_GEP: u32 = 20;
    pub const CST_CODE_BLOCKADDRESS: u32 = 21;
    pub const CST_CODE_DATA: u32 = 22;
    pub const CST_CODE_INLINEASM_OLD2: u32 = 23;
    pub const CST_CODE_CE_GEP_WITH_INRANGE_INDEX_OLD: u32 = 24;
    pub const CST_CODE_CE_UNOP: u32 = 25;
    pub const CST_CODE_POISON: u32 = 26;
    pub const CST_CODE_DSO_LOCAL_EQUIVALENT: u32 = 27;
    pub const CST_CODE_INLINEASM_OLD3: u32 = 28;
    pub const CST_CODE_NO_CFI_VALUE: u32 = 29;
    pub const CST_CODE_INLINEASM: u32 = 30;
    pub const CST_CODE_CE_GEP_WITH_INRANGE: u32 = 31;
    pub const CST_CODE_CE_GEP: u32 = 32;
    pub const CST_CODE_PTRAUTH: u32 = 33;
    /// Every name with its code.
    pub const NAMES: &[(&str, u32)] = &[
        ("CST_CODE_SETTYPE", 1),
        ("CST_CODE_NULL", 2),
        ("CST_CODE_UNDEF", 3),
        ("CST_CODE_INTEGER", 4),
        ("CST_CODE_WIDE_INTEGER", 5),
        ("CST_CODE_FLOAT", 6),
        ("CST_CODE_AGGREGATE", 7),
        ("CST_CODE_STRING", 8),
        ("CST_CODE_CSTRING", 9),
        ("CST_CODE_CE_BINOP", 10),
        ("CST_CODE_CE_CAST", 11),
        ("CST_CODE_CE_GEP_OLD", 12),
        ("CST_CODE_CE_SELECT", 13),
        ("CST_CODE_CE_EXTRACTELT", 14),
        ("CST_CODE_CE_INSERTELT", 15),
        ("CST_CODE_CE_SHUFFLEVEC", 16),
        ("CST_CODE_CE_CMP", 17),
        ("CST_CODE_INLINEASM_OLD", 18),
        ("CST_CODE_CE_SHUFVEC_EX", 19),
        ("CST_CODE_CE_INBOUNDS_GEP", 20),
        ("CST_CODE_BLOCKADDRESS", 21),
        ("CST_CODE_DATA", 22),
        ("CST_CODE_INLINEASM_OLD2", 23),
        ("CST_CODE_CE_GEP_WITH_INRANGE_INDEX_OLD", 24),
        ("CST_CODE_CE_UNOP", 25),
        ("CST_CODE_POISON", 26),
        ("CST_CODE_DSO_LOCAL_EQUIVALENT", 27),
        ("CST_CODE_INLINEASM_OLD3", 28),
        ("CST_CODE_NO_CFI_VALUE", 29),
        ("CST_CODE_INLINEASM", 30),
        ("CST_CODE_CE_GEP_WITH_INRANGE", 31),
        ("CST_CODE_CE_GEP", 32),
        ("CST_CODE_PTRAUTH", 33),
    ];
}

/// `CastOpcodes`.
pub mod cast {
    pub const CAST_TRUNC: u32 = 0;
    pub const CAST_ZEXT: u32 = 1;
    pub const CAST_SEXT: u32 = 2;
    pub const CAST_FPTOUI: u32 = 3;
    pub const CAST_FPTOSI: u32 = 4;
    pub const CAST_UITOFP: u32 = 5;
    pub const CAST_SITOFP: u32 = 6;
    pub const CAST_FPTRUNC: u32 = 7;
    pub const CAST_FPEXT: u32 = 8;
    pub const CAST_PTRTOINT: u32 = 9;
    pub const CAST_INTTOPTR: u32 = 10;
    pub const CAST_BITCAST: u32 = 11;
    pub const CAST_ADDRSPACECAST: u32 = 12;
    /// Every name with its code.
    pub const NAMES: &[(&str, u32)] = &[
        ("CAST_TRUNC", 0),
        ("CAST_ZEXT", 1),
        ("CAST_SEXT", 2),
        ("CAST_FPTOUI", 3),
        ("CAST_FPTOSI", 4),
        ("CAST_UITOFP", 5),
        ("CAST_SITOFP", 6),
        ("CAST_FPTRUNC", 7),
        ("CAST_FPEXT", 8),
        ("CAST_PTRTOINT", 9),
        ("CAST_INTTOPTR", 10),
        ("CAST_BITCAST", 11),
        ("CAST_ADDRSPACECAST", 12),
    ];
}

/// `UnaryOpcodes`.
pub mod unop {
    pub const UNOP_FNEG: u32 = 0;
    /// Every name with its code.
    pub const NAMES: &[(&str, u32)] = &[("UNOP_FNEG", 0)];
}

/// `BinaryOpcodes`.
pub mod binop {
    pub const BINOP_ADD: u32 = 0;
    pub const BINOP_SUB: u32 = 1;
    pub const BINOP_MUL: u32 = 2;
    pub const BINOP_UDIV: u32 = 3;
    pub const BINOP_SDIV: u32 = 4;
    pub const BINOP_UREM: u32 = 5;
    pub const BINOP_SREM: u32 = 6;
    pub const BINOP_SHL: u32 = 7;
    pub const BINOP_LSHR: u32 = 8;
    pub const BINOP_ASHR: u32 = 9;
    pub const BINOP_AND: u32 = 10;
    pub const BINOP_OR: u32 = 11;
    pub const BINOP_XOR: u32 = 12;
    /// Every name with its code.
    pub const NAMES: &[(&str, u32)] = &[
        ("BINOP_ADD", 0),
        ("BINOP_SUB", 1),
        ("BINOP_MUL", 2),
        ("BINOP_UDIV", 3),
        ("BINOP_SDIV", 4),
        ("BINOP_UREM", 5),
        ("BINOP_SREM", 6),
        ("BINOP_SHL", 7),
        ("BINOP_LSHR", 8),
        ("BINOP_ASHR", 9),
        ("BINOP_AND", 10),
        ("BINOP_OR", 11),
        ("BINOP_XOR", 12),
    ];
}

/// `RMWOperations`.
pub mod rmw {
    pub const RMW_XCHG: u32 = 0;
    pub const RMW_ADD: u32 = 1;
    pub const RMW_SUB: u32 = 2;
    pub const RMW_AND: u32 = 3;
    pub const RMW_NAND: u32 = 4;
    pub const RMW_OR: u32 = 5;
    pub const RMW_XOR: u32 = 6;
    pub const RMW_MAX: u32 = 7;
    pub const RMW_MIN: u32 = 8;
    pub const RMW_UMAX: u32 = 9;
    pub const RMW_UMIN: u32 = 10;
    pub const RMW_FADD: u32 = 11;
    pub const RMW_FSUB: u32 = 12;
    pub const RMW_FMAX: u32 = 13;
    pub const RMW_FMIN: u32 = 14;
    pub const RMW_UINC_WRAP: u32 = 15;
    pub const RMW_UDEC_WRAP: u32 = 16;
    /// Every name with its code.
    pub const NAMES: &[(&str, u32)] = &[
        ("RMW_XCHG", 0),
        ("RMW_ADD", 1),
        ("RMW_SUB", 2),
        ("RMW_AND", 3),
        ("RMW_NAND", 4),
        ("RMW_OR", 5),
        ("RMW_XOR", 6),
        ("RMW_MAX", 7),
        ("RMW_MIN", 8),
        ("RMW_UMAX", 9),
        ("RMW_UMIN", 10),
        ("RMW_FADD", 11),
        ("RMW_FSUB", 12),
        ("RMW_FMAX", 13),
        ("RMW_FMIN", 14),
        ("RMW_UINC_WRAP", 15),
        ("RMW_UDEC_WRAP", 16),
    ];
}

/// `OverflowingBinaryOperatorOptionalFlags`.
pub mod obo {
    pub const OBO_NO_UNSIGNED_WRAP: u32 = 0;
    pub const OBO_NO_SIGNED_WRAP: u32 = 1;
    /// Every name with its code.
    pub const NAMES: &[(&str, u32)] = &[("OBO_NO_UNSIGNED_WRAP", 0), ("OBO_NO_SIGNED_WRAP", 1)];
}

/// `TruncInstOptionalFlags`.
pub mod trunc_flags {
    pub const TIO_NO_UNSIGNED_WRAP: u32 = 0;
    pub const TIO_NO_SIGNED_WRAP: u32 = 1;
    /// Every name with its code.
    pub const NAMES: &[(&str, u32)] = &[("TIO_NO_UNSIGNED_WRAP", 0), ("TIO_NO_SIGNED_WRAP", 1)];
}

/// `FastMathMap`.
pub mod fmf {
    pub const UnsafeAlgebra: u32 = 1;
    pub const NoNaNs: u32 = 2;
    pub const NoInfs: u32 = 4;
    pub const NoSignedZeros: u32 = 8;
    pub const AllowReciprocal: u32 = 16;
    pub const AllowContract: u32 = 32;
    pub const ApproxFunc: u32 = 64;
    pub const AllowReassoc: u32 = 128;
    /// Every name with its code.
    pub const NAMES: &[(&str, u32)] = &[
        ("UnsafeAlgebra", 1),
        ("NoNaNs", 2),
        ("NoInfs", 4),
        ("NoSignedZeros", 8),
        ("AllowReciprocal", 16),
        ("AllowContract", 32),
        ("ApproxFunc", 64),
        ("AllowReassoc", 128),
    ];
}

/// `GetElementPtrOptionalFlags`.
pub mod gep_flags {
    pub const GEP_INBOUNDS: u32 = 0;
    pub const GEP_NUSW: u32 = 1;
    pub const GEP_NUW: u32 = 2;
    /// Every name with its code.
    pub const NAMES: &[(&str, u32)] = &[("GEP_INBOUNDS", 0), ("GEP_NUSW", 1), ("GEP_NUW", 2)];
}

/// `AtomicOrderingCodes`.
pub mod ordering {
    pub const ORDERING_NOTATOMIC: u32 = 0;
    pub const ORDERING_UNORDERED: u32 = 1;
    pub const ORDERING_MONOTONIC: u32 = 2;
    pub const ORDERING_ACQUIRE: u32 = 3;
    pub const ORDERING_RELEASE: u32 = 4;
    pub const ORDERING_ACQREL: u32 = 5;
    pub const ORDERING_SEQCST: u32 = 6;
    /// Every name with its code.
    pub const NAMES: &[(&str, u32)] = &[
        ("ORDERING_NOTATOMIC", 0),
        ("ORDERING_UNORDERED", 1),
        ("ORDERING_MONOTONIC", 2),
        ("ORDERING_ACQUIRE", 3),
        ("ORDERING_RELEASE", 4),
        ("ORDERING_ACQREL", 5),
        ("ORDERING_SEQCST", 6),
    ];
}

/// `CallMarkersFlags`.
pub mod call_markers {
    pub const CALL_TAIL: u32 = 0;
    pub const CALL_CCONV: u32 = 1;
    pub const CALL_MUSTTAIL: u32 = 14;
    pub const CALL_EXPLICIT_TYPE: u32 = 15;
    pub const CALL_NOTAIL: u32 = 16;
    pub const CALL_FMF: u32 = 17;
    /// Every name with its code.
    pub const NAMES: &[(&str, u32)] = &[
        ("CALL_TAIL", 0),
        ("CALL_CCONV", 1),
        ("CALL_MUSTTAIL", 14),
        ("CALL_EXPLICIT_TYPE", 15),
        ("CALL_NOTAIL", 16),
        ("CALL_FMF", 17),
    ];
}

/// `FunctionCodes`.
pub mod function {
    pub const FUNC_CODE_DECLAREBLOCKS: u32 = 1;
    pub const FUNC_CODE_INST_BINOP: u32 = 2;
    pub const FUNC_CODE_INST_CAST: u32 = 3;
    pub const FUNC_CODE_INST_GEP_OLD: u32 = 4;
    pub const FUNC_CODE_INST_SELECT: u32 = 5;
    pub const FUNC_CODE_INST_EXTRACTELT: u32 = 6;
    pub const FUNC_CODE_INST_INSERTELT: u32 = 7;
    pub const FUNC_CODE_INST_SHUFFLEVEC: u32 = 8;
    pub const FUNC_CODE_INST_CMP: u32 = 9;
    pub const FUNC_CODE_INST_RET: u32 = 10;
    pub const FUNC_CODE_INST_BR: u32 = 11;
    pub const FUNC_CODE_INST_SWITCH: u32 = 12;
    pub const FUNC_CODE_INST_INVOKE: u32 = 13;
    pub const FUNC_CODE_INST_UNREACHABLE: u32 = 15;
    pub const FUNC_CODE_INST_PHI: u32 = 16;
    pub const FUNC_CODE_INST_ALLOCA: u32 = 19;
    pub const FUNC_CODE_INST_LOAD: u32 = 20;
    pub const FUNC_CODE_INST_VAARG: u32 = 23;
    pub const FUNC_CODE_INST_STORE_OLD: u32 = 24;
    pub const FUNC_CODE_INST_EXTRACTVAL: u32 = 26;
    pub const FUNC_CODE_INST_INSERTVAL: u32 = 27;
    pub const FUNC_CODE_INST_CMP2: u32 = 28;
    pub const FUNC_CODE_INST_VSELECT: u32 = 29;
    pub const FUNC_CODE_INST_INBOUNDS_GEP_OLD: u32 = 30;
    pub const FUNC_CODE_INST_INDIRECTBR: u32 = 31;
    pub const FUNC_CODE_DEBUG_LOC_AGAIN: u32 = 33;
    pub const FUNC_CODE_INST_CALL: u32 = 34;
    pub const FUNC_CODE_DEBUG_LOC: u32 = 35;
    pub const FUNC_CODE_INST_FENCE: u32 = 36;
    pub const FUNC_CODE_INST_CMPXCHG_OLD: u32 = 37;
    pub const FUNC_CODE_INST_ATOMICRMW_OLD: u32 = 38;
    pub const FUNC_CODE_INST_RESUME: u32 = 39;
    pub const FUNC_CODE_INST_LANDINGPAD_OLD: u32 = 40;
    pub const FUNC_CODE_INST_LOADATOMIC: u32 = 41;
    pub const FUNC_CODE_INST_STOREATOMIC_OLD: u32 = 42;
    pub const FUNC_CODE_INST_GEP: u32 = 43;
    pub const FUNC_CODE_INST_STORE: u32 = 44;
    pub const FUNC_CODE_INST_STOREATOMIC: u32 = 45;
    pub const FUNC_CODE_INST_CMPXCHG: u32 = 46;
    pub const FUNC_CODE_INST_LANDINGPAD: u32 = 47;
    pub const FUNC_CODE_INST_CLEANUPRET: u32 = 48;
    pub const FUNC_CODE_INST_CATCHRET: u32 = 49;
    pub const FUNC_CODE_INST_CATCHPAD: u32 = 50;
    pub const FUNC_CODE_INST_CLEANUPPAD: u32 = 51;
    pub const FUNC_CODE_INST_CATCHSWITCH: u32 = 52;
    pub const FUNC_CODE_OPERAND_BUNDLE: u32 = 55;
    pub const FUNC_CODE_INST_UNOP: u32 = 56;
    pub const FUNC_CODE_INST_CALLBR: u32 = 57;
    pub const FUNC_CODE_INST_FREEZE: u32 = 58;
    pub const FUNC_CODE_INST_ATOMICRMW: u32 = 59;
    pub const FUNC_CODE_BLOCKADDR_USERS: u32 = 60;
    pub const FUNC_CODE_DEBUG_RECORD_VALUE: u32 = 61;
    pub const FUNC_CODE_DEBUG_RECORD_DECLARE: u32 = 62;
    pub const FUNC_CODE_DEBUG_RECORD_ASSIGN: u32 = 63;
    pub const FUNC_CODE_DEBUG_RECORD_VALUE_SIMPLE: u32 = 64;
    pub const FUNC_CODE_DEBUG_RECORD_LABEL: u32 = 65;
    /// Every name with its code.
    pub const NAMES: &[(&str, u32)] = &[
        ("FUNC_CODE_DECLAREBLOCKS", 1),
        ("FUNC_CODE_INST_BINOP", 2),
        ("FUNC_CODE_INST_CAST", 3),
        ("FUNC_CODE_INST_GEP_OLD", 4),
        ("FUNC_CODE_INST_SELECT", 5),
        ("FUNC_CODE_INST_EXTRACTELT", 6),
        ("FUNC_CODE_INST_INSERTELT", 7),
        ("FUNC_CODE_INST_SHUFFLEVEC", 8),
        ("FUNC_CODE_INST_CMP", 9),
        ("FUNC_CODE_INST_RET", 10),
        ("FUNC_CODE_INST_BR", 11),
        ("FUNC_CODE_INST_SWITCH", 12),
        ("FUNC_CODE_INST_INVOKE", 13),
        ("FUNC_CODE_INST_UNREACHABLE", 15),
        ("FUNC_CODE_INST_PHI", 16),
        ("FUNC_CODE_INST_ALLOCA", 19),
        ("FUNC_CODE_INST_LOAD", 20),
        ("FUNC_CODE_INST_VAARG", 23),
        ("FUNC_CODE_INST_STORE_OLD", 24),
        ("FUNC_CODE_INST_EXTRACTVAL", 26),
        ("FUNC_CODE_INST_INSERTVAL", 27),
        ("FUNC_CODE_INST_CMP2", 28),
        ("FUNC_CODE_INST_VSELECT", 29),
        ("FUNC_CODE_INST_INBOUNDS_GEP_OLD", 30),
        ("FUNC_CODE_INST_INDIRECTBR", 31),
        ("FUNC_CODE_DEBUG_LOC_AGAIN", 33),
        ("FUNC_CODE_INST_CALL", 34),
        ("FUNC_CODE_DEBUG_LOC", 35),
        ("FUNC_CODE_INST_FENCE", 36),
        ("FUNC_CODE_INST_CMPXCHG_OLD", 37),
        ("FUNC_CODE_INST_ATOMICRMW_OLD", 38),
        ("FUNC_CODE_INST_RESUME", 39),
        ("FUNC_CODE_INST_LANDINGPAD_OLD", 40),
        ("FUNC_CODE_INST_LOADATOMIC", 41),
        ("FUNC_CODE_INST_STOREATOMIC_OLD", 42),
        ("FUNC_CODE_INST_GEP", 43),
        ("FUNC_CODE_INST_STORE", 44),
        ("FUNC_CODE_INST_STOREATOMIC", 45),
        ("FUNC_CODE_INST_CMPXCHG", 46),
        ("FUNC_CODE_INST_LANDINGPAD", 47),
        ("FUNC_CODE_INST_CLEANUPRET", 48),
        ("FUNC_CODE_INST_CATCHRET", 49),
        ("FUNC_CODE_INST_CATCHPAD", 50),
        ("FUNC_CODE_INST_CLEANUPPAD", 51),
        ("FUNC_CODE_INST_CATCHSWITCH", 52),
        ("FUNC_CODE_OPERAND_BUNDLE", 55),
        ("FUNC_CODE_INST_UNOP", 56),
        ("FUNC_CODE_INST_CALLBR", 57),
        ("FUNC_CODE_INST_FREEZE", 58),
        ("FUNC_CODE_INST_ATOMICRMW", 59),
        ("FUNC_CODE_BLOCKADDR_USERS", 60),
        ("FUNC_CODE_DEBUG_RECORD_VALUE", 61),
        ("FUNC_CODE_DEBUG_RECORD_DECLARE", 62),
        ("FUNC_CODE_DEBUG_RECORD_ASSIGN", 63),
        ("FUNC_CODE_DEBUG_RECORD_VALUE_SIMPLE", 64),
        ("FUNC_CODE_DEBUG_RECORD_LABEL", 65),
    ];
}

/// `UseListCodes`.
pub mod uselist {
    pub const USELIST_CODE_DEFAULT: u32 = 1;
    pub const USELIST_CODE_BB: u32 = 2;
    /// Every name with its code.
    pub const NAMES: &[(&str, u32)] = &[("USELIST_CODE_DEFAULT", 1), ("USELIST_CODE_BB", 2)];
}

/// `AttributeKindCodes`.
pub mod attr_kind {
    pub const ATTR_KIND_ALIGNMENT: u32 = 1;
    pub const ATTR_KIND_ALWAYS_INLINE: u32 = 2;
    pub const ATTR_KIND_BY_VAL: u32 = 3;
    pub const ATTR_KIND_INLINE_HINT: u32 = 4;
    pub const ATTR_KIND_IN_REG: u32 = 5;
    pub const ATTR_KIND_MIN_SIZE: u32 = 6;
    pub const ATTR_KIND_NAKED: u32 = 7;
    pub const ATTR_KIND_NEST: u32 = 8;
    pub const ATTR_KIND_NO_ALIAS: u32 = 9;
    pub const ATTR_KIND_NO_BUILTIN: u32 = 10;
    pub const ATTR_KIND_NO_CAPTURE: u32 = 11;
    pub const ATTR_KIND_NO_DUPLICATE: u32 = 12;
    pub const ATTR_KIND_NO_IMPLICIT_FLOAT: u32 = 13;
    pub const ATTR_KIND_NO_INLINE: u32 = 14;
    pub const ATTR_KIND_NON_LAZY_BIND: u32 = 15;
    pub const ATTR_KIND_NO_RED_ZONE: u32 = 16;
    pub const ATTR_KIND_NO_RETURN: u32 = 17;
    pub const ATTR_KIND_NO_UNWIND: u32 = 18;
    pub const ATTR_KIND_OPTIMIZE_FOR_SIZE: u32 = 19;
    pub const ATTR_KIND_READ_NONE: u32 = 20;
    pub const ATTR_KIND_READ_ONLY: u32 = 21;
    pub const ATTR_KIND_RETURNED: u32 = 22;
    pub const ATTR_KIND_RETURNS_TWICE: u32 = 23;
    pub const ATTR_KIND_S_EXT: u32 = 24;
    pub const ATTR_KIND_STACK_ALIGNMENT: u32 = 25;
    pub const ATTR_KIND_STACK_PROTECT: u32 = 26;
    pub const ATTR_KIND_STACK_PROTECT_REQ: u32 = 27;
    pub const ATTR_KIND_STACK_PROTECT_STRONG: u32 = 28;
    pub const ATTR_KIND_STRUCT_RET: u32 = 29;
    pub const ATTR_KIND_SANITIZE_ADDRESS: u32 = 30;
    pub const ATTR_KIND_SANITIZE_THREAD: u32 = 31;
    pub const ATTR_KIND_SANITIZE_MEMORY: u32 = 32;
    pub const ATTR_KIND_UW_TABLE: u32 = 33;
    pub const ATTR_KIND_Z_EXT: u32 = 34;
    pub const ATTR_KIND_BUILTIN: u32 = 35;
    pub const ATTR_KIND_COLD: u32 = 36;
    pub const ATTR_KIND_OPTIMIZE_NONE: u32 = 37;
    pub const ATTR_KIND_IN_ALLOCA: u32 = 38;
    pub const ATTR_KIND_NON_NULL: u32 = 39;
    pub const ATTR_KIND_JUMP_TABLE: u32 = 40;
    pub const ATTR_KIND_DEREFERENCEABLE: u32 = 41;
    pub const ATTR_KIND_DEREFERENCEABLE_OR_NULL: u32 = 42;
    pub const ATTR_KIND_CONVERGENT: u32 = 43;
    pub const ATTR_KIND_SAFESTACK: u32 = 44;
    pub const ATTR_KIND_ARGMEMONLY: u32 = 45;
    pub const ATTR_KIND_SWIFT_SELF: u32 = 46;
    pub const ATTR_KIND_SWIFT_ERROR: u32 = 47;
    pub const ATTR_KIND_NO_RECURSE: u32 = 48;
    pub const ATTR_KIND_INACCESSIBLEMEM_ONLY: u32 = 49;
    pub const ATTR_KIND_INACCESSIBLEMEM_OR_ARGMEMONLY: u32 = 50;
    pub const ATTR_KIND_ALLOC_SIZE: u32 = 51;
    pub const ATTR_KIND_WRITEONLY: u32 = 52;
    pub const ATTR_KIND_SPECULATABLE: u32 = 53;
    pub const ATTR_KIND_STRICT_FP: u32 = 54;
    pub const ATTR_KIND_SANITIZE_HWADDRESS: u32 = 55;
    pub const ATTR_KIND_NOCF_CHECK: u32 = 56;
    pub const ATTR_KIND_OPT_FOR_FUZZING: u32 = 57;
    pub const ATTR_KIND_SHADOWCALLSTACK: u32 = 58;
    pub const ATTR_KIND_SPECULATIVE_LOAD_HARDENING: u32 = 59;
    pub const ATTR_KIND_IMMARG: u32 = 60;
    pub const ATTR_KIND_WILLRETURN: u32 = 61;
    pub const ATTR_KIND_NOFREE: u32 = 62;
    pub const ATTR_KIND_NOSYNC: u32 = 63;
    pub const ATTR_KIND_SANITIZE_MEMTAG: u32 = 64;
    pub const ATTR_KIND_PREALLOCATED: u32 = 65;
    pub const ATTR_KIND_NO_MERGE: u32 = 66;
    pub const ATTR_KIND_NULL_POINTER_IS_VALID: u32 = 67;
    pub const ATTR_KIND_NOUNDEF: u32 = 68;
    pub const ATTR_KIND_BYREF: u32 = 69;
    pub const ATTR_KIND_MUSTPROGRESS: u32 = 70;
    pub const ATTR_KIND_NO_CALLBACK: u32 = 71;
    pub const ATTR_KIND_HOT: u32 = 72;
    pub const ATTR_KIND_NO_PROFILE: u32 = 73;
    pub const ATTR_KIND_VSCALE_RANGE: u32 = 74;
    pub const ATTR_KIND_SWIFT_ASYNC: u32 = 75;
    pub const ATTR_KIND_NO_SANITIZE_COVERAGE: u32 = 76;
    pub const ATTR_KIND_ELEMENTTYPE: u32 = 77;
    pub const ATTR_KIND_DISABLE_SANITIZER_INSTRUMENTATION: u32 = 78;
    pub const ATTR_KIND_NO_SANITIZE_BOUNDS: u32 = 79;
    pub const ATTR_KIND_ALLOC_ALIGN: u32 = 80;
    pub const ATTR_KIND_ALLOCATED_POINTER: u32 = 81;
    pub const ATTR_KIND_ALLOC_KIND: u32 = 82;
    pub const ATTR_KIND_PRESPLIT_COROUTINE: u32 = 83;
    pub const ATTR_KIND_FNRETTHUNK_EXTERN: u32 = 84;
    pub const ATTR_KIND_SKIP_PROFILE: u32 = 85;
    pub const ATTR_KIND_MEMORY: u32 = 86;
    pub const ATTR_KIND_NOFPCLASS: u32 = 87;
    pub const ATTR_KIND_OPTIMIZE_FOR_DEBUGGING: u32 = 88;
    pub const ATTR_KIND_WRITABLE: u32 = 89;
    pub const ATTR_KIND_CORO_ONLY_DESTROY_WHEN_COMPLETE: u32 = 90;
    pub const ATTR_KIND_DEAD_ON_UNWIND: u32 = 91;
    pub const ATTR_KIND_RANGE: u32 = 92;
    pub const ATTR_KIND_SANITIZE_NUMERICAL_STABILITY: u32 = 93;
    pub const ATTR_KIND_INITIALIZES: u32 = 94;
    pub const ATTR_KIND_HYBRID_PATCHABLE: u32 = 95;
    /// Every name with its code.
    pub const NAMES: &[(&str, u32)] = &[
        ("ATTR_KIND_ALIGNMENT", 1),
        ("ATTR_KIND_ALWAYS_INLINE", 2),
        ("ATTR_KIND_BY_VAL", 3),
        ("ATTR_KIND_INLINE_HINT", 4),
        ("ATTR_KIND_IN_REG", 5),
        ("ATTR_KIND_MIN_SIZE", 6),
        ("ATTR_KIND_NAKED", 7),
        ("ATTR_KIND_NEST", 8),
        ("ATTR_KIND_NO_ALIAS", 9),
        ("ATTR_KIND_NO_BUILTIN", 10),
        ("ATTR_KIND_NO_CAPTURE", 11),
        ("ATTR_KIND_NO_DUPLICATE", 12),
        ("ATTR_KIND_NO_IMPLICIT_FLOAT", 13),
        ("ATTR_KIND_NO_INLINE", 14),
        ("ATTR_KIND_NON_LAZY_BIND", 15),
        ("ATTR_KIND_NO_RED_ZONE", 16),
        ("ATTR_KIND_NO_RETURN", 17),
        ("ATTR_KIND_NO_UNWIND", 18),
        ("ATTR_KIND_OPTIMIZE_FOR_SIZE", 19),
        ("ATTR_KIND_READ_NONE", 20),
        ("ATTR_KIND_READ_ONLY", 21),
        ("ATTR_KIND_RETURNED", 22),
        ("ATTR_KIND_RETURNS_TWICE", 23),
        ("ATTR_KIND_S_EXT", 24),
        ("ATTR_KIND_STACK_ALIGNMENT", 25),
        ("ATTR_KIND_STACK_PROTECT", 26),
        ("ATTR_KIND_STACK_PROTECT_REQ", 27),
        ("ATTR_KIND_STACK_PROTECT_STRONG", 28),
        ("ATTR_KIND_STRUCT_RET", 29),
        ("ATTR_KIND_SANITIZE_ADDRESS", 30),
        ("ATTR_KIND_SANITIZE_THREAD", 31),
        ("ATTR_KIND_SANITIZE_MEMORY", 32),
        ("ATTR_KIND_UW_TABLE", 33),
        ("ATTR_KIND_Z_EXT", 34),
        ("ATTR_KIND_BUILTIN", 35),
        ("ATTR_KIND_COLD", 36),
        ("ATTR_KIND_OPTIMIZE_NONE", 37),
        ("ATTR_KIND_IN_ALLOCA", 38),
        ("ATTR_KIND_NON_NULL", 39),
        ("ATTR_KIND_JUMP_TABLE", 40),
        ("ATTR_KIND_DEREFERENCEABLE", 41),
        ("ATTR_KIND_DEREFERENCEABLE_OR_NULL", 42),
        ("ATTR_KIND_CONVERGENT", 43),
        ("ATTR_KIND_SAFESTACK", 44),
        ("ATTR_KIND_ARGMEMONLY", 45),
        ("ATTR_KIND_SWIFT_SELF", 46),
        ("ATTR_KIND_SWIFT_ERROR", 47),
        ("ATTR_KIND_NO_RECURSE", 48),
        ("ATTR_KIND_INACCESSIBLEMEM_ONLY", 49),
        ("ATTR_KIND_INACCESSIBLEMEM_OR_ARGMEMONLY", 50),
        ("ATTR_KIND_ALLOC_SIZE", 51),
        ("ATTR_KIND_WRITEONLY", 52),
        ("ATTR_KIND_SPECULATABLE", 53),
        ("ATTR_KIND_STRICT_FP", 54),
        ("ATTR_KIND_SANITIZE_HWADDRESS", 55),
        ("ATTR_KIND_NOCF_CHECK", 56),
        ("ATTR_KIND_OPT_FOR_FUZZING", 57),
        ("ATTR_KIND_SHADOWCALLSTACK", 58),
        ("ATTR_KIND_SPECULATIVE_LOAD_HARDENING", 59),
        ("ATTR_KIND_IMMARG", 60),
        ("ATTR_KIND_WILLRETURN", 61),
        ("ATTR_KIND_NOFREE", 62),
        ("ATTR_KIND_NOSYNC", 63),
        ("ATTR_KIND_SANITIZE_MEMTAG", 64),
        ("ATTR_KIND_PREALLOCATED", 65),
        ("ATTR_KIND_NO_MERGE", 66),
        ("ATTR_KIND_NULL_POINTER_IS_VALID", 67),
        ("ATTR_KIND_NOUNDEF", 68),
        ("ATTR_KIND_BYREF", 69),
        ("ATTR_KIND_MUSTPROGRESS", 70),
        ("ATTR_KIND_NO_CALLBACK", 71),
        ("ATTR_KIND_HOT", 72),
        ("ATTR_KIND_NO_PROFILE", 73),
        ("ATTR_KIND_VSCALE_RANGE", 74),
        ("ATTR_KIND_SWIFT_ASYNC", 75),
        ("ATTR_KIND_NO_SANITIZE_COVERAGE", 76),
        ("ATTR_KIND_ELEMENTTYPE", 77),
        ("ATTR_KIND_DISABLE_SANITIZER_INSTRUMENTATION", 78),
        ("ATTR_KIND_NO_SANITIZE_BOUNDS", 79),
        ("ATTR_KIND_ALLOC_ALIGN", 80),
        ("ATTR_KIND_ALLOCATED_POINTER", 81),
        ("ATTR_KIND_ALLOC_KIND", 82),
        ("ATTR_KIND_PRESPLIT_COROUTINE", 83),
        ("ATTR_KIND_FNRETTHUNK_EXTERN", 84),
        ("ATTR_KIND_SKIP_PROFILE", 85),
        ("ATTR_KIND_MEMORY", 86),
        ("ATTR_KIND_NOFPCLASS", 87),
        ("ATTR_KIND_OPTIMIZE_FOR_DEBUGGING", 88),
        ("ATTR_KIND_WRITABLE", 89),
        ("ATTR_KIND_CORO_ONLY_DESTROY_WHEN_COMPLETE", 90),
        ("ATTR_KIND_DEAD_ON_UNWIND", 91),
        ("ATTR_KIND_RANGE", 92),
        ("ATTR_KIND_SANITIZE_NUMERICAL_STABILITY", 93),
        ("ATTR_KIND_INITIALIZES", 94),
        ("ATTR_KIND_HYBRID_PATCHABLE", 95),
    ];
}

/// `ComdatSelectionKindCodes`.
pub mod comdat {
    pub const COMDAT_SELECTION_KIND_ANY: u32 = 1;
    pub const COMDAT_SELECTION_KIND_EXACT_MATCH: u32 = 2;
    pub const COMDAT_SELECTION_KIND_LARGEST: u32 = 3;
    pub const COMDAT_SELECTION_KIND_NO_DUPLICATES: u32 = 4;
    pub const COMDAT_SELECTION_KIND_SAME_SIZE: u32 = 5;
    /// Every name with its code.
    pub const NAMES: &[(&str, u32)] = &[
        ("COMDAT_SELECTION_KIND_ANY", 1),
        ("COMDAT_SELECTION_KIND_EXACT_MATCH", 2),
        ("COMDAT_SELECTION_KIND_LARGEST", 3),
        ("COMDAT_SELECTION_KIND_NO_DUPLICATES", 4),
        ("COMDAT_SELECTION_KIND_SAME_SIZE", 5),
    ];
}

/// `StrtabCodes`.
pub mod strtab {
    pub const STRTAB_BLOB: u32 = 1;
    /// Every name with its code.
    pub const NAMES: &[(&str, u32)] = &[("STRTAB_BLOB", 1)];
}

/// `SymtabCodes`.
pub mod symtab {
    pub const SYMTAB_BLOB: u32 = 1;
    /// Every name with its code.
    pub const NAMES: &[(&str, u32)] = &[("SYMTAB_BLOB", 1)];
}

/// Block ids the bitstream container itself defines.
pub mod standard {
    pub const BLOCKINFO_BLOCK_ID: u32 = 0;
    pub const SETBID: u32 = 1;
    pub const BLOCKNAME: u32 = 2;
    pub const SETRECORDNAME: u32 = 3;
}

/// The name of block `id` (`MODULE_BLOCK`), or `BLOCK#id`.
pub fn block_name(id: u32) -> String {
    if id == standard::BLOCKINFO_BLOCK_ID {
        return "BLOCKINFO_BLOCK".to_string();
    }
    match block::NAMES.iter().find(|(_, v)| *v == id) {
        Some((n, _)) => n.trim_end_matches("_NEW").trim_end_matches("_ID").to_string(),
        None => format!("BLOCK#{id}"),
    }
}

/// The name of record `code` in block `block` (`INST_CALL`), or `record #code`.
pub fn record_name(block: u32, code: u32) -> String {
    let table: &[(&str, u32)] = match block {
        block::IDENTIFICATION_BLOCK_ID => identification::NAMES,
        block::MODULE_BLOCK_ID => module::NAMES,
        block::PARAMATTR_BLOCK_ID | block::PARAMATTR_GROUP_BLOCK_ID => paramattr::NAMES,
        block::TYPE_BLOCK_ID_NEW => types::NAMES,
        block::OPERAND_BUNDLE_TAGS_BLOCK_ID => bundle_tag::NAMES,
        block::SYNC_SCOPE_NAMES_BLOCK_ID => sync_scope::NAMES,
        block::VALUE_SYMTAB_BLOCK_ID => vst::NAMES,
        block::METADATA_BLOCK_ID
        | block::METADATA_ATTACHMENT_ID
        | block::METADATA_KIND_BLOCK_ID => metadata::NAMES,
        block::CONSTANTS_BLOCK_ID => constants::NAMES,
        block::FUNCTION_BLOCK_ID => function::NAMES,
        block::USELIST_BLOCK_ID => uselist::NAMES,
        block::STRTAB_BLOCK_ID => strtab::NAMES,
        block::SYMTAB_BLOCK_ID => symtab::NAMES,
        _ => &[],
    };
    // Several names may share a code (old and new spellings): the first one wins.
    match table.iter().find(|(_, v)| *v == code) {
        Some((n, _)) => n.to_string(),
        None => format!("record #{code}"),
    }
}
