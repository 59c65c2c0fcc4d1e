//! Debug-info records as LLVM prints them: each record's fields in LLVM's order, without the
//! fields LLVM leaves out when they hold their default, and the operand order that decides
//! metadata numbering.

use crate::ir::metadata::{MdField, Metadata};
use crate::ir::symbol::Interner;

/// When LLVM leaves a field out.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Skip {
    /// Always printed.
    Keep,
    /// Left out when `0` (integers) or `null`.
    Zero,
    /// Left out when `null` (integers are kept, even 0).
    Null,
    /// Left out when `""` or `null`.
    Empty,
    /// Left out when `false`.
    False,
    /// Left out when `true`.
    True,
    /// Left out when it is this word (`DW_TAG_base_type` for `DIBasicType`'s tag).
    Word(&'static str),
}

use Skip::*;

/// The fields of a record in LLVM's printing order with their skip rule; `None` for records
/// printed as written. Fields not listed are printed after these, as written.
pub(crate) fn field_order(record: &str) -> Option<&'static [(&'static str, Skip)]> {
    Some(match record {
        "DILocation" => &[
            ("line", Keep),
            ("column", Zero),
            ("scope", Keep),
            ("inlinedAt", Zero),
            ("isImplicitCode", False),
        ],
        "DISubrange" | "DIGenericSubrange" => {
            &[("count", Null), ("lowerBound", Null), ("upperBound", Null), ("stride", Null)]
        }
        "DIEnumerator" => &[("name", Empty), ("value", Keep), ("isUnsigned", False)],
        "DIBasicType" => &[
            ("tag", Word("DW_TAG_base_type")),
            ("name", Empty),
            ("size", Zero),
            ("align", Zero),
            ("encoding", Zero),
            ("flags", Zero),
        ],
        "DIStringType" => &[
            ("tag", Word("DW_TAG_string_type")),
            ("name", Empty),
            ("stringLength", Zero),
            ("stringLengthExpression", Zero),
            ("stringLocationExpression", Zero),
            ("size", Zero),
            ("align", Zero),
            ("encoding", Zero),
        ],
        "DIDerivedType" => &[
            ("tag", Keep),
            ("name", Empty),
            ("scope", Zero),
            ("file", Zero),
            ("line", Zero),
            ("baseType", Keep),
            ("size", Zero),
            ("align", Zero),
            ("offset", Zero),
            ("flags", Zero),
            ("extraData", Zero),
            ("dwarfAddressSpace", Keep),
            ("annotations", Zero),
            ("ptrAuthKey", Keep),
            ("ptrAuthIsAddressDiscriminated", Keep),
            ("ptrAuthExtraDiscriminator", Keep),
            ("ptrAuthIsaPointer", Keep),
            ("ptrAuthAuthenticatesNullValues", Keep),
        ],
        "DICompositeType" => &[
            ("tag", Keep),
            ("name", Empty),
            ("scope", Zero),
            ("file", Zero),
            ("line", Zero),
            ("baseType", Zero),
            ("size", Zero),
            ("align", Zero),
            ("offset", Zero),
            ("flags", Zero),
            ("elements", Zero),
            ("runtimeLang", Zero),
            ("vtableHolder", Zero),
            ("templateParams", Zero),
            ("identifier", Empty),
            ("discriminator", Zero),
            ("dataLocation", Zero),
            ("associated", Zero),
            ("allocated", Zero),
            ("rank", Null),
            ("annotations", Zero),
        ],
        "DISubroutineType" => &[("flags", Zero), ("cc", Zero), ("types", Keep)],
        "DIFile" => &[
            ("filename", Keep),
            ("directory", Keep),
            ("checksumkind", Keep),
            ("checksum", Keep),
            ("source", Keep),
        ],
        "DICompileUnit" => &[
            ("language", Keep),
            ("file", Keep),
            ("producer", Empty),
            ("isOptimized", Keep),
            ("flags", Empty),
            ("runtimeVersion", Keep),
            ("splitDebugFilename", Empty),
            ("emissionKind", Keep),
            ("enums", Zero),
            ("retainedTypes", Zero),
            ("globals", Zero),
            ("imports", Zero),
            ("macros", Zero),
            ("dwoId", Zero),
            ("splitDebugInlining", True),
            ("debugInfoForProfiling", False),
            ("nameTableKind", Word("Default")),
            ("rangesBaseAddress", False),
            ("sysroot", Empty),
            ("sdk", Empty),
        ],
        "DISubprogram" => &[
            ("name", Empty),
            ("linkageName", Empty),
            ("scope", Keep),
            ("file", Zero),
            ("line", Zero),
            ("type", Zero),
            ("scopeLine", Zero),
            ("containingType", Zero),
            ("virtuality", Keep),
            ("virtualIndex", Keep),
            ("thisAdjustment", Zero),
            ("flags", Zero),
            ("spFlags", Keep),
            ("unit", Zero),
            ("templateParams", Zero),
            ("declaration", Zero),
            ("retainedNodes", Zero),
            ("thrownTypes", Zero),
            ("annotations", Zero),
            ("targetFuncName", Empty),
        ],
        "DILexicalBlock" => &[("scope", Keep), ("file", Zero), ("line", Zero), ("column", Zero)],
        "DILexicalBlockFile" => &[("scope", Keep), ("file", Zero), ("discriminator", Keep)],
        "DINamespace" => &[("name", Empty), ("scope", Keep), ("exportSymbols", False)],
        "DICommonBlock" => &[
            ("scope", Keep),
            ("declaration", Zero),
            ("name", Empty),
            ("file", Zero),
            ("line", Zero),
        ],
        "DIMacro" => &[("type", Keep), ("line", Zero), ("name", Empty), ("value", Empty)],
        "DIMacroFile" => &[
            ("type", Word("DW_MACINFO_start_file")),
            ("line", Zero),
            ("file", Keep),
            ("nodes", Zero),
        ],
        "DIModule" => &[
            ("scope", Keep),
            ("name", Empty),
            ("configMacros", Empty),
            ("includePath", Empty),
            ("apinotes", Empty),
            ("file", Zero),
            ("line", Zero),
            ("isDecl", False),
        ],
        "DITemplateTypeParameter" => &[("name", Empty), ("type", Keep), ("defaulted", False)],
        "DITemplateValueParameter" => &[
            ("tag", Word("DW_TAG_template_value_parameter")),
            ("name", Empty),
            ("type", Zero),
            ("defaulted", False),
            ("value", Keep),
        ],
        "DIGlobalVariable" => &[
            ("name", Empty),
            ("linkageName", Empty),
            ("scope", Keep),
            ("file", Zero),
            ("line", Zero),
            ("type", Zero),
            ("isLocal", Keep),
            ("isDefinition", Keep),
            ("declaration", Zero),
            ("templateParams", Zero),
            ("align", Zero),
            ("annotations", Zero),
        ],
        "DILocalVariable" => &[
            ("name", Empty),
            ("arg", Zero),
            ("scope", Keep),
            ("file", Zero),
            ("line", Zero),
            ("type", Zero),
            ("flags", Zero),
            ("align", Zero),
            ("annotations", Zero),
        ],
        "DILabel" => &[("scope", Keep), ("name", Empty), ("file", Zero), ("line", Zero)],
        "DIGlobalVariableExpression" => &[("var", Keep), ("expr", Zero)],
        "DIObjCProperty" => &[
            ("name", Empty),
            ("file", Zero),
            ("line", Zero),
            ("setter", Empty),
            ("getter", Empty),
            ("attributes", Zero),
            ("type", Zero),
        ],
        "DIImportedEntity" => &[
            ("tag", Keep),
            ("name", Empty),
            ("scope", Keep),
            ("entity", Zero),
            ("file", Zero),
            ("line", Zero),
            ("elements", Zero),
        ],
        _ => return None,
    })
}

fn is_null(v: &MdField) -> bool {
    matches!(v, MdField::Md(Metadata::Null))
}

fn is_word(syms: &Interner, v: &MdField, w: &str) -> bool {
    matches!(v, MdField::Words(s) if syms.get(*s) == w)
}

/// True when LLVM would leave this field value out under `rule`.
pub(crate) fn skipped(syms: &Interner, rule: Skip, v: &MdField) -> bool {
    match rule {
        Keep => false,
        Zero => {
            is_null(v)
                || matches!(v, MdField::Int(s) if syms.get(*s).trim_start_matches(['-', '+']).bytes().all(|b| b == b'0'))
                || is_word(syms, v, "0")
                || is_word(syms, v, "DIFlagZero")
                || is_word(syms, v, "DISPFlagZero")
        }
        Null => is_null(v),
        Empty => is_null(v) || matches!(v, MdField::Str(s) if syms.get(*s).is_empty()),
        False => is_word(syms, v, "false"),
        True => is_word(syms, v, "true"),
        Word(w) => is_word(syms, v, w),
    }
}

/// The fields of debug-info records that hold nodes, in LLVM's operand order (which decides
/// the numbering); fields not listed follow in written order.
pub(crate) fn operand_order(record: &str) -> &'static [&'static str] {
    match record {
        "DILocation" => &["scope", "inlinedAt"],
        "DISubrange" | "DIGenericSubrange" => &["count", "lowerBound", "upperBound", "stride"],
        "DIStringType" => &["stringLength", "stringLengthExpression", "stringLocationExpression"],
        "DIDerivedType" => &["file", "scope", "baseType", "extraData", "annotations"],
        "DICompositeType" => &[
            "file",
            "scope",
            "baseType",
            "elements",
            "vtableHolder",
            "templateParams",
            "discriminator",
            "dataLocation",
            "associated",
            "allocated",
            "rank",
            "annotations",
        ],
        "DISubroutineType" => &["types"],
        "DICompileUnit" => &["file", "enums", "retainedTypes", "globals", "imports", "macros"],
        "DISubprogram" => &[
            "file",
            "scope",
            "type",
            "unit",
            "declaration",
            "retainedNodes",
            "containingType",
            "templateParams",
            "thrownTypes",
            "annotations",
        ],
        "DILexicalBlock" | "DILexicalBlockFile" | "DIModule" => &["file", "scope"],
        "DICommonBlock" => &["scope", "declaration", "file"],
        "DITemplateTypeParameter" => &["type"],
        "DITemplateValueParameter" => &["type", "value"],
        "DIGlobalVariable" => {
            &["scope", "file", "type", "declaration", "templateParams", "annotations"]
        }
        "DILocalVariable" => &["scope", "file", "type", "annotations"],
        "DILabel" => &["scope", "file"],
        "DIObjCProperty" => &["file", "type"],
        "DIImportedEntity" => &["scope", "entity", "file", "elements"],
        "DIGlobalVariableExpression" => &["var", "expr"],
        "DIMacroFile" => &["file", "nodes"],
        _ => &[],
    }
}
