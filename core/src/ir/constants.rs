//! The module's constant pool: hash-consed constants, including constant expressions.
//!
//! A `ConstId` names one distinct `(type, kind)` pair, so equal constants share an id and
//! comparing constants is comparing ids. Globals, block addresses and inline asm are
//! constants too, as in LLVM.

use super::apint::ApInt;
pub use super::entities::ConstId;
use super::entities::{Block, GlobalId, TypeId};
use super::entity::{EntityRef, EntityVec};
use super::flags::InstFlags;
use super::hashindex::{hash_of, HashIndex};
use super::opcode::Opcode;

/// What a constant is.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum ConstKind {
    /// An integer (`i1` `true`/`false` included).
    Int(ApInt),
    /// A float, as its bit pattern (the low `bits()` bits of the format).
    Float(u128),
    /// `null` (pointers, and target types that allow it).
    Null,
    /// `none` (tokens).
    NoneToken,
    /// `zeroinitializer`.
    Zero,
    /// `undef`.
    Undef,
    /// `poison`.
    Poison,
    /// Struct, array or vector elements, in order.
    Aggregate(Box<[ConstId]>),
    /// `c"..."`: an array of `i8`.
    Bytes(Box<[u8]>),
    /// The address of a global value (`@g`).
    Global(GlobalId),
    /// `blockaddress(@f, %bb)`.
    BlockAddress {
        /// The function.
        func: GlobalId,
        /// The block in that function.
        block: Block,
    },
    /// `dso_local_equivalent @f`.
    DsoLocalEquivalent(GlobalId),
    /// `no_cfi @f`.
    NoCfi(GlobalId),
    /// `ptrauth (ptr @f, i32 key[, i64 disc[, ptr addrdisc]])`.
    PtrAuth(Box<[ConstId]>),
    /// A constant expression.
    Expr(Box<ConstExpr>),
    /// Inline assembly, usable only as a callee.
    InlineAsm(Box<InlineAsm>),
}

/// A constant expression (`getelementptr (...)`, `ptrtoint (...)`, `add (...)`, ...).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ConstExpr {
    /// The operation (LLVM 19 keeps casts, GEP, vector ops, `add sub mul xor`).
    pub op: Opcode,
    /// `nuw`/`nsw`/`inbounds`/`nusw` and the like.
    pub flags: InstFlags,
    /// The operands.
    pub operands: Box<[ConstId]>,
    /// For GEP: the source element type.
    pub source_ty: Option<TypeId>,
    /// For GEP: `inrange(lo, hi)`.
    pub inrange: Option<(ApInt, ApInt)>,
}

/// An inline assembly callee: `asm sideeffect "text", "constraints"`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct InlineAsm {
    /// The assembly text.
    pub asm: Box<[u8]>,
    /// The constraint string.
    pub constraints: Box<[u8]>,
    /// `sideeffect`.
    pub side_effect: bool,
    /// `alignstack`.
    pub align_stack: bool,
    /// `inteldialect`.
    pub intel_dialect: bool,
    /// `unwind`.
    pub unwind: bool,
}

/// One constant: its type and what it is.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ConstData {
    /// The type.
    pub ty: TypeId,
    /// The value.
    pub kind: ConstKind,
}

/// The hash-consed constant pool.
#[derive(Clone, Debug, Default)]
pub struct ConstPool {
    items: EntityVec<ConstId, ConstData>,
    index: HashIndex<ConstId>,
    /// The `blockaddress` constants, which the passes look up per function.
    block_addrs: Vec<ConstId>,
}

impl ConstPool {
    /// Interns a constant.
    pub fn intern(&mut self, ty: TypeId, kind: ConstKind) -> ConstId {
        let data = ConstData { ty, kind };
        let hash = hash_of(&data);
        if let Some(id) = self.find(hash, &data) {
            return id;
        }
        let is_block_addr = matches!(data.kind, ConstKind::BlockAddress { .. });
        let id = self.items.push(data);
        self.index.insert(hash, id);
        if is_block_addr {
            self.block_addrs.push(id);
        }
        id
    }
    /// The constant `kind` of type `ty`, if the pool has it (without adding it).
    pub fn lookup(&self, ty: TypeId, kind: ConstKind) -> Option<ConstId> {
        let data = ConstData { ty, kind };
        self.find(hash_of(&data), &data)
    }
    /// The `blockaddress` constants.
    pub fn block_addresses(&self) -> impl Iterator<Item = &ConstData> {
        self.block_addrs.iter().filter_map(|&c| self.items.get(c))
    }
    #[inline]
    fn find(&self, hash: u64, data: &ConstData) -> Option<ConstId> {
        self.index.find(hash, |id| self.items.get(id) == Some(data))
    }
    /// A constant's data.
    #[inline]
    pub fn get(&self, c: ConstId) -> &ConstData {
        &self.items[c]
    }
    /// A constant's type.
    #[inline]
    pub fn ty(&self, c: ConstId) -> TypeId {
        self.items[c].ty
    }
    /// A constant's kind.
    #[inline]
    pub fn kind(&self, c: ConstId) -> &ConstKind {
        &self.items[c].kind
    }
    /// True when `c` belongs to this pool.
    pub fn is_valid(&self, c: ConstId) -> bool {
        self.items.is_valid(c)
    }
    /// The number of constants.
    pub fn len(&self) -> usize {
        self.items.len()
    }
    /// True when empty.
    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }
    /// An integer constant.
    pub fn int(&mut self, ty: TypeId, v: ApInt) -> ConstId {
        self.intern(ty, ConstKind::Int(v))
    }
    /// All constants.
    pub fn iter(&self) -> impl Iterator<Item = (ConstId, &ConstData)> {
        self.items.iter()
    }
    /// The id the next new constant will get.
    pub fn next_id(&self) -> ConstId {
        ConstId::new(self.items.len())
    }
    /// Renumbers the globals that constants refer to, for passes that delete globals: `map` gives
    /// a global's new id, `None` for a deleted one; constants naming a deleted global become
    /// `poison` of their type (the caller guarantees that nothing left uses them). The
    /// hash-consing map is rebuilt; when two constants become equal, the first keeps being the one
    /// `intern` returns.
    pub fn remap_globals(&mut self, map: &dyn Fn(GlobalId) -> Option<GlobalId>) {
        for d in self.items.values_mut() {
            let new = match &d.kind {
                ConstKind::Global(g) => map(*g).map(ConstKind::Global),
                ConstKind::DsoLocalEquivalent(g) => map(*g).map(ConstKind::DsoLocalEquivalent),
                ConstKind::NoCfi(g) => map(*g).map(ConstKind::NoCfi),
                ConstKind::BlockAddress { func, block } => {
                    map(*func).map(|f| ConstKind::BlockAddress { func: f, block: *block })
                }
                _ => continue,
            };
            d.kind = new.unwrap_or(ConstKind::Poison);
        }
        self.index.clear();
        for (id, d) in self.items.iter() {
            let hash = hash_of(d);
            if self.find(hash, d).is_none() {
                self.index.insert(hash, id);
            }
        }
        let items = &self.items;
        self.block_addrs.retain(|&c| {
            items.get(c).is_some_and(|d| matches!(d.kind, ConstKind::BlockAddress { .. }))
        });
    }
}
