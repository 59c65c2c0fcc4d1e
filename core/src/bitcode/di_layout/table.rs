//! The layout table: for each specialised record LLVM 19 writes, its code, its operand count,
//! the constant bits of operand 0, and its fields in the order `llvm-dis-19` prints them, each
//! with the operand it lives in, how it is encoded, when it is printed, and the operand a
//! missing field gets when writing.

use super::dwarf::{CONVENTIONS, ENCODINGS, LANGUAGES, MACINFO, TAGS};
use crate::bitcode::codes::metadata as c;

/// How a field is stored in its operand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Ty {
    /// A metadata reference as `id + 1` (`0` is `null`).
    Md,
    /// A metadata reference as the id itself (never null: `DILocation`'s scope).
    MdRaw,
    /// A metadata string as `id + 1`; `0` is the empty string.
    Str,
    /// An unsigned integer of LLVM's field width (16, 32 or 64 bits; wider operands wrap).
    U(u32),
    /// A column: 16 bits, and LLVM sets a column that does not fit to 0.
    Column,
    /// A signed 32-bit integer stored sign-extended to 64 bits (`thisAdjustment`).
    I32,
    /// `true`/`false` as 1/0.
    Bool,
    /// `true`/`false` packed in bit `n` of operand 0.
    Bit(u32),
    /// A DWARF keyword of the table, or its number when it has no name.
    Key(&'static [(u32, &'static str)]),
    /// `DIFlag*` joined by ` | `.
    Flags,
    /// `DISPFlag*` joined by ` | `.
    SpFlags,
    /// `DICompileUnit`'s emission kind.
    Emission,
    /// `DICompileUnit`'s name-table kind.
    NameTable,
    /// `DIFile`'s checksum kind (`CSK_*`).
    Checksum,
    /// A `DISubrange`/`DICompositeType` bound: a reference, printed as an integer when it is
    /// an integer constant (the text gives `i64` constants as plain integers).
    Bound,
    /// A `DIGenericSubrange` bound: a reference, printed as an integer when it is a
    /// `DIExpression(DW_OP_consts, N)`.
    GenericBound,
    /// `dwarfAddressSpace` stored as value + 1, `0` for none.
    AddrSpace,
    /// A part of `DIDerivedType`'s packed pointer-authentication operand.
    PtrAuth(PtrAuth),
    /// `DIGlobalVariableExpression`'s `expr`, where null reads as an empty `DIExpression`.
    ExprOrEmpty,
}

/// The parts of the packed pointer-authentication operand: key (bits 0-3), address
/// discrimination (bit 4), extra discriminator (bits 5-20), isa pointer (bit 21),
/// authenticates null values (bit 22).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum PtrAuth {
    Key,
    AddrDisc,
    Extra,
    Isa,
    AuthNull,
}

impl PtrAuth {
    /// `(shift, mask)` of the part.
    pub(super) fn bits(self) -> (u32, u64) {
        match self {
            PtrAuth::Key => (0, 0xf),
            PtrAuth::AddrDisc => (4, 1),
            PtrAuth::Extra => (5, 0xffff),
            PtrAuth::Isa => (21, 1),
            PtrAuth::AuthNull => (22, 1),
        }
    }
    /// True for the parts printed as `true`/`false`.
    pub(super) fn is_bool(self) -> bool {
        matches!(self, PtrAuth::AddrDisc | PtrAuth::Isa | PtrAuth::AuthNull)
    }
}

/// When `llvm-dis-19` prints a field.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Show {
    /// Unless zero, null or the empty string.
    Nonzero,
    /// Always (`null`, `0`, `""`, `false` included).
    Always,
    /// Unless the operand equals this value (booleans with a default, tags with a default).
    Unless(u64),
    /// Unless the reference is null (an empty but present string is printed).
    NonNull,
    /// `DIFile`'s checksum pair: when both the kind and the value are set.
    Checksum,
    /// `DISubprogram`'s `virtualIndex`: when virtual or non-zero.
    VirtualIndex,
    /// `DIDerivedType`'s pointer-authentication parts: when the tag is
    /// `DW_TAG_LLVM_ptrauth_type` (the integer parts unless zero).
    PtrAuth,
    /// Never (`DIMacroFile`'s `type`).
    Never,
}

/// One field.
#[derive(Debug)]
pub(super) struct Slot {
    /// The field name as printed.
    pub name: &'static str,
    /// The operand index.
    pub op: usize,
    /// How it is stored.
    pub ty: Ty,
    /// When it is printed.
    pub show: Show,
    /// The operand written when the text omits the field.
    pub default: u64,
}

/// One record.
#[derive(Debug)]
pub(super) struct Layout {
    /// The record code (`METADATA_*`).
    pub code: u32,
    /// The record name (`DILocation`).
    pub name: &'static str,
    /// The number of operands LLVM 19 writes.
    pub len: usize,
    /// The bits of operand 0 besides `distinct` that LLVM 19 always sets (version bits).
    pub bits: u64,
    /// The fields in printed order.
    pub slots: &'static [Slot],
}

const fn f(name: &'static str, op: usize, ty: Ty, show: Show) -> Slot {
    Slot { name, op, ty, show, default: 0 }
}
const fn d(name: &'static str, op: usize, ty: Ty, show: Show, default: u64) -> Slot {
    Slot { name, op, ty, show, default }
}

use Show::{Always as A, Nonzero as N};
use Ty::{Bool, Md, Str};
const U16: Ty = Ty::U(16);
const U32: Ty = Ty::U(32);
const U64: Ty = Ty::U(64);
const TAG: Ty = Ty::Key(TAGS);
const NO: Show = Show::Unless(0);

/// `DW_TAG_base_type`, `DW_TAG_string_type`, `DW_TAG_template_value_parameter`,
/// `DW_TAG_LLVM_ptrauth_type`.
pub(super) const TAG_BASE_TYPE: u64 = 0x24;
const TAG_STRING_TYPE: u64 = 0x12;
const TAG_TEMPLATE_VALUE: u64 = 0x30;
pub(super) const TAG_PTRAUTH: u64 = 0x4300;

/// Every record with a fixed layout (`DIEnumerator`, `DIExpression` and `GenericDINode` have
/// their own code; `DISubrange` and the rest of the older layouts are first brought to these).
#[rustfmt::skip]
pub(super) const LAYOUTS: &[Layout] = &[
    Layout { code: c::METADATA_LOCATION, name: "DILocation", len: 6, bits: 0, slots: &[
        f("line", 1, U32, A), f("column", 2, Ty::Column, N), f("scope", 3, Ty::MdRaw, A),
        f("inlinedAt", 4, Md, N), f("isImplicitCode", 5, Bool, NO)] },
    Layout { code: c::METADATA_SUBRANGE, name: "DISubrange", len: 5, bits: 2 << 1, slots: &[
        f("count", 1, Ty::Bound, N), f("lowerBound", 2, Ty::Bound, N),
        f("upperBound", 3, Ty::Bound, N), f("stride", 4, Ty::Bound, N)] },
    Layout { code: c::METADATA_GENERIC_SUBRANGE, name: "DIGenericSubrange", len: 5, bits: 0, slots: &[
        f("count", 1, Ty::GenericBound, N), f("lowerBound", 2, Ty::GenericBound, N),
        f("upperBound", 3, Ty::GenericBound, N), f("stride", 4, Ty::GenericBound, N)] },
    Layout { code: c::METADATA_BASIC_TYPE, name: "DIBasicType", len: 7, bits: 0, slots: &[
        d("tag", 1, TAG, Show::Unless(TAG_BASE_TYPE), TAG_BASE_TYPE), f("name", 2, Str, N),
        f("size", 3, U64, N), f("align", 4, U32, N), f("encoding", 5, Ty::Key(ENCODINGS), N),
        f("flags", 6, Ty::Flags, N)] },
    Layout { code: c::METADATA_STRING_TYPE, name: "DIStringType", len: 9, bits: 0, slots: &[
        d("tag", 1, TAG, Show::Unless(TAG_STRING_TYPE), TAG_STRING_TYPE), f("name", 2, Str, N),
        f("stringLength", 3, Md, N), f("stringLengthExpression", 4, Md, N),
        f("stringLocationExpression", 5, Md, N), f("size", 6, U64, N), f("align", 7, U32, N),
        f("encoding", 8, Ty::Key(ENCODINGS), N)] },
    Layout { code: c::METADATA_DERIVED_TYPE, name: "DIDerivedType", len: 15, bits: 0, slots: &[
        f("tag", 1, TAG, A), f("name", 2, Str, N), f("scope", 5, Md, N), f("file", 3, Md, N),
        f("line", 4, U32, N), f("baseType", 6, Md, A), f("size", 7, U64, N), f("align", 8, U32, N),
        f("offset", 9, U64, N), f("flags", 10, Ty::Flags, N), f("extraData", 11, Md, N),
        f("dwarfAddressSpace", 12, Ty::AddrSpace, N), f("annotations", 13, Md, N),
        f("ptrAuthKey", 14, Ty::PtrAuth(PtrAuth::Key), Show::PtrAuth),
        f("ptrAuthIsAddressDiscriminated", 14, Ty::PtrAuth(PtrAuth::AddrDisc), Show::PtrAuth),
        f("ptrAuthExtraDiscriminator", 14, Ty::PtrAuth(PtrAuth::Extra), Show::PtrAuth),
        f("ptrAuthIsaPointer", 14, Ty::PtrAuth(PtrAuth::Isa), Show::PtrAuth),
        f("ptrAuthAuthenticatesNullValues", 14, Ty::PtrAuth(PtrAuth::AuthNull), Show::PtrAuth)] },
    Layout { code: c::METADATA_COMPOSITE_TYPE, name: "DICompositeType", len: 22, bits: 2, slots: &[
        f("tag", 1, TAG, A), f("name", 2, Str, N), f("scope", 5, Md, N), f("file", 3, Md, N),
        f("line", 4, U32, N), f("baseType", 6, Md, N), f("size", 7, U64, N), f("align", 8, U32, N),
        f("offset", 9, U64, N), f("flags", 10, Ty::Flags, N), f("elements", 11, Md, N),
        f("runtimeLang", 12, Ty::Key(LANGUAGES), N), f("vtableHolder", 13, Md, N),
        f("templateParams", 14, Md, N), f("identifier", 15, Str, N), f("discriminator", 16, Md, N),
        f("dataLocation", 17, Md, N), f("associated", 18, Md, N), f("allocated", 19, Md, N),
        f("rank", 20, Ty::Bound, N), f("annotations", 21, Md, N)] },
    Layout { code: c::METADATA_SUBROUTINE_TYPE, name: "DISubroutineType", len: 4, bits: 2, slots: &[
        f("flags", 1, Ty::Flags, N), f("cc", 3, Ty::Key(CONVENTIONS), N), f("types", 2, Md, A)] },
    Layout { code: c::METADATA_FILE, name: "DIFile", len: 6, bits: 0, slots: &[
        f("filename", 1, Str, A), f("directory", 2, Str, A),
        f("checksumkind", 3, Ty::Checksum, Show::Checksum), f("checksum", 4, Str, Show::Checksum),
        f("source", 5, Str, Show::NonNull)] },
    Layout { code: c::METADATA_COMPILE_UNIT, name: "DICompileUnit", len: 22, bits: 0, slots: &[
        f("language", 1, Ty::Key(LANGUAGES), A), f("file", 2, Md, A), f("producer", 3, Str, N),
        f("isOptimized", 4, Bool, A), f("flags", 5, Str, N), f("runtimeVersion", 6, U32, A),
        f("splitDebugFilename", 7, Str, N), f("emissionKind", 8, Ty::Emission, A),
        f("enums", 9, Md, N), f("retainedTypes", 10, Md, N), f("globals", 12, Md, N),
        f("imports", 13, Md, N), f("macros", 15, Md, N), f("dwoId", 14, U64, N),
        d("splitDebugInlining", 16, Bool, Show::Unless(1), 1), f("debugInfoForProfiling", 17, Bool, NO),
        f("nameTableKind", 18, Ty::NameTable, N), f("rangesBaseAddress", 19, Bool, NO),
        f("sysroot", 20, Str, N), f("sdk", 21, Str, N)] },
    Layout { code: c::METADATA_SUBPROGRAM, name: "DISubprogram", len: 20, bits: 6, slots: &[
        f("name", 2, Str, N), f("linkageName", 3, Str, N), f("scope", 1, Md, A), f("file", 4, Md, N),
        f("line", 5, U32, N), f("type", 6, Md, N), f("scopeLine", 7, U32, N),
        f("containingType", 8, Md, N), f("virtualIndex", 10, U32, Show::VirtualIndex),
        f("thisAdjustment", 16, Ty::I32, N), f("flags", 11, Ty::Flags, N),
        f("spFlags", 9, Ty::SpFlags, A), f("unit", 12, Md, N), f("templateParams", 13, Md, N),
        f("declaration", 14, Md, N), f("retainedNodes", 15, Md, N), f("thrownTypes", 17, Md, N),
        f("annotations", 18, Md, N), f("targetFuncName", 19, Str, N)] },
    Layout { code: c::METADATA_LEXICAL_BLOCK, name: "DILexicalBlock", len: 5, bits: 0, slots: &[
        f("scope", 1, Md, A), f("file", 2, Md, N), f("line", 3, U32, N), f("column", 4, Ty::Column, N)] },
    Layout { code: c::METADATA_LEXICAL_BLOCK_FILE, name: "DILexicalBlockFile", len: 4, bits: 0, slots: &[
        f("scope", 1, Md, A), f("file", 2, Md, N), f("discriminator", 3, U32, A)] },
    Layout { code: c::METADATA_COMMON_BLOCK, name: "DICommonBlock", len: 6, bits: 0, slots: &[
        f("scope", 1, Md, A), f("declaration", 2, Md, A), f("name", 3, Str, N), f("file", 4, Md, N),
        f("line", 5, U32, N)] },
    Layout { code: c::METADATA_NAMESPACE, name: "DINamespace", len: 3, bits: 0, slots: &[
        f("name", 2, Str, N), f("scope", 1, Md, A), f("exportSymbols", 0, Ty::Bit(1), NO)] },
    Layout { code: c::METADATA_MODULE, name: "DIModule", len: 9, bits: 0, slots: &[
        f("scope", 2, Md, A), f("name", 3, Str, N), f("configMacros", 4, Str, N),
        f("includePath", 5, Str, N), f("apinotes", 6, Str, N), f("file", 1, Md, N),
        f("line", 7, U32, N), f("isDecl", 8, Bool, NO)] },
    Layout { code: c::METADATA_MACRO, name: "DIMacro", len: 5, bits: 0, slots: &[
        f("type", 1, Ty::Key(MACINFO), A), f("line", 2, U32, N), f("name", 3, Str, N),
        f("value", 4, Str, N)] },
    Layout { code: c::METADATA_MACRO_FILE, name: "DIMacroFile", len: 5, bits: 0, slots: &[
        d("type", 1, Ty::Key(MACINFO), Show::Never, 3), f("line", 2, U32, N), f("file", 3, Md, A),
        f("nodes", 4, Md, N)] },
    Layout { code: c::METADATA_TEMPLATE_TYPE, name: "DITemplateTypeParameter", len: 4, bits: 0, slots: &[
        f("name", 1, Str, N), f("type", 2, Md, A), f("defaulted", 3, Bool, NO)] },
    Layout { code: c::METADATA_TEMPLATE_VALUE, name: "DITemplateValueParameter", len: 6, bits: 0, slots: &[
        d("tag", 1, TAG, Show::Unless(TAG_TEMPLATE_VALUE), TAG_TEMPLATE_VALUE), f("name", 2, Str, N),
        f("type", 3, Md, N), f("defaulted", 4, Bool, NO), f("value", 5, Md, A)] },
    Layout { code: c::METADATA_GLOBAL_VAR, name: "DIGlobalVariable", len: 13, bits: 2 << 1, slots: &[
        f("name", 2, Str, N), f("linkageName", 3, Str, N), f("scope", 1, Md, A), f("file", 4, Md, N),
        f("line", 5, U32, N), f("type", 6, Md, N), f("isLocal", 7, Bool, A),
        d("isDefinition", 8, Bool, A, 1), f("declaration", 9, Md, N), f("templateParams", 10, Md, N),
        f("align", 11, U32, N), f("annotations", 12, Md, N)] },
    Layout { code: c::METADATA_LOCAL_VAR, name: "DILocalVariable", len: 10, bits: 2, slots: &[
        f("name", 2, Str, N), f("arg", 6, U16, N), f("scope", 1, Md, A), f("file", 3, Md, N),
        f("line", 4, U32, N), f("type", 5, Md, N), f("flags", 7, Ty::Flags, N), f("align", 8, U32, N),
        f("annotations", 9, Md, N)] },
    Layout { code: c::METADATA_LABEL, name: "DILabel", len: 5, bits: 0, slots: &[
        f("scope", 1, Md, A), f("name", 2, Str, N), f("file", 3, Md, N), f("line", 4, U32, N)] },
    Layout { code: c::METADATA_GLOBAL_VAR_EXPR, name: "DIGlobalVariableExpression", len: 3, bits: 0, slots: &[
        f("var", 1, Md, N), f("expr", 2, Ty::ExprOrEmpty, N)] },
    Layout { code: c::METADATA_OBJC_PROPERTY, name: "DIObjCProperty", len: 8, bits: 0, slots: &[
        f("name", 1, Str, N), f("file", 2, Md, N), f("line", 3, U32, N), f("setter", 5, Str, N),
        f("getter", 4, Str, N), f("attributes", 6, U32, N), f("type", 7, Md, N)] },
    Layout { code: c::METADATA_IMPORTED_ENTITY, name: "DIImportedEntity", len: 8, bits: 0, slots: &[
        f("tag", 1, TAG, A), f("name", 5, Str, N), f("scope", 2, Md, A), f("entity", 3, Md, N),
        f("file", 6, Md, N), f("line", 4, U32, N), f("elements", 7, Md, N)] },
    Layout { code: c::METADATA_ASSIGN_ID, name: "DIAssignID", len: 1, bits: 0, slots: &[] },
];

/// The layout of record `code`.
pub(super) fn by_code(code: u32) -> Option<&'static Layout> {
    LAYOUTS.iter().find(|l| l.code == code)
}

/// The layout of the record named `name`.
pub(super) fn by_name(name: &str) -> Option<&'static Layout> {
    LAYOUTS.iter().find(|l| l.name == name)
}
