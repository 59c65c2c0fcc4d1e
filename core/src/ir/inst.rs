//! Instruction data: operands, flags and per-opcode payloads.
//!
//! An instruction is an [`InstData`] in its function's arena. Operands that are values are
//! [`Operand`]s; successor blocks, predicates, orderings and the like live in the typed
//! [`Extra`] payload, so walking the CFG never has to decode operands.

pub use super::entities::Inst;
use super::entities::{AttrSetId, Block, ConstId, MdId, MdOpId, Symbol, TypeId, Value};
pub use super::flags::{
    FastMath, FloatPredicate, InstFlags, IntPredicate, Ordering, RmwOp, TailKind,
};
use super::opcode::Opcode;
use crate::diag::Span;

/// An instruction operand.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Operand {
    /// An SSA value of this function (argument or instruction result).
    Value(Value),
    /// A module constant (including global addresses and inline asm).
    Const(ConstId),
    /// A metadata argument (`metadata i32 %x`, `metadata !5`) of an intrinsic call.
    Md(MdOpId),
}

/// A synchronization scope: the default system scope or `syncscope("name")`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum SyncScope {
    /// The whole system (no `syncscope`).
    #[default]
    System,
    /// `syncscope("name")`.
    Named(Box<[u8]>),
}

/// Atomic access details for loads, stores, cmpxchg, atomicrmw and fence.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct MemInfo {
    /// `align N` (bytes), if written.
    pub align: Option<u64>,
    /// The ordering (success ordering for cmpxchg).
    pub ordering: Ordering,
    /// The failure ordering (cmpxchg only).
    pub failure: Ordering,
    /// The scope.
    pub scope: SyncScope,
}

/// A call's callee type, conventions, attributes and bundles (for `call`, `invoke`, `callbr`).
#[derive(Clone, Debug, PartialEq)]
pub struct CallInfo {
    /// The function type of the call.
    pub fn_ty: TypeId,
    /// The calling convention (0 = `ccc`).
    pub cc: u32,
    /// Return attributes.
    pub ret_attrs: AttrSetId,
    /// Function (call-site) attributes.
    pub fn_attrs: AttrSetId,
    /// Attributes of each argument.
    pub arg_attrs: Box<[AttrSetId]>,
    /// `tail`/`musttail`/`notail`.
    pub tail: TailKind,
    /// Operand bundles `[ "tag"(ty %v, ...) ]`.
    pub bundles: Box<[Bundle]>,
    /// `addrspace(N)` written on the call, if any.
    pub addrspace: Option<u32>,
}

/// An operand bundle.
#[derive(Clone, Debug, PartialEq)]
pub struct Bundle {
    /// The tag.
    pub tag: Box<[u8]>,
    /// The inputs.
    pub inputs: Box<[Operand]>,
}

/// A `landingpad` clause.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Clause {
    /// `catch <ty> <val>`.
    Catch(Operand),
    /// `filter <ty> <val>`.
    Filter(Operand),
}

/// Per-opcode data that is not a value operand.
#[derive(Clone, Debug, PartialEq)]
pub enum Extra {
    /// Nothing beyond operands.
    None,
    /// `icmp` predicate.
    ICmp(IntPredicate),
    /// `fcmp` predicate.
    FCmp(FloatPredicate),
    /// `alloca <ty>, <count>, align N, addrspace(N)`.
    Alloca {
        /// The allocated type.
        elem_ty: TypeId,
        /// `align N`.
        align: Option<u64>,
        /// `addrspace(N)`.
        addrspace: u32,
    },
    /// Loads, stores, `cmpxchg`, `atomicrmw`, `fence`.
    Mem(Box<MemInfo>),
    /// `atomicrmw`.
    Rmw(RmwOp, Box<MemInfo>),
    /// `getelementptr`.
    Gep {
        /// The source element type.
        source_ty: TypeId,
    },
    /// `phi`: the incoming block of each value operand.
    Phi(Box<[Block]>),
    /// `br`: one destination, or true and false destinations (operand 0 is the condition).
    Br(Box<[Block]>),
    /// `switch`: default and `(case value, destination)` pairs.
    Switch {
        /// The default destination.
        default: Block,
        /// The cases.
        cases: Box<[(ConstId, Block)]>,
    },
    /// `indirectbr`: the possible destinations.
    IndirectBr(Box<[Block]>),
    /// `call`: operand 0 is the callee, then the arguments (bundle inputs are in the bundles).
    Call(Box<CallInfo>),
    /// `invoke`: as `call`, with normal and unwind destinations.
    Invoke(Box<CallInfo>, Block, Block),
    /// `callbr`: as `call`, with the default destination and the indirect ones.
    CallBr(Box<CallInfo>, Block, Box<[Block]>),
    /// `extractvalue`/`insertvalue` indices.
    Indices(Box<[u32]>),
    /// `landingpad` clauses (the `cleanup` flag is in the flags).
    LandingPad(Box<[Clause]>),
    /// `catchswitch within %p [handlers] unwind label %u / to caller`.
    CatchSwitch {
        /// The handlers.
        handlers: Box<[Block]>,
        /// The unwind destination, `None` for `unwind to caller`.
        unwind: Option<Block>,
    },
    /// `catchret from %pad to label %dest`.
    CatchRet(Block),
    /// `cleanupret from %pad unwind label %u / to caller`.
    CleanupRet(Option<Block>),
}

/// An instruction's operands: most instructions have at most two, kept without allocating.
pub type Operands = smallvec::SmallVec<[Operand; 2]>;

/// Metadata attachments: usually just `!dbg`, kept without allocating.
pub type Attachments = smallvec::SmallVec<[(Symbol, MdId); 1]>;

/// One instruction.
#[derive(Clone, Debug)]
pub struct InstData {
    /// The opcode.
    pub op: Opcode,
    /// Flags such as `nsw`.
    pub flags: InstFlags,
    /// Fast-math flags.
    pub fmf: FastMath,
    /// The result type (`void` when there is no result).
    pub ty: TypeId,
    /// Value operands, in the order the LangRef writes them (up to two stored inline).
    pub args: Operands,
    /// Per-opcode data.
    pub extra: Extra,
    /// The result value, if the instruction has one.
    pub result: Option<Value>,
    /// Where it was written.
    pub span: Span,
    /// Metadata attachments (`!dbg !5`), kind name and node (one stored inline).
    pub md: Attachments,
}

impl InstData {
    /// A new instruction without flags, payload or metadata.
    pub fn new(op: Opcode, ty: TypeId, args: Vec<Operand>) -> InstData {
        InstData::with_operands(op, ty, args.into())
    }

    /// A new instruction without flags, payload or metadata, from its operand list.
    pub fn with_operands(op: Opcode, ty: TypeId, args: Operands) -> InstData {
        InstData {
            op,
            flags: InstFlags::default(),
            fmf: FastMath::default(),
            ty,
            args,
            extra: Extra::None,
            result: None,
            span: Span::default(),
            md: Attachments::new(),
        }
    }

    /// The successor blocks of a terminator, in written order (duplicates kept).
    pub fn successors(&self) -> Vec<Block> {
        match &self.extra {
            Extra::Br(b) | Extra::IndirectBr(b) => b.to_vec(),
            Extra::Switch { default, cases } => {
                let mut v = Vec::with_capacity(cases.len() + 1);
                v.push(*default);
                v.extend(cases.iter().map(|(_, b)| *b));
                v
            }
            Extra::Invoke(_, normal, unwind) => vec![*normal, *unwind],
            Extra::CallBr(_, default, others) => {
                let mut v = vec![*default];
                v.extend(others.iter().copied());
                v
            }
            Extra::CatchSwitch { handlers, unwind } => {
                let mut v = handlers.to_vec();
                v.extend(*unwind);
                v
            }
            Extra::CatchRet(b) => vec![*b],
            Extra::CleanupRet(u) => u.iter().copied().collect(),
            _ => Vec::new(),
        }
    }

    /// Every block the instruction refers to, mutably (for remapping).
    pub fn blocks_mut(&mut self) -> Vec<&mut Block> {
        match &mut self.extra {
            Extra::Br(b) | Extra::IndirectBr(b) | Extra::Phi(b) => b.iter_mut().collect(),
            Extra::Switch { default, cases } => {
                let mut v = vec![default];
                v.extend(cases.iter_mut().map(|(_, b)| b));
                v
            }
            Extra::Invoke(_, n, u) => vec![n, u],
            Extra::CallBr(_, d, o) => {
                let mut v = vec![d];
                v.extend(o.iter_mut());
                v
            }
            Extra::CatchSwitch { handlers, unwind } => {
                let mut v: Vec<&mut Block> = handlers.iter_mut().collect();
                v.extend(unwind.iter_mut());
                v
            }
            Extra::CatchRet(b) => vec![b],
            Extra::CleanupRet(u) => u.iter_mut().collect(),
            _ => Vec::new(),
        }
    }

    /// The call details of `call`, `invoke` and `callbr`.
    pub fn call_info(&self) -> Option<&CallInfo> {
        match &self.extra {
            Extra::Call(c) | Extra::Invoke(c, ..) | Extra::CallBr(c, ..) => Some(c),
            _ => None,
        }
    }

    /// The memory details of loads, stores, cmpxchg, atomicrmw and fence.
    pub fn mem_info(&self) -> Option<&MemInfo> {
        match &self.extra {
            Extra::Mem(m) | Extra::Rmw(_, m) => Some(m),
            _ => None,
        }
    }

    /// For calls: the callee operand and the call arguments.
    pub fn callee_and_args(&self) -> Option<(Operand, &[Operand])> {
        self.call_info()?;
        let (callee, rest) = self.args.split_first()?;
        Some((*callee, rest))
    }
}
