//! Functions: parameters, SSA values, basic blocks in layout order, and debug records.
//!
//! A function body owns arenas of values, instructions and blocks. Definitions live in the
//! arenas; order lives in `layout` (the block order) and each block's `insts` list, so a pass
//! that moves code never copies instruction data.

use super::entities::{AttrSetId, ConstId, Inst, MdId, Symbol, TypeId};
pub use super::entities::{Block, MdOpId, Value};
use super::entity::EntityVec;
use super::inst::{InstData, Operand};
use super::intrinsics::Intrinsic;
use super::metadata::Metadata;
use crate::diag::Span;
use rustc_hash::FxHashMap as HashMap;

/// A local name as written: `%name`, or unnamed (`%N`, numbered in order when printed).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub enum LocalName {
    /// Unnamed: printed as the next number.
    #[default]
    Unnamed,
    /// `%name`.
    Named(Symbol),
}

/// Where a value comes from.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ValueDef {
    /// Parameter `i`.
    Param(u32),
    /// The result of an instruction.
    Inst(Inst),
}

/// An SSA value.
#[derive(Clone, Debug)]
pub struct ValueData {
    /// Its type.
    pub ty: TypeId,
    /// Its definition.
    pub def: ValueDef,
    /// Its name.
    pub name: LocalName,
}

/// A basic block.
#[derive(Clone, Debug, Default)]
pub struct BlockData {
    /// Its label.
    pub name: LocalName,
    /// Its instructions in order.
    pub insts: Vec<Inst>,
    /// Where its label (or first instruction) was written.
    pub span: Span,
    /// True once the block's label has been defined (false for a forward reference only).
    pub defined: bool,
}

/// A metadata operand: plain metadata, or a function-local value wrapped as metadata.
#[derive(Clone, Debug, PartialEq)]
pub enum MdOperand {
    /// `metadata !5`, `metadata !"s"`, `metadata i32 1` ...
    Md(Metadata),
    /// `metadata i32 %x` (a local value or constant as metadata).
    Local(Operand),
    /// `!DIArgList(i32 %a, i32 1)`.
    ArgList(Box<[Operand]>),
}

/// The kind of a debug record.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum DbgRecordKind {
    /// `#dbg_value`.
    Value,
    /// `#dbg_declare`.
    Declare,
    /// `#dbg_assign`.
    Assign,
    /// `#dbg_label`.
    Label,
}

impl DbgRecordKind {
    /// The keyword after `#dbg_`.
    pub fn name(self) -> &'static str {
        match self {
            DbgRecordKind::Value => "value",
            DbgRecordKind::Declare => "declare",
            DbgRecordKind::Assign => "assign",
            DbgRecordKind::Label => "label",
        }
    }
}

/// A debug record (`#dbg_value(...)`), attached before an instruction.
#[derive(Clone, Debug)]
pub struct DbgRecord {
    /// Which record.
    pub kind: DbgRecordKind,
    /// Its operands, in written order (for `#dbg_label` only the label and the location).
    pub args: Vec<MdOpId>,
    /// Where it was written.
    pub span: Span,
}

/// The body of a defined function.
#[derive(Clone, Debug, Default)]
pub struct Body {
    /// All values (parameters first).
    pub values: EntityVec<Value, ValueData>,
    /// All instructions.
    pub insts: EntityVec<Inst, InstData>,
    /// All blocks.
    pub blocks: EntityVec<Block, BlockData>,
    /// Block order; the first is the entry block.
    pub layout: Vec<Block>,
    /// Metadata operands.
    pub md_ops: EntityVec<MdOpId, MdOperand>,
    /// Debug records, by the instruction they precede.
    pub dbg_records: HashMap<Inst, Vec<DbgRecord>>,
    /// The value of each parameter.
    pub params: Vec<Value>,
    /// Where each value was defined (parallel to `values`).
    pub value_spans: EntityVec<Value, Span>,
}

impl Body {
    /// Releases the spare capacity left by building the body.
    pub fn shrink_to_fit(&mut self) {
        self.values.shrink_to_fit();
        self.insts.shrink_to_fit();
        self.blocks.shrink_to_fit();
        self.md_ops.shrink_to_fit();
        self.layout.shrink_to_fit();
        self.value_spans.shrink_to_fit();
        self.dbg_records.shrink_to_fit();
        for b in self.blocks.values_mut() {
            b.insts.shrink_to_fit();
        }
    }

    /// The entry block.
    pub fn entry(&self) -> Option<Block> {
        self.layout.first().copied()
    }
    /// The type of an operand.
    pub fn value_ty(&self, v: Value) -> TypeId {
        self.values.get(v).map(|d| d.ty).unwrap_or(TypeId::VOID)
    }
    /// The terminator of a block, if its last instruction is one.
    pub fn terminator(&self, b: Block) -> Option<Inst> {
        let last = *self.blocks.get(b)?.insts.last()?;
        self.insts.get(last)?.op.is_terminator().then_some(last)
    }
    /// Successors of a block (from its terminator).
    pub fn successors(&self, b: Block) -> Vec<Block> {
        match self.terminator(b) {
            Some(t) => self.insts[t].successors(),
            None => Vec::new(),
        }
    }
    /// Appends an instruction to a block, creating its result value when `ty` is not void.
    pub fn append(&mut self, b: Block, mut data: InstData, name: LocalName) -> Inst {
        let inst = self.insts.next_key();
        if data.ty != TypeId::VOID {
            let v = self.values.push(ValueData { ty: data.ty, def: ValueDef::Inst(inst), name });
            self.value_spans.push(data.span);
            data.result = Some(v);
        }
        self.insts.push(data);
        if let Some(bd) = self.blocks.get_mut(b) {
            bd.insts.push(inst);
        }
        inst
    }
}

/// A function parameter.
#[derive(Clone, Debug)]
pub struct Param {
    /// Its type.
    pub ty: TypeId,
    /// Its attributes.
    pub attrs: AttrSetId,
    /// Its name.
    pub name: LocalName,
    /// Where it was written.
    pub span: Span,
}

/// A function (declaration or definition).
#[derive(Clone, Debug)]
pub struct Function {
    /// The function type.
    pub ty: TypeId,
    /// The calling convention number (0 = `ccc`).
    pub cc: u32,
    /// Return attributes.
    pub ret_attrs: AttrSetId,
    /// Function attributes (groups already merged in).
    pub fn_attrs: AttrSetId,
    /// Parameters.
    pub params: Vec<Param>,
    /// `section "..."`.
    pub section: Option<Box<[u8]>>,
    /// `align N`.
    pub align: Option<u64>,
    /// `gc "name"`.
    pub gc: Option<Box<[u8]>>,
    /// `prefix <const>`.
    pub prefix: Option<ConstId>,
    /// `prologue <const>`.
    pub prologue: Option<ConstId>,
    /// `personality <const>`.
    pub personality: Option<ConstId>,
    /// `addrspace(N)` of the function.
    pub addrspace: u32,
    /// The body; `None` for declarations.
    pub body: Option<Body>,
    /// Blocks referenced by `blockaddress` before the body was parsed, by name.
    pub forward_blocks: HashMap<Symbol, Block>,
    /// Metadata attachments on the function (`!dbg !12` after the signature).
    pub md: Vec<(Symbol, MdId)>,
    /// The intrinsic family its name gives, resolved once (see [`super::intrinsics`]).
    pub intrinsic: Option<Intrinsic>,
}

impl Function {
    /// A declaration of the given type with default everything.
    pub fn new(ty: TypeId) -> Function {
        Function {
            ty,
            cc: 0,
            ret_attrs: AttrSetId::EMPTY,
            fn_attrs: AttrSetId::EMPTY,
            params: Vec::new(),
            section: None,
            align: None,
            gc: None,
            prefix: None,
            prologue: None,
            personality: None,
            addrspace: 0,
            body: None,
            forward_blocks: HashMap::default(),
            md: Vec::new(),
            intrinsic: None,
        }
    }
    /// True for a declaration.
    pub fn is_declaration(&self) -> bool {
        self.body.is_none()
    }
}
