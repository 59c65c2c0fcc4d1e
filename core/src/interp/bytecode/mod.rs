//! The pre-decoded form of a function: a flat array of compact [`Op`]s over dense register
//! slots, with resolved successors (edges carrying their phi moves), GEP scales, call sites and
//! constants materialized into a register template.
//!
//! Operands of fast ops are narrow register numbers (relative to the frame's base). Operands of
//! the generic path are [`Opnd`]s: a narrow register, a wide register, a wide constant, or a
//! lane vector (consecutive narrow registers). Besides the exact stream `ops`, a function has
//! the fast path's stream `fcode` (see `translate/fuse.rs`), checked by [`FnCode::validate`] before the
//! fast path may read its registers without bounds checks.

mod check;
mod disasm;
mod ops;

pub use ops::{opnd, Op};

use crate::interp::value::{Slot, Val};
use crate::ir::{AttrSetId, Inst, TypeId};

/// An operand of the generic path: tag in the top two bits.
pub type Opnd = u32;
/// Tag of a wide register.
pub const WIDE: u32 = 1 << 30;
/// Tag of a wide constant.
pub const WCONST: u32 = 2 << 30;
/// Tag of a lane vector: a vector of up to [`MAX_LANES`] narrow scalars held in consecutive
/// narrow registers, the lane count in bits 24..30 and the first register in the low 24 bits.
pub const VEC: u32 = 3 << 30;
/// Tag mask.
pub const TAG: u32 = 3 << 30;
/// No operand / no destination (never a lane vector: its lane count field is 63).
pub const NONE: u32 = u32::MAX;
/// In the fast stream, a branch target that is a pc (an edge without phi moves) rather than
/// an edge index.
pub const DIRECT: u32 = 1 << 31;
/// The most lanes a lane vector has.
pub const MAX_LANES: u32 = 16;
/// Lane vectors start below this register (their first register has 24 bits).
pub const LANE_REGS: u32 = 1 << 23;

/// A lane vector operand of `n` lanes from narrow register `base`.
#[inline]
pub fn vec_opnd(base: u32, n: u32) -> Opnd {
    VEC | (n << 24) | base
}

/// The first register and lane count of a lane vector operand, if it is one.
#[inline]
pub fn vec_of(o: Opnd) -> Option<(u32, u32)> {
    let n = (o >> 24) & 0x3F;
    (o & TAG == VEC && (1..=MAX_LANES).contains(&n)).then_some((o & 0xFF_FFFF, n))
}

/// Conversions with a fast path.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Cvt {
    /// `sitofp` to double.
    SiToF64,
    /// `uitofp` to double.
    UiToF64,
    /// `sitofp` to float.
    SiToF32,
    /// `uitofp` to float.
    UiToF32,
    /// `fpext float to double`.
    F32ToF64,
    /// `fptrunc double to float`.
    F64ToF32,
}

/// Intrinsics with a fast path on narrow scalars.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Intr {
    /// `llvm.fma`/`llvm.fmuladd` on doubles.
    FmaF64,
    /// `llvm.fma`/`llvm.fmuladd` on floats.
    FmaF32,
    /// `llvm.smax`.
    SMax,
    /// `llvm.smin`.
    SMin,
    /// `llvm.umax`.
    UMax,
    /// `llvm.umin`.
    UMin,
    /// `llvm.fabs.f64`.
    FAbs64,
    /// `llvm.sqrt.f64`.
    Sqrt64,
    /// `llvm.expect`.
    Expect,
    /// `llvm.fshl` on narrow integers.
    FShl,
    /// `llvm.fshr` on narrow integers.
    FShr,
    /// `llvm.ctpop` on narrow integers.
    CtPop,
}

impl Intr {
    /// True when the third operand is read (`fma`, funnel shifts).
    pub fn three(self) -> bool {
        matches!(self, Intr::FmaF64 | Intr::FmaF32 | Intr::FShl | Intr::FShr)
    }
}

/// A CFG edge: the target pc and the phi moves to perform, all read before any is written
/// when `par` is set.
#[derive(Clone, Debug)]
pub struct Edge {
    /// The first op of the target block.
    pub pc: u32,
    /// First move.
    pub mv: u32,
    /// Number of moves.
    pub n: u32,
    /// Moves must read all sources first.
    pub par: bool,
    /// Every move is between narrow registers or lane vectors of the same length.
    pub narrow: bool,
    /// For a narrow edge: its moves lane by lane, `lane_moves[lm..lm + ln]`.
    pub lm: u32,
    /// Number of lane moves.
    pub ln: u32,
    /// For a narrow edge of exactly one lane move: its (destination, source) registers, set
    /// by [`FnCode::validate`] once they are checked to be in range; else `None`.
    pub one: Option<[[u32; 2]; 1]>,
    /// Likewise for a narrow edge of exactly two lane moves.
    pub two: Option<[[u32; 2]; 2]>,
}

/// One phi move.
#[derive(Copy, Clone, Debug)]
pub struct Move {
    /// Destination (the phi's register).
    pub d: Opnd,
    /// Source.
    pub s: Opnd,
    /// The phi instruction.
    pub inst: Inst,
}

/// A scalar GEP: `base + off + sum(index_i * scale_i)`.
#[derive(Clone, Debug)]
pub struct Gep {
    /// The constant part of the offset.
    pub off: i64,
    /// Variable indices: narrow register, scale, index width.
    pub idx: Box<[(u32, i64, u8)]>,
    /// `inbounds`, `nusw`, `nuw` flags.
    pub flags: u16,
    /// True when the constant part overflowed or a constant index was poison.
    pub poison_const: bool,
    /// The access through the result, for a GEP fused with it ([`Op::GepLd`], [`Op::GepSt`]).
    pub acc: Access,
}

/// The load or store of a fused GEP and access (see [`Gep::acc`]): the operands of the
/// exact [`Op::Load`] or [`Op::Store`] after the GEP, held beside the GEP's own so that the
/// fused op reads one table entry.
#[derive(Copy, Clone, Debug, Default)]
pub struct Access {
    /// The load's destination register, or the store's value register.
    pub r: u32,
    /// Bytes accessed.
    pub n: u8,
    /// The load's width (as [`Op::Load`]'s `w`).
    pub w: u8,
    /// The alignment the access promises.
    pub align: u32,
}

/// A narrow `switch` table.
#[derive(Clone, Debug)]
pub struct SwitchTbl {
    /// Case values (zero-extended) and their edges, sorted by value.
    pub cases: Box<[(u64, u32)]>,
    /// The default edge.
    pub default: u32,
}

/// An `alloca` site.
#[derive(Clone, Debug)]
pub struct AllocaSite {
    /// Bytes per element.
    pub size: u64,
    /// Alignment.
    pub align: u64,
    /// The element count operand (narrow register) and its width, or `None` for 1.
    pub count: Option<(u32, u8)>,
    /// The undef origin of the fresh memory.
    pub origin: u32,
}

/// A `byval` argument or parameter: the call gives the callee a fresh copy of the pointee
/// (LangRef: "a hidden copy of the pointee is made between the caller and the callee").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ByVal {
    /// The argument's (parameter's) index.
    pub arg: u32,
    /// Bytes of the copy: the type's alloc size.
    pub size: u64,
    /// Its alignment: the `align` attribute, or the type's ABI alignment.
    pub align: u64,
}

/// Who a call site calls.
#[derive(Clone, Debug)]
pub enum Callee {
    /// A global function (defined or declared), by global index.
    Direct(u32),
    /// A function pointer operand.
    Indirect(Opnd),
    /// Inline assembly (unsupported).
    Asm,
}

/// A call or invoke.
#[derive(Clone, Debug)]
pub struct CallSite {
    /// The callee.
    pub callee: Callee,
    /// Argument operands.
    pub args: Box<[Opnd]>,
    /// Argument types.
    pub arg_tys: Box<[TypeId]>,
    /// Per argument: the value may not be poison or undef (`noundef` at the site).
    pub noundef: Box<[bool]>,
    /// The arguments whose attributes `check_args` must check: `noundef` ones with a checked
    /// attribute at the site or on the declaration (any `noundef` one for an indirect call).
    pub checked: Box<[u32]>,
    /// The call site's attribute set of each argument in `checked` (so `check_args` need not
    /// look the instruction up).
    pub checked_attrs: Box<[AttrSetId]>,
    /// The result register, or [`NONE`].
    pub dst: Opnd,
    /// The result type.
    pub ret_ty: TypeId,
    /// The instruction.
    pub inst: Inst,
    /// For `invoke`: the normal and unwind edges.
    pub invoke: Option<(u32, u32)>,
    /// A `tail`/`musttail` call directly followed by `ret` of its result.
    pub tail: bool,
    /// The fast path may run it: a direct call of a defined, non-variadic function with as
    /// many arguments as parameters (or a call through a narrow function pointer, checked at
    /// run time), no argument attribute to check, no `invoke` or tail call, narrow arguments
    /// and a narrow (or no) result, no `byval` argument.
    pub fast: bool,
    /// The arguments passed `byval` (by the call site's attributes or, for a direct call, the
    /// callee's parameters'), whose pointee the call copies.
    pub byval: Box<[ByVal]>,
}

/// A generic instruction: the IR instruction with its operands resolved.
#[derive(Clone, Debug)]
pub struct GenOp {
    /// The instruction.
    pub inst: Inst,
    /// Its operands.
    pub args: Box<[Opnd]>,
    /// Its operands' types.
    pub tys: Box<[TypeId]>,
    /// The result register or [`NONE`].
    pub dst: Opnd,
    /// For terminators: edges of the successors in written order.
    pub edges: Box<[u32]>,
}

/// How the fast path moves on after an op of [`FnCode::fcode`] (see `translate/fuse.rs`).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Meta {
    /// The pc after it, when it does not branch (past an unconditional branch it absorbed).
    pub next: u32,
    /// Loads it absorbed before its own instruction: its partner, for a fused pair, is the
    /// exact op at `pc + pre + 1`.
    pub pre: u8,
    /// IR instructions it does the work of: the steps it counts.
    pub steps: u8,
    /// Low six bits ([`Meta::POST`]), when not 0: after the op, the [`Op::PStore`] of the
    /// exact stream at `pc + post` runs too (a store to a register-held stack slot that it
    /// absorbed). Bit [`Meta::CHARGE`]: the op at `next` starts a new chain (see `rem`). Bit
    /// [`Meta::JUMP`]: `next` is not `pc + 1`. An op that falls through with `post` 0 goes
    /// on to `pc + 1` without reading `next`, so the next op's address does not wait for a
    /// load.
    pub post: u8,
    /// The steps of the chain from this op: the ops reached through `next` up to the first
    /// that branches, calls or returns, or one flagged [`Meta::CHARGE`]. The fast path takes
    /// a chain's steps from its budget once, on entering it, and gives back the rest when it
    /// leaves in the middle (see `fast/run.rs`).
    pub rem: u16,
}

impl Meta {
    /// The flag of `post`: the op at `next` starts a new chain.
    pub const CHARGE: u8 = 0x80;
    /// The flag of `post`: `next` is not the op right after.
    pub const JUMP: u8 = 0x40;
    /// The mask of `post`'s offset of an absorbed store.
    pub const POST: u8 = 0x3F;
}

/// An op of the fast path's stream with its [`Meta`], 32 bytes so that one is found with a
/// shift.
#[derive(Copy, Clone, Debug)]
#[repr(C, align(32))]
pub struct FEntry {
    /// The op.
    pub op: Op,
    /// What it covers and where the fast path goes after it.
    pub meta: Meta,
}

/// A decoded function.
#[derive(Clone, Debug, Default)]
pub struct FnCode {
    /// The function's global index.
    pub gid: u32,
    /// The ops.
    pub ops: Vec<Op>,
    /// The IR instruction of each op.
    pub insts: Vec<Inst>,
    /// The span of each op's instruction.
    pub spans: Vec<crate::diag::Span>,
    /// The result operand of each op ([`NONE`] if none), for traces.
    pub res: Vec<Opnd>,
    /// The block index of each op, for traces.
    pub blocks: Vec<u32>,
    /// The initial narrow registers (constants filled in).
    pub template: Vec<Slot>,
    /// The initial wide registers.
    pub wtemplate: Vec<Val>,
    /// Wide constants.
    pub wconsts: Vec<Val>,
    /// The operand of each parameter.
    pub params: Vec<Opnd>,
    /// Edges.
    pub edges: Vec<Edge>,
    /// Phi moves.
    pub moves: Vec<Move>,
    /// GEPs.
    pub geps: Vec<Gep>,
    /// Switch tables.
    pub switches: Vec<SwitchTbl>,
    /// Alloca sites.
    pub allocas: Vec<AllocaSite>,
    /// Call sites.
    pub calls: Vec<CallSite>,
    /// Generic instructions.
    pub generic: Vec<GenOp>,
    /// Per op: the generic instruction that runs it off the fast path (lane vector ops), or
    /// [`NONE`].
    pub fallback: Vec<u32>,
    /// Source registers of each constant `shufflevector`.
    pub shuffles: Vec<Box<[u32]>>,
    /// The phi moves of narrow edges as (destination, source) narrow registers, lane vectors
    /// split into lanes.
    pub lane_moves: Vec<[u32; 2]>,
    /// The fast path's stream (see `translate/fuse.rs`): `ops` with some ops replaced by fused ones
    /// that do the work of several consecutive ops, each with what it covers and where the
    /// fast path goes after it.
    pub fcode: Vec<FEntry>,
    /// The first pc of each block, by block index.
    pub block_pc: Vec<u32>,
    /// True when the return value must not be poison (`noundef` return).
    pub ret_noundef: bool,
    /// True for a variadic function.
    pub vararg: bool,
    /// Number of fixed parameters.
    pub nparams: u32,
    /// The operand of each IR value of the body, by value index ([`NONE`] for values with no
    /// register), for debuggers.
    pub vop: Vec<Opnd>,
    /// The registers of values and stack slots: the template's first `nvals` slots, all
    /// `Slot::default()` (its constants follow). Each is written before it is read (SSA
    /// dominance; a slot by its `alloca`), so a new frame need not copy them. A call's frame
    /// starts right after its caller's `nvals` registers, over the caller's constants (a
    /// frame's memory is its value registers), which are put back when it returns.
    pub nvals: u32,
    /// Every parameter is a narrow register, parameter `i` in register `i` (as register
    /// assignment gives them), so a call writes its arguments to the callee's first registers.
    pub narrow_params: bool,
    /// The fast path may run this code: [`FnCode::validate`] found every register, edge and
    /// table index of its ops in range.
    pub fast: bool,
    /// The fast path may call this code: it is `fast`, not variadic, with narrow parameters
    /// and no `byval` one.
    pub entry: bool,
    /// The `byval` parameters, whose pointee every call copies (also through a pointer whose
    /// call site does not say `byval`).
    pub byval: Box<[ByVal]>,
}
