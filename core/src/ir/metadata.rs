//! Metadata: nodes (`!{...}`, `distinct`, specialised `!DILocation(...)`-style records kept as
//! name plus fields), strings, values as metadata, named metadata and attachment kinds.
//!
//! Specialised records are not modelled field by field: they keep their record name and each
//! `field: value` pair as written (values parsed into [`MdField`]), which is enough to verify
//! references, print them back and show them, while semantics never depend on them.

pub use super::entities::MdId;
use super::entities::{ConstId, Symbol};
use super::entity::EntityVec;

/// The attachment kinds LLVM 19 registers at startup (`FixedMetadataKinds.def`), in id order:
/// printing sorts attachments by these ids, and bitcode numbers kinds by them.
pub const FIXED_KINDS: &[&str] = &[
    "dbg",
    "tbaa",
    "prof",
    "fpmath",
    "range",
    "tbaa.struct",
    "invariant.load",
    "alias.scope",
    "noalias",
    "nontemporal",
    "llvm.mem.parallel_loop_access",
    "nonnull",
    "dereferenceable",
    "dereferenceable_or_null",
    "make.implicit",
    "unpredictable",
    "invariant.group",
    "align",
    "llvm.loop",
    "type",
    "section_prefix",
    "absolute_symbol",
    "associated",
    "callees",
    "irr_loop",
    "llvm.access.group",
    "callback",
    "llvm.preserve.access.index",
    "vcall_visibility",
    "noundef",
    "annotation",
    "nosanitize",
    "func_sanitize",
    "exclude",
    "memprof",
    "callsite",
    "kcfi_type",
    "pcsections",
    "DIAssignID",
    "coro.outside.frame",
    "mmra",
];

/// A metadata operand.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Metadata {
    /// A node reference.
    Node(MdId),
    /// `!"..."`: the bytes, interned (see [`MetadataStore::string_bytes`]).
    String(Symbol),
    /// A typed constant as metadata (`i32 1`, `ptr @g`).
    Value(ConstId),
    /// `null` inside a node's operand list.
    Null,
}

/// The value of a field of a specialised record.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum MdField {
    /// A metadata reference, string or `null`.
    Md(Metadata),
    /// An integer, as written (may be negative or wider than 64 bits), interned.
    Int(Symbol),
    /// A bare keyword or several joined by ` | ` (`DW_TAG_member`, `DIFlagA | DIFlagB`, `true`,
    /// `FullDebug`), possibly mixed with integers: the whole text, interned.
    Words(Symbol),
    /// A string (`"..."` without `!`, e.g. `name: "x"`; `!` strings are `Md`), interned.
    Str(Symbol),
    /// A typed value (`DIArgList(i32 1)` elements and `!DIExpression` is positional words/ints).
    Value(ConstId),
}

/// A field of a specialised record: `name: value`, or a positional value (`DIExpression`).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct MdRecordField {
    /// The field name, `None` for positional arguments.
    pub name: Option<Symbol>,
    /// The value.
    pub value: MdField,
}

/// What a node holds.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum MdNodeKind {
    /// `!{ ... }`.
    Tuple(Box<[Metadata]>),
    /// `!DIxxx(field: value, ...)`.
    Record {
        /// The record name without `!` (`DILocation`).
        name: Symbol,
        /// The fields in written order.
        fields: Box<[MdRecordField]>,
    },
    /// A numbered slot that was referenced but never defined (an error the parser reports).
    Undefined,
}

/// A metadata node.
#[derive(Clone, Debug)]
pub struct MdNode {
    /// `distinct`.
    pub distinct: bool,
    /// The contents.
    pub kind: MdNodeKind,
    /// The `!N` number it was written with, if any.
    pub number: Option<u32>,
}

/// `!name = !{!0, !1}`.
#[derive(Clone, Debug)]
pub struct NamedMetadata {
    /// The name without `!`.
    pub name: Box<str>,
    /// The nodes.
    pub nodes: Vec<MdId>,
}

/// The module's metadata.
#[derive(Clone, Debug, Default)]
pub struct MetadataStore {
    /// All nodes.
    pub nodes: EntityVec<MdId, MdNode>,
    /// Named metadata in order.
    pub named: Vec<NamedMetadata>,
}

impl MetadataStore {
    /// The bytes of an interned metadata string (strings may hold any bytes; see
    /// [`super::symbol::name_from_bytes`]).
    pub fn string_bytes<'a>(
        symbols: &'a super::symbol::Interner,
        s: Symbol,
    ) -> std::borrow::Cow<'a, [u8]> {
        super::symbol::name_to_bytes(symbols.get(s).as_bytes())
    }

    /// Adds a node.
    pub fn push(&mut self, node: MdNode) -> MdId {
        self.nodes.push(node)
    }
}
