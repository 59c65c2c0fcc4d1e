//! `loop-vectorize`: runs `VF` iterations of an innermost loop at once on `<VF x T>` vectors,
//! with the remaining iterations left to the original loop, as LLVM's `LoopVectorizePass` does
//! (the legality and the plan here; the code is built by `loop_vectorize_emit.rs`).
//!
//! The loops are first put in simplified form (our `loop-simplify`). A loop qualifies when:
//! * it is one block (header, latch and only exiting block: a rotated loop whose `if`s were
//!   turned into `select`s), with one exit block that only the loop enters;
//! * its exit test compares its induction variable `%iv` (step 1, see `analysis/induction.rs`)
//!   or `%iv.next` with a loop-invariant bound, going on while `ne`, `slt` or `ult`. The
//!   number of iterations `N` is then `bound - start` (plus one when `%iv` itself is
//!   compared), computed before the loop; for `slt`/`ult` only when `start < bound`, where
//!   the variable cannot wrap before the exit;
//! * every header phi is an induction variable with a constant step or a reduction: `%r =
//!   phi [init, %pre], [%r.next, %loop]` with `%r.next = op %r, %x` for `op` in `add mul and
//!   or xor` on integers, `%r` used only there and `%r.next` only by `%r` and after the loop;
//! * every other instruction is integer or floating-point arithmetic, a compare, a `select`,
//!   a cast, a `freeze` (on integers of at most 64 bits, `float` or `double`), or a load or
//!   store (neither volatile nor atomic) whose address is `invariant + S * %iv + C` through
//!   `inbounds` GEPs, extensions and constant arithmetic of the variable. An extension of the
//!   variable must not wrap over the iterations: `sext` needs the step's `nsw` or the `slt`
//!   test, `zext` its `nuw` or the `ult` test (a wrap would otherwise be poison feeding an
//!   address: undefined behaviour). Loads with `S` equal to their size become one vector
//!   load, other strides one load per lane (a gather), `S = 0` one load broadcast; stores
//!   need `S` equal to their size. No calls, no other phis, no vectors or aggregates.
//! * memory: accesses through different invariant bases must not alias (`analysis/alias.rs`);
//!   through one base with one stride, a store and another access `d` iterations apart are
//!   fine when `d = 0`, when the earlier-executed one comes first in the block, or when
//!   `|d| >= VF`; two stores must write the same element of an iteration. Anything else is
//!   refused (LLVM would add a run-time check).
//!
//! `VF` fills 128 bits (SSE2, the x86-64 baseline) with the widest vector element type of the
//! loop: 4 x `i32`, 2 x `double`, 16 x `i8`. A loop with a known trip count below `VF`, or
//! whose vector code is estimated to execute no fewer instructions than the scalar loop, is
//! left alone.
//!
//! Validity: the vector loop only runs iterations the scalar loop would run (`VN = N - N mod
//! VF` of them), in the same order lane by lane: each lane computes exactly what its scalar
//! iteration computed, with the same flags (a lane whose scalar `add nsw` overflowed is
//! poison, as the scalar was), so nothing is speculated and nothing new can trap. Memory
//! effects keep their order per element (the dependence rules above). A reduction combines
//! its lanes in another order, exact for wrapping integer `add mul and or xor`; its `nsw`/
//! `nuw` flags are dropped (partial sums may overflow where the scalar ones did not).
//!
//! Not done: loops with more than one block (LLVM's masked if-conversion), run-time alias
//! checks, interleaving (several vectors per iteration), floating-point reductions (they need
//! `reassoc`), first-order recurrences, pointer induction variables, scatters, reversed
//! accesses, calls (vector library functions), and LLVM's target cost model (ours counts
//! instructions).

use super::loop_driver::{drive_innermost, run_loop_pass, LoopView, Outcome, Uses};
use super::loop_edit::Names;
use super::PassResult;
use crate::analysis::alias::{AliasAnalysis, AliasResult, Location};
use crate::analysis::induction::{
    const_int, exit_test, inductions, is_invariant, ExitTest, Induction,
};
use crate::analysis::loop_info::{exit_blocks, preheader, single_latch};
use crate::analysis::Loop;
use crate::ir::entity::EntityRef;
use crate::ir::layout::{Class, Layouts};
use crate::ir::{
    Block, Body, Extra, GlobalId, Inst, InstFlags, IntPredicate, Module, Opcode, Operand, TypeId,
    Value, ValueDef,
};
use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};
use std::rc::Rc;

/// Vector registers are this many bits wide (SSE2).
const VECTOR_BITS: u32 = 128;

/// A reduction: `%r = phi [init, %pre], [%next, %loop]`, `%next = op %r, %x`.
#[derive(Clone, Debug)]
pub(super) struct Reduction {
    pub phi: Inst,
    pub value: Value,
    pub init: Operand,
    pub next: Value,
    pub next_inst: Inst,
    pub op: Opcode,
    pub ty: TypeId,
}

/// How a load or store reaches memory.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) enum Access {
    /// Lane `k` accesses the element after lane `k-1`'s: one vector access.
    Consecutive,
    /// Lane `k` accesses `k * stride` bytes after lane 0: one load per lane.
    Strided(i64),
    /// Every lane accesses the same place.
    Invariant,
}

/// What a value of the loop is worth after it, on the path where the vector loop did every
/// iteration.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) enum LiveOut {
    /// Induction variable `k`'s final `%iv` (`phi`) or `%iv.next` (`next`).
    Induction { k: usize, next: bool },
    /// Reduction `k`'s final value.
    Reduction(usize),
    /// The last lane of the vector.
    LastLane,
}

/// Everything the code generator needs.
pub(super) struct Plan {
    pub pre: Block,
    pub h: Block,
    pub exit: Block,
    pub vf: u32,
    pub ivs: Vec<Induction>,
    /// The index of the variable the exit test is on.
    pub primary: usize,
    pub test: ExitTest,
    pub reductions: Vec<Reduction>,
    /// The block's instructions other than phis and the terminator, in order.
    pub insts: Vec<Inst>,
    /// The instructions (and values) needed as vectors.
    pub vector: HashSet<Value>,
    /// Loads and stores.
    pub accesses: HashMap<Inst, Access>,
    /// Values of the loop used after it.
    pub live_outs: Vec<(Value, LiveOut)>,
}

/// Runs `loop-vectorize` on one function.
pub fn run(m: &mut Module, g: GlobalId) -> PassResult {
    run_loop_pass(m, g, "loops vectorized", vectorize_loops)
}

/// Vectorizes every qualifying loop; returns how many.
pub fn vectorize_loops(m: &mut Module, body: &mut Body, g: GlobalId) -> u64 {
    let mut names = Names::new(body);
    let mut cache = Cache::default();
    drive_innermost(m, body, g, |m, body, v, l| {
        let Some(plan) = analyze(m, g, body, v, l, &mut cache) else { return Outcome::Unchanged };
        // The plan guarantees every step of the emission; should one still fail, the body goes
        // back to what it was. Emission only adds to the arenas, and changes the layout, the
        // blocks of the loop, its preheader and exit, and the instructions after the loop
        // that use the loop's values: those are saved.
        let saved = Saved::of(body, v, &plan);
        match super::loop_vectorize_emit::emit(m, body, &mut names, &v.uses, &plan) {
            Some(e) => {
                let mut touched = vec![plan.pre, plan.h, plan.exit];
                touched.extend(e.blocks);
                v.refresh(body, &touched);
                for (x, u) in e.uses {
                    v.uses.add_user(x, u);
                }
                for (x, u) in e.md {
                    v.uses.add_dbg_user(x, u);
                }
                Outcome::Changed(vec![e.vb])
            }
            None => {
                saved.restore(body);
                Outcome::Unchanged
            }
        }
    })
}

/// What the analysis of one loop can take from that of the loops before it: the type layouts
/// (while no type is added) and which allocations escape (vectorizing a loop makes no address
/// escape: it only loads, stores and computes addresses).
#[derive(Default)]
struct Cache {
    layouts: Option<(usize, Rc<Layouts>)>,
    escapes: Option<Rc<crate::ir::SecondaryMap<Inst, bool>>>,
}

impl Cache {
    fn layouts(&mut self, m: &Module) -> Rc<Layouts> {
        match &self.layouts {
            Some((n, l)) if *n == m.types.len() => Rc::clone(l),
            _ => {
                let l = Rc::new(Layouts::new(m));
                self.layouts = Some((m.types.len(), Rc::clone(&l)));
                l
            }
        }
    }

    fn alias<'a>(&mut self, m: &'a Module, g: GlobalId, body: &'a Body) -> AliasAnalysis<'a> {
        let layouts = self.layouts(m);
        match &self.escapes {
            Some(e) => AliasAnalysis::with_parts(m, g, body, layouts, Rc::clone(e)),
            None => {
                let aa = AliasAnalysis::new(m, g, body);
                self.escapes = Some(aa.parts().1);
                aa
            }
        }
    }
}

/// What emission may change of the body, to put back.
struct Saved {
    layout: Vec<Block>,
    blocks: Vec<(Block, Vec<Inst>)>,
    insts: Vec<(Inst, crate::ir::InstData)>,
    md: Vec<(crate::ir::MdOpId, crate::ir::MdOperand)>,
}

impl Saved {
    fn of(body: &Body, v: &LoopView, plan: &Plan) -> Saved {
        let mut s = Saved {
            layout: body.layout.clone(),
            blocks: Vec::new(),
            insts: Vec::new(),
            md: Vec::new(),
        };
        let mut insts: Vec<Inst> = Vec::new();
        for b in [plan.pre, plan.h, plan.exit] {
            let list = body.blocks.get(b).map(|bd| bd.insts.clone()).unwrap_or_default();
            insts.extend(&list);
            s.blocks.push((b, list));
        }
        let defined: Vec<Value> = body
            .blocks
            .get(plan.h)
            .map(|bd| {
                bd.insts.iter().filter_map(|&i| body.insts.get(i).and_then(|d| d.result)).collect()
            })
            .unwrap_or_default();
        for x in defined {
            insts.extend(v.uses.users(body, x));
            insts.extend(v.uses.dbg_users(body, x));
        }
        insts.sort_unstable();
        insts.dedup();
        for i in insts {
            let Some(d) = body.insts.get(i) else { continue };
            for a in d.args.iter() {
                if let Operand::Md(id) = a {
                    if let Some(md) = body.md_ops.get(*id) {
                        s.md.push((*id, md.clone()));
                    }
                }
            }
            for r in body.dbg_records.get(&i).map(|r| r.as_slice()).unwrap_or(&[]) {
                for &id in &r.args {
                    if let Some(md) = body.md_ops.get(id) {
                        s.md.push((id, md.clone()));
                    }
                }
            }
            s.insts.push((i, d.clone()));
        }
        s
    }

    fn restore(self, body: &mut Body) {
        body.layout = self.layout;
        for (b, list) in self.blocks {
            if let Some(bd) = body.blocks.get_mut(b) {
                bd.insts = list;
            }
        }
        for (i, d) in self.insts {
            if let Some(slot) = body.insts.get_mut(i) {
                *slot = d;
            }
        }
        for (id, md) in self.md {
            if let Some(slot) = body.md_ops.get_mut(id) {
                *slot = md;
            }
        }
    }
}

/// The defining instruction of a value of the loop block.
fn def_in(
    body: &Body,
    h: Block,
    v: Value,
    block_of: &dyn Fn(Inst) -> Option<Block>,
) -> Option<Inst> {
    match body.values.get(v)?.def {
        ValueDef::Inst(i) if block_of(i) == Some(h) => Some(i),
        _ => None,
    }
}

/// An integer of the loop as `sum(terms) + stride * %iv + offset` (`%iv` the primary
/// induction variable).
#[derive(Clone, Debug, PartialEq, Eq)]
struct Affine {
    /// Loop-invariant pointer the address starts from (`None` for an integer).
    root: Option<Operand>,
    /// Loop-invariant integer terms with their byte (or unit) scales, sorted.
    terms: Vec<(Operand, i64)>,
    stride: i64,
    offset: i64,
}

impl Affine {
    fn constant(c: i64) -> Affine {
        Affine { root: None, terms: Vec::new(), stride: 0, offset: c }
    }
    fn scaled(&self, k: i64) -> Option<Affine> {
        let mut terms = Vec::with_capacity(self.terms.len());
        for &(o, s) in &self.terms {
            terms.push((o, s.checked_mul(k)?));
        }
        Some(Affine {
            root: None,
            terms,
            stride: self.stride.checked_mul(k)?,
            offset: self.offset.checked_mul(k)?,
        })
    }
    fn plus(&self, o: &Affine) -> Option<Affine> {
        let mut terms = self.terms.clone();
        for &(v, s) in &o.terms {
            match terms.iter_mut().find(|t| t.0 == v) {
                Some(t) => t.1 = t.1.checked_add(s)?,
                None => terms.push((v, s)),
            }
        }
        terms.retain(|t| t.1 != 0);
        terms.sort_by_key(|t| operand_key(t.0));
        let root = match (self.root, o.root) {
            (Some(_), Some(_)) => return None,
            (a, b) => a.or(b),
        };
        Some(Affine {
            root,
            terms,
            stride: self.stride.checked_add(o.stride)?,
            offset: self.offset.checked_add(o.offset)?,
        })
    }
}

/// A total order on operands (for comparing term lists).
fn operand_key(o: Operand) -> (u8, usize) {
    match o {
        Operand::Value(v) => (0, v.index()),
        Operand::Const(c) => (1, c.index()),
        Operand::Md(x) => (2, x.index()),
    }
}

struct Ctx<'a> {
    m: &'a Module,
    body: &'a Body,
    l: &'a Loop,
    h: Block,
    uses: &'a Uses,
    layouts: Rc<Layouts>,
    iv: &'a Induction,
    pred: IntPredicate,
    /// True when the exit test is on `%iv.next`.
    on_next: bool,
}

impl Ctx<'_> {
    fn invariant(&self, o: Operand) -> bool {
        is_invariant(self.body, self.l, &|i| self.uses.block_of(i), o)
    }

    /// `o` as an affine function of the primary induction variable (extensions only where
    /// they cannot wrap over the iterations).
    fn int_affine(&self, o: Operand, depth: u32) -> Option<Affine> {
        if depth > 16 {
            return None;
        }
        if let Some((_, c)) = const_int(self.m, o) {
            return Some(Affine::constant(c));
        }
        if self.invariant(o) {
            return Some(Affine { root: None, terms: vec![(o, 1)], stride: 0, offset: 0 });
        }
        let Operand::Value(v) = o else { return None };
        if v == self.iv.value {
            return Some(Affine { root: None, terms: Vec::new(), stride: 1, offset: 0 });
        }
        if v == self.iv.next {
            return Some(Affine { root: None, terms: Vec::new(), stride: 1, offset: 1 });
        }
        let i = def_in(self.body, self.h, v, &|i| self.uses.block_of(i))?;
        let d = self.body.insts.get(i)?;
        let arg = |k: usize| d.args.get(k).copied();
        match d.op {
            Opcode::SExt | Opcode::ZExt => {
                let x = arg(0)?;
                if !self.extends_without_wrap(x, d.op == Opcode::SExt, depth + 1) {
                    return None;
                }
                self.int_affine(x, depth + 1)
            }
            Opcode::Add | Opcode::Sub => {
                let a = self.int_affine(arg(0)?, depth + 1)?;
                let b = self.int_affine(arg(1)?, depth + 1)?;
                a.plus(&if d.op == Opcode::Sub { b.scaled(-1)? } else { b })
            }
            Opcode::Mul | Opcode::Shl => {
                let (_, k) = const_int(self.m, arg(1)?)?;
                let k = if d.op == Opcode::Shl {
                    1i64.checked_shl(u32::try_from(k).ok()?.min(63))?
                } else {
                    k
                };
                self.int_affine(arg(0)?, depth + 1)?.scaled(k)
            }
            _ => None,
        }
    }

    /// True when extending `x` lane by lane gives consecutive values: `x` is the variable (or
    /// `%iv.next`, or the variable plus a constant with the matching no-wrap flag) and the
    /// variable itself cannot wrap that way over the iterations.
    fn extends_without_wrap(&self, x: Operand, signed: bool, depth: u32) -> bool {
        let flag = if signed { InstFlags::NSW } else { InstFlags::NUW };
        let test = if signed { IntPredicate::Slt } else { IntPredicate::Ult };
        let Operand::Value(v) = x else { return false };
        // Under the test, the compared value stays below the bound and the other one at most
        // reaches it; `%iv.next` after a test on `%iv` may pass it in the last iteration.
        if v == self.iv.value || (v == self.iv.next && self.on_next) {
            return self.iv.flags.has(flag) || self.pred == test;
        }
        if v == self.iv.next {
            return self.iv.flags.has(flag);
        }
        let Some(i) = def_in(self.body, self.h, v, &|i| self.uses.block_of(i)) else {
            return false;
        };
        let Some(d) = self.body.insts.get(i) else { return false };
        d.op == Opcode::Add
            && d.flags.has(flag)
            && depth < 8
            && d.args.iter().any(|&a| const_int(self.m, a).is_some())
            && d.args.iter().any(|&a| self.extends_without_wrap(a, signed, depth + 1))
    }

    /// An address of the loop as an affine function of the variable, in bytes.
    fn ptr_affine(&self, o: Operand, depth: u32) -> Option<Affine> {
        if depth > 16 {
            return None;
        }
        if self.invariant(o) {
            return Some(Affine { root: Some(o), terms: Vec::new(), stride: 0, offset: 0 });
        }
        let Operand::Value(v) = o else { return None };
        let i = def_in(self.body, self.h, v, &|i| self.uses.block_of(i))?;
        let d = self.body.insts.get(i)?;
        let Extra::Gep { source_ty } = d.extra else { return None };
        if d.op != Opcode::GetElementPtr
            || !d.flags.has(InstFlags::INBOUNDS)
            || self.m.types.is_vector(d.ty)
        {
            return None;
        }
        let mut acc = self.ptr_affine(*d.args.first()?, depth + 1)?;
        let mut ty = source_ty;
        for (k, &idx) in d.args.iter().skip(1).enumerate() {
            if self.m.types.is_vector(self.m.operand_ty(self.body, idx)) {
                return None;
            }
            let (step, next_ty) = if k == 0 {
                (self.layouts.get(ty).alloc, ty)
            } else {
                match self.layouts.class(ty).clone() {
                    Class::Array(_, et) => (self.layouts.get(et).alloc, et),
                    Class::Struct(fields, offs) => {
                        let (_, f) = const_int(self.m, idx)?;
                        let f = usize::try_from(f).ok()?;
                        let off = i64::try_from(*offs.get(f)?).ok()?;
                        acc = acc.plus(&Affine::constant(off))?;
                        ty = *fields.get(f)?;
                        continue;
                    }
                    _ => return None,
                }
            };
            if matches!(self.layouts.class(next_ty), Class::Other | Class::Vector(..)) {
                return None;
            }
            let term = self.int_affine(idx, depth + 1)?.scaled(i64::try_from(step).ok()?)?;
            acc = acc.plus(&term)?;
            ty = next_ty;
        }
        Some(acc)
    }
}

/// True for types a lane may have: integers of at most 64 bits, `float`, `double`.
fn lane_type_ok(m: &Module, t: TypeId) -> bool {
    match m.types.int_bits(t) {
        Some(b) => b <= 64,
        None => matches!(
            m.types.float_kind(t),
            Some(crate::ir::FloatKind::Float | crate::ir::FloatKind::Double)
        ),
    }
}

/// True for types loaded and stored by lanes: `i8` to `i64`, `float`, `double` (their vectors
/// are laid out as arrays; `<N x i1>` would be bit-packed).
fn memory_type_ok(m: &Module, t: TypeId) -> bool {
    match m.types.int_bits(t) {
        Some(b) => matches!(b, 8 | 16 | 32 | 64),
        None => lane_type_ok(m, t),
    }
}

/// True for the opcodes widened lane by lane.
fn widenable(op: Opcode) -> bool {
    use crate::ir::opcode::OpClass;
    match op {
        Opcode::ICmp | Opcode::FCmp | Opcode::Select | Opcode::Freeze => true,
        Opcode::Trunc | Opcode::ZExt | Opcode::SExt | Opcode::FPTrunc | Opcode::FPExt => true,
        Opcode::FPToUI | Opcode::FPToSI | Opcode::UIToFP | Opcode::SIToFP => true,
        op => matches!(
            op.class(),
            OpClass::BinInt | OpClass::BinFp | OpClass::Bitwise | OpClass::UnaryFp
        ),
    }
}

/// The plan for loop `l`, or `None` when it does not qualify.
fn analyze(
    m: &Module,
    g: GlobalId,
    body: &Body,
    v: &LoopView,
    l: &Loop,
    cache: &mut Cache,
) -> Option<Plan> {
    let cfg = &v.cfg;
    let h = l.header;
    if l.blocks().len() != 1 || single_latch(l, cfg)? != h {
        return None;
    }
    let pre = preheader(l, cfg)?;
    let [exit] = exit_blocks(l, cfg)[..] else { return None };
    if cfg.preds(exit) != [h] {
        return None;
    }
    let block_of = |i: Inst| v.uses.block_of(i);
    let ivs = inductions(m, body, l, pre, h);
    let test = exit_test(body, l, &block_of, &ivs, h)?;
    let primary = test.iv;
    let iv = ivs.get(primary)?;
    if iv.step != 1
        || !matches!(test.pred, IntPredicate::Ne | IntPredicate::Slt | IntPredicate::Ult)
    {
        return None;
    }
    let hd = body.blocks.get(h)?;
    // The users of the header's values (each once).
    let mut users: HashMap<Value, Vec<Inst>> = HashMap::default();
    for &i in &hd.insts {
        if let Some(r) = body.insts.get(i).and_then(|d| d.result) {
            users.insert(r, v.uses.users(body, r));
        }
    }
    let uses = |v: Value| users.get(&v).map(Vec::as_slice).unwrap_or(&[]);
    let in_loop = |i: Inst| block_of(i) == Some(h);
    // Header phis: induction variables or reductions.
    let mut reductions = Vec::new();
    let mut insts = Vec::new();
    for &i in &hd.insts {
        let d = body.insts.get(i)?;
        if d.op == Opcode::Phi {
            if ivs.iter().any(|iv| iv.phi == i) {
                if !lane_type_ok(m, d.ty) {
                    return None;
                }
                continue;
            }
            reductions.push(reduction(m, body, pre, h, i, &uses, &in_loop)?);
        } else if !d.op.is_terminator() {
            insts.push(i);
        }
    }
    let ctx = Ctx {
        m,
        body,
        l,
        h,
        uses: &v.uses,
        layouts: cache.layouts(m),
        iv,
        pred: test.pred,
        on_next: test.on_next,
    };
    // Memory accesses.
    let mut accesses = HashMap::default();
    let mut mem: Vec<(Inst, bool, Affine, u64)> = Vec::new();
    for &i in &insts {
        let d = body.insts.get(i)?;
        match d.op {
            Opcode::Load | Opcode::Store => {
                let simple = !d.flags.has(InstFlags::VOLATILE)
                    && d.mem_info().is_some_and(|mi| mi.ordering == crate::ir::Ordering::NotAtomic);
                let store = d.op == Opcode::Store;
                let (addr, vty) = if store {
                    (*d.args.get(1)?, m.operand_ty(body, *d.args.first()?))
                } else {
                    (*d.args.first()?, d.ty)
                };
                if !simple || !memory_type_ok(m, vty) {
                    return None;
                }
                let size = ctx.layouts.get(vty).size;
                let aff = ctx.ptr_affine(addr, 0)?;
                aff.root?;
                let access = match aff.stride {
                    0 if !store => Access::Invariant,
                    s if s == i64::try_from(size).ok()? => Access::Consecutive,
                    s if !store && s != 0 => Access::Strided(s),
                    _ => return None,
                };
                accesses.insert(i, access);
                mem.push((i, store, aff, size));
            }
            Opcode::GetElementPtr => {}
            op if widenable(op) => {}
            _ => return None,
        }
    }
    // Which values must be vectors.
    let mut vector: HashSet<Value> = HashSet::default();
    let mut work: Vec<Value> = Vec::new();
    for &i in &insts {
        let d = body.insts.get(i)?;
        if d.op == Opcode::Store {
            if let Some(Operand::Value(v)) = d.args.first() {
                work.push(*v);
            }
        }
    }
    for r in &reductions {
        work.push(r.next);
    }
    // Values used after the loop.
    let mut live_outs = Vec::new();
    let mut outside_used: Vec<Value> = Vec::new();
    for &i in hd.insts.iter() {
        let Some(v) = body.insts.get(i).and_then(|d| d.result) else { continue };
        if uses(v).iter().any(|&u| !in_loop(u)) {
            outside_used.push(v);
        }
    }
    for v in outside_used {
        let lo = if let Some(k) = ivs.iter().position(|iv| iv.value == v) {
            LiveOut::Induction { k, next: false }
        } else if let Some(k) = ivs.iter().position(|iv| iv.next == v) {
            LiveOut::Induction { k, next: true }
        } else if let Some(k) = reductions.iter().position(|r| r.next == v) {
            LiveOut::Reduction(k)
        } else if reductions.iter().any(|r| r.value == v) {
            return None;
        } else {
            work.push(v);
            LiveOut::LastLane
        };
        live_outs.push((v, lo));
    }
    let is_phi_value =
        |v: Value| ivs.iter().any(|iv| iv.value == v) || reductions.iter().any(|r| r.value == v);
    while let Some(v) = work.pop() {
        if !vector.insert(v) || is_phi_value(v) {
            continue;
        }
        let Some(i) = def_in(body, h, v, &block_of) else { continue };
        let d = body.insts.get(i)?;
        if !lane_type_ok(m, d.ty) && m.types.int_bits(d.ty) != Some(1) {
            return None;
        }
        if d.op == Opcode::Load {
            continue;
        }
        if !widenable(d.op) {
            return None;
        }
        for &a in &d.args {
            let at = m.operand_ty(body, a);
            if !lane_type_ok(m, at) && m.types.int_bits(at) != Some(1) {
                return None;
            }
            if let Operand::Value(x) = a {
                if def_in(body, h, x, &block_of).is_some() || is_phi_value(x) {
                    work.push(x);
                }
            }
        }
    }
    // The vector width, from the widest type loaded, stored or reduced (as LLVM's cost model
    // picks its largest VF); other values only when the loop has none of those.
    let bits_of =
        |t: TypeId| m.types.int_bits(t).or_else(|| m.types.float_kind(t).map(|k| k.bits()));
    let widest = mem
        .iter()
        .map(|a| (a.3 * 8) as u32)
        .chain(reductions.iter().filter_map(|r| bits_of(r.ty)))
        .max()
        .or_else(|| {
            vector.iter().filter_map(|&v| bits_of(body.value_ty(v))).filter(|&b| b > 1).max()
        })?;
    let vf = (VECTOR_BITS / widest.max(8)).clamp(2, 16);
    // Memory dependences.
    let aa = cache.alias(m, g, body);
    let pos = |i: Inst| insts.iter().position(|&x| x == i).unwrap_or(0);
    for (a, &(ia, sa, ref fa, za)) in mem.iter().enumerate() {
        for &(ib, sb, ref fb, zb) in mem.iter().skip(a + 1) {
            if !sa && !sb {
                continue;
            }
            let (ra, rb) = (fa.root?, fb.root?);
            if ra != rb || fa.terms != fb.terms {
                let la = Location { ptr: ra, size: None };
                let lb = Location { ptr: rb, size: None };
                if aa.alias(la, lb) != AliasResult::NoAlias {
                    return None;
                }
                continue;
            }
            if fa.stride != fb.stride || fa.stride == 0 {
                return None;
            }
            let s = fa.stride.abs();
            let (oa, ob) = (fa.offset.rem_euclid(s), fb.offset.rem_euclid(s));
            let (za, zb) = (za as i64, zb as i64);
            if oa + za <= s && ob + zb <= s && (oa + za <= ob || ob + zb <= oa) {
                continue; // different fields of each element: never the same bytes
            }
            if oa != ob || za != zb {
                return None;
            }
            // Iterations apart: a's element in iteration j is b's in iteration j + d.
            let d = (fa.offset - fb.offset) / fa.stride;
            if sa && sb {
                if d != 0 {
                    return None;
                }
                continue;
            }
            // `d` > 0: b touches later what a touched: fine when a comes first in the block.
            let a_first = pos(ia) < pos(ib);
            let ok = d == 0 || d.unsigned_abs() >= vf as u64 || (d > 0) == a_first;
            if !ok {
                return None;
            }
        }
    }
    // Trip count and profit.
    if let Some((_, c)) = const_int(m, test.bound) {
        if let Some((_, s)) = const_int(m, iv.start) {
            let n = c.wrapping_sub(s).wrapping_add(if test.on_next { 0 } else { 1 });
            if n >= 0 && n < vf as i64 {
                return None;
            }
        }
    }
    let scalar_cost = (insts.len() + 1) as u64 * vf as u64;
    let mut vector_cost = 4u64;
    for &i in &insts {
        let d = body.insts.get(i)?;
        vector_cost += match accesses.get(&i) {
            Some(Access::Strided(_)) => 3 * vf as u64,
            Some(Access::Invariant) => 3,
            Some(Access::Consecutive) => 2,
            None if d.result.is_some_and(|v| vector.contains(&v)) => 1,
            None => 1,
        };
    }
    if vector_cost >= scalar_cost {
        return None;
    }
    Some(Plan {
        pre,
        h,
        exit,
        vf,
        ivs,
        primary,
        test,
        reductions,
        insts,
        vector,
        accesses,
        live_outs,
    })
}

/// The reduction of header phi `phi`, if it is one.
fn reduction<'u>(
    m: &Module,
    body: &Body,
    pre: Block,
    h: Block,
    phi: Inst,
    uses: &dyn Fn(Value) -> &'u [Inst],
    in_loop: &dyn Fn(Inst) -> bool,
) -> Option<Reduction> {
    let d = body.insts.get(phi)?;
    let Extra::Phi(blocks) = &d.extra else { return None };
    let value = d.result?;
    let ty = d.ty;
    let bits = m.types.int_bits(ty)?;
    if !(8..=64).contains(&bits) || blocks.len() != 2 {
        return None;
    }
    let entry = |b: Block| blocks.iter().position(|&x| x == b).and_then(|k| d.args.get(k)).copied();
    let init = entry(pre)?;
    let Operand::Value(next) = entry(h)? else { return None };
    let ValueDef::Inst(next_inst) = body.values.get(next)?.def else { return None };
    let nd = body.insts.get(next_inst)?;
    if !matches!(nd.op, Opcode::Add | Opcode::Mul | Opcode::And | Opcode::Or | Opcode::Xor)
        || !in_loop(next_inst)
    {
        return None;
    }
    let (a, b) = (*nd.args.first()?, *nd.args.get(1)?);
    if (a == Operand::Value(value)) == (b == Operand::Value(value)) {
        return None;
    }
    // `%r` only feeds `%next`; `%next` only `%r` and code after the loop.
    if uses(value) != [next_inst] || uses(next).iter().any(|&u| in_loop(u) && u != phi) {
        return None;
    }
    Some(Reduction { phi, value, init, next, next_inst, op: nd.op, ty })
}
