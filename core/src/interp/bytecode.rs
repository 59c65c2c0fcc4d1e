//! The pre-decoded form of a function: a flat array of compact [`Op`]s over dense register
//! slots, with resolved successors (edges carrying their phi moves), GEP scales, call sites and
//! constants materialized into a register template.
//!
//! Operands of fast ops are narrow register numbers (relative to the frame's base). Operands of
//! the generic path are [`Opnd`]s: a narrow register, a wide register, a wide constant, or a
//! lane vector (consecutive narrow registers). Besides the exact stream `ops`, a function has
//! the fast path's stream `fcode` (see `translate/fuse.rs`), checked by [`FnCode::validate`] before the
//! fast path may read its registers without bounds checks.

use crate::interp::value::{Slot, Val};
use crate::ir::{AttrSetId, FloatPredicate, Inst, IntPredicate, TypeId};
use crate::semantics::fp::FOp;
use crate::semantics::int::IOp;

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

/// One decoded instruction.
#[derive(Copy, Clone, Debug)]
pub enum Op {
    /// `add` without flags.
    Add { d: u32, a: u32, b: u32, w: u8 },
    /// `sub` without flags.
    Sub { d: u32, a: u32, b: u32, w: u8 },
    /// `mul` without flags.
    Mul { d: u32, a: u32, b: u32, w: u8 },
    /// `and`.
    And { d: u32, a: u32, b: u32, w: u8 },
    /// `or` without `disjoint`.
    Or { d: u32, a: u32, b: u32, w: u8 },
    /// `xor`.
    Xor { d: u32, a: u32, b: u32, w: u8 },
    /// Any other narrow integer binary operation.
    IBin { op: IOp, d: u32, a: u32, b: u32, w: u8, f: u16 },
    /// `icmp` on narrow integers or pointers.
    ICmp { p: IntPredicate, d: u32, a: u32, b: u32, w: u8, f: u16 },
    /// `select` with a scalar condition on narrow values.
    Select { d: u32, c: u32, a: u32, b: u32 },
    /// `trunc`.
    Trunc { d: u32, a: u32, from: u8, to: u8, f: u16 },
    /// `zext` (`f` holds `nneg`).
    ZExt { d: u32, a: u32, from: u8, f: u16 },
    /// `sext`.
    SExt { d: u32, a: u32, from: u8, to: u8 },
    /// A bit-preserving copy (`bitcast`, `addrspacecast`).
    Mov { d: u32, a: u32 },
    /// `ptrtoint` to `iW`.
    PtrToInt { d: u32, a: u32, w: u8 },
    /// `inttoptr`.
    IntToPtr { d: u32, a: u32 },
    /// `freeze`.
    Freeze { d: u32, a: u32 },
    /// Binary operation on doubles.
    F64 { op: FOp, d: u32, a: u32, b: u32 },
    /// Binary operation on floats.
    F32 { op: FOp, d: u32, a: u32, b: u32 },
    /// `fcmp` on doubles (`s` false) or floats (`s` true).
    FCmp { p: FloatPredicate, d: u32, a: u32, b: u32, s: bool },
    /// `fneg` by flipping bit `bit`.
    FNeg { d: u32, a: u32, bit: u8 },
    /// A fast conversion.
    Cvt { k: Cvt, d: u32, a: u32, w: u8 },
    /// Load of `n` bytes into a narrow register (`w` = integer width to mask, 0 for none).
    Load { d: u32, p: u32, n: u8, w: u8, align: u32 },
    /// Store of `n` bytes of a narrow register.
    Store { v: u32, p: u32, n: u8, align: u32 },
    /// `alloca` of a stack slot held in register `cell` (see `translate/promote.rs`; site `s`).
    PAlloca { d: u32, cell: u32, s: u32 },
    /// Load of `n` bytes from the slot in register `cell` (`w` as for [`Op::Load`]).
    PLoad { d: u32, cell: u32, n: u8, w: u8 },
    /// Store to the slot in register `cell`, keeping the low `w` bits (store size or width).
    PStore { v: u32, cell: u32, w: u8 },
    /// Scalar `getelementptr` (see [`Gep`]).
    Gep { d: u32, base: u32, g: u32 },
    /// `alloca` (see [`AllocaSite`]).
    Alloca { d: u32, s: u32 },
    /// Unconditional branch along an edge.
    Br { e: u32 },
    /// Conditional branch.
    CondBr { c: u32, t: u32, f: u32 },
    /// `switch` on a narrow integer (see [`SwitchTbl`]).
    Switch { v: u32, t: u32 },
    /// `ret` with a value operand ([`NONE`] for `ret void`).
    Ret { v: Opnd },
    /// `unreachable`.
    Unreachable,
    /// A call or invoke (see [`CallSite`]).
    Call { c: u32 },
    /// A fast intrinsic on narrow scalars (`c` unused for two-operand ones).
    Intr { k: Intr, d: u32, a: u32, b: u32, c: u32, w: u8 },
    /// Lane-wise integer operation on lane vectors of `n` lanes (`d`, `a`, `b` first lanes).
    VBin { op: IOp, d: u32, a: u32, b: u32, n: u8, w: u8, f: u16 },
    /// Lane-wise operation on vectors of doubles.
    VF64 { op: FOp, d: u32, a: u32, b: u32, n: u8 },
    /// Lane-wise operation on vectors of floats.
    VF32 { op: FOp, d: u32, a: u32, b: u32, n: u8 },
    /// Lane-wise `icmp` without flags.
    VICmp { p: IntPredicate, d: u32, a: u32, b: u32, n: u8, w: u8 },
    /// Lane-wise `fcmp` on doubles (`s` false) or floats.
    VFCmp { p: FloatPredicate, d: u32, a: u32, b: u32, n: u8, s: bool },
    /// `select` of lane vectors on a scalar condition (`vc` false) or lane by lane.
    VSel { d: u32, c: u32, a: u32, b: u32, n: u8, vc: bool },
    /// Load of `n` lanes of `es` bytes each (`w` as for [`Op::Load`]).
    VLoad { d: u32, p: u32, n: u8, es: u8, w: u8, align: u32 },
    /// Store of `n` lanes of `es` bytes each.
    VStore { v: u32, p: u32, n: u8, es: u8, align: u32 },
    /// `insertelement` at the constant lane `k`.
    VIns { d: u32, a: u32, b: u32, k: u8, n: u8 },
    /// `shufflevector` with a constant mask: lane `i` of `d` is register `shuffles[t][i]`, or a
    /// new poison value where that is [`NONE`].
    VShuf { d: u32, t: u32, n: u8 },
    /// Fast stream only (see `translate/fuse.rs`): an [`Op::ICmp`] and the [`Op::CondBr`] on its result
    /// that follows it.
    CmpBr { p: IntPredicate, d: u32, a: u32, b: u32, w: u8, f: u16 },
    /// Fast stream only: an [`Op::ICmp`] whose result only the [`Op::CondBr`] after it uses,
    /// and that branch; `t` and `f` are its targets ([`DIRECT`] pcs or edges), `ss` its
    /// `samesign` flag.
    CmpJump { p: IntPredicate, a: u32, b: u32, w: u8, ss: bool, t: u32, f: u32 },
    /// Fast stream only: an [`Op::FCmp`] whose result only the [`Op::CondBr`] after it uses,
    /// and that branch (`s` as for [`Op::FCmp`]; targets as for [`Op::CmpJump`]).
    FCmpJump { p: FloatPredicate, a: u32, b: u32, s: bool, t: u32, f: u32 },
    /// Fast stream only: an [`Op::FCmp`] and the [`Op::CondBr`] on its result.
    FCmpBr { p: FloatPredicate, d: u32, a: u32, b: u32, s: bool },
    /// Fast stream only: an [`Op::Gep`] and the [`Op::Load`] through its result.
    GepLd { d: u32, base: u32, g: u32 },
    /// Fast stream only: an [`Op::Gep`] and the [`Op::Store`] through its result.
    GepSt { d: u32, base: u32, g: u32 },
    /// Fast stream only: `fadd double`.
    FAdd64 { d: u32, a: u32, b: u32 },
    /// Fast stream only: `fsub double`.
    FSub64 { d: u32, a: u32, b: u32 },
    /// Fast stream only: `fmul double`.
    FMul64 { d: u32, a: u32, b: u32 },
    /// Fast stream only: `fdiv double`.
    FDiv64 { d: u32, a: u32, b: u32 },
    /// Fast stream only: `add` with `nuw`/`nsw` flags `f`.
    AddF { d: u32, a: u32, b: u32, w: u8, f: u16 },
    /// Fast stream only: `sub` with `nuw`/`nsw` flags `f`.
    SubF { d: u32, a: u32, b: u32, w: u8, f: u16 },
    /// Fast stream only: `mul` with `nuw`/`nsw` flags `f`.
    MulF { d: u32, a: u32, b: u32, w: u8, f: u16 },
    /// Fast stream only: `shl` without flags.
    Shl { d: u32, a: u32, b: u32, w: u8 },
    /// Fast stream only: `lshr` without flags.
    LShr { d: u32, a: u32, b: u32, w: u8 },
    /// Fast stream only: `ashr` without flags.
    AShr { d: u32, a: u32, b: u32, w: u8 },
    /// Fast stream only: `udiv` without flags.
    UDiv { d: u32, a: u32, b: u32 },
    /// Fast stream only: `urem`.
    URem { d: u32, a: u32, b: u32 },
    /// No effect (`fence`, debug intrinsics decoded away).
    Nop,
    /// Everything else, executed from the IR instruction (see [`GenOp`]).
    Generic { g: u32 },
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
    /// and a narrow (or no) result.
    pub fast: bool,
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
    /// The fast path may call this code: it is `fast`, not variadic, with narrow parameters.
    pub entry: bool,
}

impl Op {
    /// True for the ops of the fast path's stream only (fused or specialized, see `translate/fuse.rs`).
    pub fn fast_only(&self) -> bool {
        matches!(
            self,
            Op::CmpBr { .. }
                | Op::FCmpBr { .. }
                | Op::CmpJump { .. }
                | Op::FCmpJump { .. }
                | Op::GepLd { .. }
                | Op::GepSt { .. }
                | Op::FAdd64 { .. }
                | Op::FSub64 { .. }
                | Op::FMul64 { .. }
                | Op::FDiv64 { .. }
                | Op::AddF { .. }
                | Op::SubF { .. }
                | Op::MulF { .. }
                | Op::Shl { .. }
                | Op::LShr { .. }
                | Op::AShr { .. }
                | Op::UDiv { .. }
                | Op::URem { .. }
        )
    }
}

impl FnCode {
    /// Checks the invariants the fast path relies on for unchecked register access: every
    /// narrow register an op, GEP, phi move or call site names is below `template.len()`,
    /// every edge, table and site index is in range, every edge leads to an op, and the last
    /// op is a terminator (so a non-terminator's successor exists). Sets [`FnCode::fast`].
    pub fn validate(&mut self) {
        self.fast = self.check();
        let fast = self.fast;
        for e in self.edges.iter_mut() {
            let moves = self
                .lane_moves
                .get(e.lm as usize..(e.lm as usize).saturating_add(e.ln as usize))
                .filter(|_| fast && e.narrow);
            e.one = moves.and_then(|m| m.first_chunk::<1>()).filter(|_| e.ln == 1).copied();
            e.two = moves.and_then(|m| m.first_chunk::<2>()).filter(|_| e.ln == 2).copied();
        }
        self.entry = self.fast && !self.vararg && !self.fcode.is_empty() && self.narrow_params;
    }

    fn check(&self) -> bool {
        let n = self.template.len() as u64;
        let reg = |r: u32| (r as u64) < n;
        let nops = self.ops.len() as u64;
        let lanes = |r: u32, k: u8| (r as u64) + (k as u64) <= n && k > 0;
        let opnd = |o: u32| match vec_of(o) {
            Some((b, k)) => lanes(b, k as u8),
            None => reg(o),
        };
        let edge_ok = |e: u32| {
            self.edges.get(e as usize).is_some_and(|ed| {
                (ed.pc as u64) < nops
                    && self
                        .moves
                        .get(ed.mv as usize..(ed.mv as usize).saturating_add(ed.n as usize))
                        .is_some_and(|ms| {
                            !ed.narrow
                                || ms.iter().all(|m| {
                                    opnd(m.d)
                                        && opnd(m.s)
                                        && vec_of(m.d).map(|v| v.1) == vec_of(m.s).map(|v| v.1)
                                })
                        })
                    && self
                        .lane_moves
                        .get(ed.lm as usize..(ed.lm as usize).saturating_add(ed.ln as usize))
                        .is_some_and(|lm| lm.iter().all(|m| reg(m[0]) && reg(m[1])))
                    && (ed.ln == 0 || ed.narrow)
            })
        };
        if self.fallback.len() != self.ops.len() {
            return false;
        }
        let terminator = matches!(
            self.ops.last(),
            Some(
                Op::Br { .. }
                    | Op::CondBr { .. }
                    | Op::Switch { .. }
                    | Op::Ret { .. }
                    | Op::Unreachable
                    | Op::Call { .. }
                    | Op::Generic { .. }
            )
        );
        if !terminator {
            return false;
        }
        if self.fcode.len() != self.ops.len() {
            return false;
        }
        let meta = |pc: usize| self.fcode.get(pc).map(|e| e.meta);
        // The op `k` after `pc`'s absorbed loads (its partner, for fused ops), in the exact
        // stream; the meta must also lead to an op and count at least what the op covers.
        let after = |pc: usize, k: usize| {
            meta(pc)
                .filter(|m| m.steps as usize > m.pre as usize + k)
                .and_then(|m| self.ops.get(pc + m.pre as usize + k))
        };
        // An op that completes without branching goes on to an op.
        let goes_on = |pc: usize, op: &Op| {
            meta(pc).is_some_and(|m| {
                let off = (m.post & Meta::POST) as usize;
                let post_ok = (m.post & Meta::CHARGE == 0
                    || crate::interp::translate::fuse::falls_through(op))
                    && (off == 0
                        || (crate::interp::translate::fuse::falls_through(op)
                            && off < m.steps as usize
                            && matches!(self.ops.get(pc + off), Some(Op::PStore { .. }))));
                let seq = m.post != 0 || m.next as usize == pc + 1;
                post_ok
                    && (!crate::interp::translate::fuse::falls_through(op)
                        || ((m.next as u64) < nops && seq))
            })
        };
        // A branch target of the fast stream: a pc or an edge.
        let target_ok =
            |e: u32| if e & DIRECT != 0 { ((e & !DIRECT) as u64) < nops } else { edge_ok(e) };
        let op_ok = |op: &Op, fast: bool| match *op {
            Op::Add { d, a, b, .. }
            | Op::Sub { d, a, b, .. }
            | Op::Mul { d, a, b, .. }
            | Op::And { d, a, b, .. }
            | Op::Or { d, a, b, .. }
            | Op::Xor { d, a, b, .. } => reg(d) && reg(a) && reg(b),
            Op::IBin { d, a, b, .. }
            | Op::ICmp { d, a, b, .. }
            | Op::F64 { d, a, b, .. }
            | Op::F32 { d, a, b, .. }
            | Op::FCmp { d, a, b, .. } => reg(d) && reg(a) && reg(b),
            Op::Select { d, c, a, b } => reg(d) && reg(c) && reg(a) && reg(b),
            Op::Trunc { d, a, .. }
            | Op::ZExt { d, a, .. }
            | Op::SExt { d, a, .. }
            | Op::Mov { d, a }
            | Op::PtrToInt { d, a, .. }
            | Op::IntToPtr { d, a }
            | Op::Freeze { d, a }
            | Op::FNeg { d, a, .. }
            | Op::Cvt { d, a, .. } => reg(d) && reg(a),
            Op::Load { d, p, .. } => reg(d) && reg(p),
            Op::Store { v, p, .. } => reg(v) && reg(p),
            Op::PAlloca { d, cell, s } => reg(d) && reg(cell) && (s as usize) < self.allocas.len(),
            Op::PLoad { d, cell, .. } => reg(d) && reg(cell),
            Op::PStore { v, cell, .. } => reg(v) && reg(cell),
            Op::Gep { d, base, g } => {
                reg(d)
                    && reg(base)
                    && self.geps.get(g as usize).is_some_and(|gp| gp.idx.iter().all(|x| reg(x.0)))
            }
            Op::Alloca { d, s } => {
                reg(d)
                    && self
                        .allocas
                        .get(s as usize)
                        .is_some_and(|a| a.count.is_none_or(|c| reg(c.0)))
            }
            Op::Br { e } => {
                if fast {
                    target_ok(e)
                } else {
                    edge_ok(e)
                }
            }
            Op::CondBr { c, t, f } => {
                reg(c) && if fast { target_ok(t) && target_ok(f) } else { edge_ok(t) && edge_ok(f) }
            }
            Op::CmpJump { a, b, t, f, .. } | Op::FCmpJump { a, b, t, f, .. } => {
                reg(a) && reg(b) && target_ok(t) && target_ok(f)
            }
            Op::Switch { v, t } => {
                reg(v)
                    && self.switches.get(t as usize).is_some_and(|tb| {
                        edge_ok(tb.default) && tb.cases.iter().all(|c| edge_ok(c.1))
                    })
            }
            Op::Ret { v } => v == NONE || v & TAG != 0 || reg(v),
            Op::Call { c } => self.calls.get(c as usize).is_some_and(|cs| {
                let callee_ok = match cs.callee {
                    Callee::Indirect(o) => reg(o),
                    _ => true,
                };
                !cs.fast
                    || (callee_ok
                        && cs.args.iter().all(|&a| reg(a))
                        && (cs.dst == NONE || reg(cs.dst)))
            }),
            Op::Intr { d, a, b, c, .. } => reg(d) && reg(a) && reg(b) && reg(c),
            Op::VBin { d, a, b, n, .. }
            | Op::VF64 { d, a, b, n, .. }
            | Op::VF32 { d, a, b, n, .. }
            | Op::VICmp { d, a, b, n, .. }
            | Op::VFCmp { d, a, b, n, .. } => lanes(d, n) && lanes(a, n) && lanes(b, n),
            Op::VSel { d, c, a, b, n, vc } => {
                lanes(d, n) && lanes(a, n) && lanes(b, n) && if vc { lanes(c, n) } else { reg(c) }
            }
            Op::VLoad { d, p, n, .. } => lanes(d, n) && reg(p),
            Op::VStore { v, p, n, .. } => lanes(v, n) && reg(p),
            Op::VIns { d, a, b, k, n } => lanes(d, n) && lanes(a, n) && reg(b) && k < n,
            Op::VShuf { d, t, n } => {
                lanes(d, n)
                    && self.shuffles.get(t as usize).is_some_and(|sh| {
                        sh.len() == n as usize && sh.iter().all(|&r| r == NONE || reg(r))
                    })
            }
            Op::Unreachable | Op::Nop | Op::Generic { .. } => true,
            Op::CmpBr { d, a, b, .. }
            | Op::FCmpBr { d, a, b, .. }
            | Op::FAdd64 { d, a, b }
            | Op::FSub64 { d, a, b }
            | Op::FMul64 { d, a, b }
            | Op::FDiv64 { d, a, b } => reg(d) && reg(a) && reg(b),
            Op::AddF { d, a, b, .. }
            | Op::SubF { d, a, b, .. }
            | Op::MulF { d, a, b, .. }
            | Op::Shl { d, a, b, .. }
            | Op::LShr { d, a, b, .. }
            | Op::AShr { d, a, b, .. }
            | Op::UDiv { d, a, b, .. }
            | Op::URem { d, a, b, .. } => reg(d) && reg(a) && reg(b),
            Op::GepLd { d, base, g } | Op::GepSt { d, base, g } => {
                reg(d)
                    && reg(base)
                    && self
                        .geps
                        .get(g as usize)
                        .is_some_and(|gp| reg(gp.acc.r) && gp.idx.iter().all(|x| reg(x.0)))
            }
        };
        let fused = |pc: usize, op: &Op| match op {
            Op::CmpBr { .. } | Op::FCmpBr { .. } | Op::CmpJump { .. } | Op::FCmpJump { .. } => {
                matches!(after(pc, 1), Some(Op::CondBr { .. }))
            }
            Op::GepLd { .. } => matches!(after(pc, 1), Some(Op::Load { .. })),
            Op::GepSt { .. } => matches!(after(pc, 1), Some(Op::Store { .. })),
            _ => after(pc, 0).is_some(),
        };
        let exact = |op: &Op| !op.fast_only();
        self.ops.iter().all(|op| exact(op) && op_ok(op, false))
            && self
                .fcode
                .iter()
                .enumerate()
                .all(|(pc, e)| op_ok(&e.op, true) && fused(pc, &e.op) && goes_on(pc, &e.op))
    }
}
