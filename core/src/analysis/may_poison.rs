//! A static, conservative "may be poison" analysis of one function body: before running it, which
//! values may be poison (or undef), and why, in the LangRef's terms ("Poison Values").
//!
//! A value may be poison because its instruction can create poison from well-defined operands
//! (a *source*: `add nsw` may overflow, a shift amount may be too large, a `!nonnull` load may
//! read null, ...), or because poison may flow into it from an operand (*propagated*). Most
//! instructions propagate poison from every operand; `select` from its condition and from the
//! arms it may pick (both, unless the condition is a constant); `phi` from every incoming value;
//! `freeze` never yields poison. The facts are iterated to a fixed point, so values flowing
//! around loops are covered.
//!
//! Vectors, arrays and structs of up to 64 elements are tracked element by element (a bit per
//! top-level element), so the usual idioms stay clean: `insertelement <4 x i32> poison, i32 %x,
//! i32 0` may be poison (its lanes 1..3 are), but the splat `shufflevector` that only reads lane
//! 0 is not, and a struct built field by field with `insertvalue` from `poison` is not.
//!
//! Choices made where the IR alone does not say (see [`Options`] for the two that can be
//! switched):
//! - Memory is not tracked: a `load` (likewise `atomicrmw`, `cmpxchg`, `va_arg`) is assumed to
//!   read well-defined bytes, except that `!range`, `!nonnull` and `!align` on a load make it a
//!   source (a violating value reads as poison). [`Options::loads_may_be_poison`] makes every
//!   load a source instead.
//! - Parameters are assumed well defined unless an attribute can turn a passed value into
//!   poison (`nonnull`, `range`, `align`, `nofpclass` without `noundef`);
//!   [`Options::args_may_be_poison`] makes every parameter without `noundef` a source.
//! - Calls are not sources by themselves: the result may be poison when an argument may be
//!   (except arguments marked `noundef`, since passing poison there is undefined behaviour), when
//!   a return attribute (`nonnull`, `range`, `align`, `nofpclass`) or `!range` may be violated,
//!   with `nnan`/`ninf`, and for the intrinsics that create poison (`llvm.abs` and
//!   `llvm.ctlz`/`llvm.cttz` with their poison flag set, `llvm.sshl.sat`/`llvm.ushl.sat` with an
//!   amount not known to be in range). Other intrinsics propagate from their arguments.
//! - A value that must not be poison on pain of undefined behaviour is taken to be well defined:
//!   results with a `noundef` return attribute, `!noundef` loads, and `udiv`/`sdiv`/`urem`/`srem`
//!   do not propagate from their divisor (a poison divisor is undefined behaviour).
//! - `undef` is not poison: it is tracked separately ([`MayPoison::undef`]), with the same
//!   propagation except that a `select` condition does not make the result undef.

use crate::ir::entity::SecondaryMap;
use crate::ir::{
    AttrKind, AttrSetId, Body, ConstId, ConstKind, Extra, FastMath, Function, Inst, InstData,
    Module, Opcode, Operand, Type, TypeId, Value,
};
use rustc_hash::FxHashMap as HashMap;

/// Why a value may be poison (or undef).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reason {
    /// The value is where poison may be created.
    Source {
        /// The instruction that creates it (`None` for a parameter).
        inst: Option<Inst>,
        /// What may go wrong, e.g. "add nsw may overflow".
        message: String,
    },
    /// Poison may flow in from this operand.
    Propagated {
        /// The operand that may be poison.
        from: Value,
    },
}

impl Reason {
    /// The message of a source, `None` for a propagated value.
    pub fn message(&self) -> Option<&str> {
        match self {
            Reason::Source { message, .. } => Some(message),
            Reason::Propagated { .. } => None,
        }
    }
}

/// What a value may be, at worst.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum MayBe {
    /// Neither poison nor undef.
    Defined,
    /// Undef (in some bits or elements), but not poison.
    Undef,
    /// Poison (in some elements, for vectors and aggregates).
    Poison,
}

/// Assumptions about what the function body cannot see.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// Treat every value read from memory as possibly poison or undef ("loaded from memory"),
    /// unless the load is `!noundef`. Off by default: memory is assumed well defined.
    pub loads_may_be_poison: bool,
    /// Treat every parameter without `noundef` as possibly poison or undef. Off by default.
    pub args_may_be_poison: bool,
}

/// The may-be-poison and may-be-undef facts of one function body.
#[derive(Clone, Debug, Default)]
pub struct MayPoison {
    /// Per value, a bit per element that may be poison (`u64::MAX` for a whole value).
    poison: SecondaryMap<Value, u64>,
    poison_why: SecondaryMap<Value, Option<Reason>>,
    undef: SecondaryMap<Value, u64>,
    undef_why: SecondaryMap<Value, Option<Reason>>,
}

const ALL: u64 = u64::MAX;

/// Which fact is being computed.
#[derive(Copy, Clone, PartialEq, Eq)]
enum Lat {
    Poison,
    Undef,
}

impl MayPoison {
    /// Analyses `body`, a function body of `module`, with the default [`Options`].
    pub fn new(module: &Module, body: &Body) -> MayPoison {
        MayPoison::with_options(module, body, Options::default())
    }

    /// Analyses `body` under the given assumptions. Parameter attributes are read from the
    /// function of `module` that owns `body` (found by identity; ignored for a body that is not
    /// in `module`).
    pub fn with_options(module: &Module, body: &Body, opts: Options) -> MayPoison {
        let func = module
            .globals
            .values()
            .filter_map(|g| g.as_func())
            .find(|f| f.body.as_ref().is_some_and(|b| std::ptr::eq(b, body)));
        Builder::new(module, body, func, opts).run()
    }

    /// Why `v` may be poison; `None` when it cannot be.
    pub fn get(&self, v: Value) -> Option<&Reason> {
        self.poison_why[v].as_ref()
    }

    /// Why `v` may be undef; `None` when it cannot be.
    pub fn undef(&self, v: Value) -> Option<&Reason> {
        self.undef_why[v].as_ref()
    }

    /// The worst `v` may be.
    pub fn may_be(&self, v: Value) -> MayBe {
        if self.get(v).is_some() {
            MayBe::Poison
        } else if self.undef(v).is_some() {
            MayBe::Undef
        } else {
            MayBe::Defined
        }
    }

    /// Which elements of `v` may be poison: bit `i` for element `i` of a vector, array or
    /// struct of up to 64 elements; all bits set for other values that may be poison; 0 when
    /// none may.
    pub fn poison_elements(&self, v: Value) -> u64 {
        self.poison[v]
    }

    /// The values that may be poison, with their reasons, in value order.
    pub fn iter(&self) -> impl Iterator<Item = (Value, &Reason)> + '_ {
        self.poison_why.iter().filter_map(|(v, r)| Some((v, r.as_ref()?)))
    }

    /// The path poison may take to reach `v`: `v` first, then the operand it propagates from,
    /// and so on to a source (empty when `v` cannot be poison).
    pub fn trace(&self, v: Value) -> Vec<Value> {
        let mut path = Vec::new();
        let mut cur = v;
        while let Some(r) = self.get(cur) {
            path.push(cur);
            match r {
                Reason::Propagated { from } if path.len() <= self.poison_why.len() => cur = *from,
                _ => break,
            }
        }
        path
    }
}

/// How the elements of a value are tracked, each with a bit of its mask.
#[derive(Copy, Clone, PartialEq, Eq)]
enum Shape {
    /// As a whole: the mask is 0 or all ones.
    Whole,
    /// A bit per element: fixed vectors, arrays and structs of up to 64 elements.
    Elems(u32),
    /// A scalable vector of this minimum length: bit 0 for element 0, bit 1 for the others.
    Scalable(u32),
}

/// The facts of a constant.
#[derive(Clone, Default)]
struct ConstFact {
    poison: u64,
    undef: u64,
    /// Why it may be poison, as a phrase ("the constant `poison`").
    why: String,
}

struct Builder<'a> {
    m: &'a Module,
    body: &'a Body,
    func: Option<&'a Function>,
    opts: Options,
    consts: HashMap<ConstId, ConstFact>,
    out: MayPoison,
}

impl<'a> Builder<'a> {
    fn new(
        m: &'a Module,
        body: &'a Body,
        func: Option<&'a Function>,
        opts: Options,
    ) -> Builder<'a> {
        let n = body.values.len();
        let out = MayPoison {
            poison: SecondaryMap::from_elem(0, n),
            poison_why: SecondaryMap::from_elem(None, n),
            undef: SecondaryMap::from_elem(0, n),
            undef_why: SecondaryMap::from_elem(None, n),
        };
        Builder { m, body, func, opts, consts: HashMap::default(), out }
    }

    fn run(mut self) -> MayPoison {
        self.params();
        // The instructions with results, in layout order, with their own (state-free) sources.
        let mut order: Vec<(Inst, Value, u64, String, bool)> = Vec::new();
        for &b in &self.body.layout {
            let Some(bd) = self.body.blocks.get(b) else { continue };
            for &i in &bd.insts {
                let Some(data) = self.body.insts.get(i) else { continue };
                let Some(v) = data.result else { continue };
                for op in data.args.iter() {
                    if let Operand::Const(c) = *op {
                        self.const_fact(c, 0);
                    }
                }
                let (src, msg) = self.source(data);
                order.push((i, v, src & self.full(data.ty), msg, self.must_be_defined(data)));
            }
        }
        // Iterate to a fixed point: masks only grow, so this ends.
        let mut changed = true;
        while changed {
            changed = false;
            for (i, v, src, msg, defined) in &order {
                if *defined {
                    continue;
                }
                let Some(data) = self.body.insts.get(*i) else { continue };
                for lat in [Lat::Poison, Lat::Undef] {
                    let (own, own_msg) = match lat {
                        Lat::Poison => (*src, msg.as_str()),
                        Lat::Undef => {
                            (self.undef_source(data), "loaded from memory, which may hold undef")
                        }
                    };
                    let (mask, reason) = self.step(*i, data, lat, own, own_msg);
                    let (masks, whys) = match lat {
                        Lat::Poison => (&mut self.out.poison, &mut self.out.poison_why),
                        Lat::Undef => (&mut self.out.undef, &mut self.out.undef_why),
                    };
                    let (Some(old), Some(why)) = (masks.get_mut(*v), whys.get_mut(*v)) else {
                        continue;
                    };
                    if *old | mask != *old {
                        *old |= mask;
                        changed = true;
                        if why.is_none() {
                            let fallback = || Reason::Source {
                                inst: Some(*i),
                                message: "may be poison".into(),
                            };
                            *why = Some(reason.unwrap_or_else(fallback));
                        }
                    }
                }
            }
        }
        self.out
    }

    // ---- Types and attributes --------------------------------------------------------------

    /// How the elements of a value of type `t` are tracked.
    fn shape(&self, t: TypeId) -> Shape {
        let n = match self.m.types.get(t) {
            Type::Vector { scalable: true, len, .. } => return Shape::Scalable(*len),
            Type::Vector { len, .. } => u64::from(*len),
            Type::Array { len, .. } => *len,
            Type::Struct { .. } | Type::Named(_) => match self.m.types.struct_fields(t) {
                Some((_, f)) => f.len() as u64,
                None => return Shape::Whole,
            },
            _ => return Shape::Whole,
        };
        if n <= 64 {
            Shape::Elems(n as u32)
        } else {
            Shape::Whole
        }
    }

    /// The mask of every element of a value of type `t`.
    fn full(&self, t: TypeId) -> u64 {
        match self.shape(t) {
            Shape::Elems(n) if n < 64 => (1u64 << n) - 1,
            Shape::Scalable(_) => 0b11,
            _ => ALL,
        }
    }

    /// The bit of element `i` of a value of type `t`.
    fn bit(&self, t: TypeId, i: u64) -> u64 {
        match self.shape(t) {
            Shape::Whole => ALL,
            Shape::Elems(_) if i < 64 => 1u64 << i,
            Shape::Elems(_) => 0,
            Shape::Scalable(_) => 1 + u64::from(i > 0),
        }
    }

    /// The bits of a value of type `t` that replacing element `i` leaves as they were.
    fn others(&self, t: TypeId, i: u64) -> u64 {
        match self.shape(t) {
            Shape::Elems(_) | Shape::Scalable(_) if i == 0 => !1,
            Shape::Elems(_) => !self.bit(t, i),
            _ => ALL,
        }
    }

    /// How a mask on an operand of type `from` reaches a result of type `to`, element-wise.
    fn spread(&self, mask: u64, from: TypeId, to: TypeId) -> u64 {
        let vectors = self.m.types.is_vector(from) && self.m.types.is_vector(to);
        match self.shape(from) {
            _ if mask == 0 => 0,
            Shape::Whole => ALL,
            s if from == to || (vectors && s == self.shape(to)) => mask,
            _ => ALL,
        }
    }

    fn has_attr(&self, set: AttrSetId, kind: AttrKind) -> bool {
        self.m.attrs.has(set, kind)
    }

    /// The first attribute of `sets` that turns a violating value into poison.
    fn poisoning_attr(&self, sets: &[AttrSetId]) -> Option<&'static str> {
        const KINDS: [AttrKind; 4] =
            [AttrKind::NonNull, AttrKind::Range, AttrKind::Align, AttrKind::NoFpClass];
        KINDS.into_iter().find(|&k| sets.iter().any(|&s| self.has_attr(s, k))).map(|k| k.name())
    }

    fn md_has(&self, data: &InstData, name: &str) -> bool {
        data.md.iter().any(|(s, _)| self.m.symbols.get(*s) == name)
    }

    fn opnd_ty(&self, op: Operand) -> TypeId {
        match op {
            Operand::Const(c) if !self.m.consts.is_valid(c) => TypeId::VOID,
            _ => self.m.operand_ty(self.body, op),
        }
    }

    // ---- Parameters --------------------------------------------------------------------------

    fn params(&mut self) {
        for (k, &v) in self.body.params.iter().enumerate() {
            let attrs =
                self.func.and_then(|f| f.params.get(k)).map_or(AttrSetId::EMPTY, |p| p.attrs);
            if self.has_attr(attrs, AttrKind::NoUndef) {
                continue;
            }
            let ty = self.body.value_ty(v);
            let (poison, undef) = if let Some(a) = self.poisoning_attr(&[attrs]) {
                (
                    Some(format!(
                        "parameter may violate its `{a}` attribute (poison is passed instead)"
                    )),
                    None,
                )
            } else if self.opts.args_may_be_poison {
                (
                    Some("the caller may pass poison".to_string()),
                    Some("the caller may pass undef".to_string()),
                )
            } else {
                (None, None)
            };
            let full = self.full(ty);
            let out = &mut self.out;
            for (msg, masks, whys) in [
                (poison, &mut out.poison, &mut out.poison_why),
                (undef, &mut out.undef, &mut out.undef_why),
            ] {
                if let (Some(message), Some(m), Some(w)) = (msg, masks.get_mut(v), whys.get_mut(v))
                {
                    *m = full;
                    *w = Some(Reason::Source { inst: None, message });
                }
            }
        }
    }

    // ---- Constants ---------------------------------------------------------------------------

    fn const_fact(&mut self, c: ConstId, depth: u32) -> ConstFact {
        if let Some(f) = self.consts.get(&c) {
            return f.clone();
        }
        if !self.m.consts.is_valid(c) || depth > 48 {
            return ConstFact {
                poison: ALL,
                undef: ALL,
                why: "a constant too deep to analyse".into(),
            };
        }
        let ty = self.m.consts.ty(c);
        let full = self.full(ty);
        let mut f = ConstFact::default();
        match self.m.consts.kind(c) {
            ConstKind::Poison => {
                f = ConstFact { poison: full, undef: 0, why: "the constant `poison`".into() }
            }
            ConstKind::Undef => f.undef = full,
            ConstKind::Aggregate(elems) | ConstKind::PtrAuth(elems) => {
                let aggregate = matches!(self.m.consts.kind(c), ConstKind::Aggregate(_));
                for (i, &e) in elems.iter().enumerate() {
                    let ef = self.const_fact(e, depth + 1);
                    let bit = if aggregate { self.bit(ty, i as u64) } else { ALL };
                    if ef.poison != 0 && f.poison == 0 {
                        f.why = match ef.why.as_str() {
                            "the constant `poison`" => "a constant with poison elements".into(),
                            _ => ef.why,
                        };
                    }
                    f.poison |= if ef.poison != 0 { bit } else { 0 };
                    f.undef |= if ef.undef != 0 { bit } else { 0 };
                }
            }
            ConstKind::Expr(e) => {
                let facts: Vec<ConstFact> =
                    e.operands.iter().map(|&o| self.const_fact(o, depth + 1)).collect();
                let ops: Vec<Operand> = e.operands.iter().map(|&o| Operand::Const(o)).collect();
                for lat in [Lat::Poison, Lat::Undef] {
                    let get = |i: usize| {
                        facts
                            .get(i)
                            .map_or(0, |f| if lat == Lat::Poison { f.poison } else { f.undef })
                    };
                    for (i, m) in self.flows(e.op, &[], &ops, ty, lat, &get) {
                        match lat {
                            Lat::Poison if m != 0 => {
                                if f.poison == 0 {
                                    f.why = facts.get(i).map(|f| f.why.clone()).unwrap_or_default();
                                }
                                f.poison |= m;
                            }
                            Lat::Poison => {}
                            Lat::Undef => f.undef |= m,
                        }
                    }
                }
                let source_ty = e.source_ty.unwrap_or(TypeId::VOID);
                let (mask, msg) =
                    self.op_source(e.op, e.flags, FastMath::default(), &ops, ty, source_ty);
                if let Some(msg) = msg {
                    f.poison |= mask;
                    f.why = format!("a constant expression where {msg}");
                }
            }
            _ => {}
        }
        f.poison &= full;
        f.undef &= full;
        self.consts.insert(c, f.clone());
        f
    }

    // ---- Propagation -------------------------------------------------------------------------

    /// The current mask of an operand.
    fn mask_of(&self, op: Operand, lat: Lat) -> u64 {
        match op {
            Operand::Value(v) => {
                let masks = if lat == Lat::Poison { &self.out.poison } else { &self.out.undef };
                masks[v]
            }
            Operand::Const(c) => {
                let f = self.consts.get(&c);
                f.map_or(0, |f| if lat == Lat::Poison { f.poison } else { f.undef })
            }
            Operand::Md(_) => 0,
        }
    }

    /// The result mask of one instruction from its operands' current masks, and a reason.
    fn step(
        &self,
        inst: Inst,
        data: &InstData,
        lat: Lat,
        own: u64,
        own_msg: &str,
    ) -> (u64, Option<Reason>) {
        let args = &data.args;
        let mask = |i: usize| args.get(i).map_or(0, |&o| self.mask_of(o, lat));
        let flows = match data.op {
            Opcode::Call | Opcode::Invoke | Opcode::CallBr => {
                // Arguments, but not the callee (a poison callee is undefined behaviour), nor
                // `noundef` arguments (passing poison there is too).
                let ci = data.call_info();
                let decl = self.callee(data).and_then(|(_, f)| f);
                let noundef = |i: usize| {
                    let site = ci
                        .and_then(|c| c.arg_attrs.get(i - 1))
                        .copied()
                        .unwrap_or(AttrSetId::EMPTY);
                    let dp = decl
                        .and_then(|f| f.params.get(i - 1))
                        .map_or(AttrSetId::EMPTY, |p| p.attrs);
                    self.has_attr(site, AttrKind::NoUndef) || self.has_attr(dp, AttrKind::NoUndef)
                };
                (1..args.len())
                    .filter(|&i| !noundef(i))
                    .map(|i| (i, if mask(i) != 0 { ALL } else { 0 }))
                    .collect()
            }
            _ => {
                let indices = match &data.extra {
                    Extra::Indices(ix) => &ix[..],
                    _ => &[],
                };
                self.flows(data.op, indices, args, data.ty, lat, &mask)
            }
        };

        let full = self.full(data.ty);
        let total = flows.iter().fold(own, |acc, &(_, m)| acc | m) & full;
        if total == 0 {
            return (0, None);
        }
        if own & full != 0 {
            return (
                total,
                Some(Reason::Source { inst: Some(inst), message: own_msg.to_string() }),
            );
        }
        let live: Vec<Operand> = flows
            .iter()
            .filter(|(_, m)| m & full != 0)
            .filter_map(|&(i, _)| args.get(i).copied())
            .collect();
        // A constant operand is a source; otherwise the first value operand it comes from.
        let reason = match (live.iter().find(|o| matches!(o, Operand::Const(_))), lat) {
            (Some(Operand::Const(c)), Lat::Poison) => {
                let why = self.consts.get(c).map_or("", |f| f.why.as_str());
                let message =
                    format!("uses {}", if why.is_empty() { "a poison constant" } else { why });
                Some(Reason::Source { inst: Some(inst), message })
            }
            (Some(_), _) => {
                Some(Reason::Source { inst: Some(inst), message: "uses an undef constant".into() })
            }
            (None, _) => live.iter().find_map(|o| match o {
                Operand::Value(v) => Some(Reason::Propagated { from: *v }),
                _ => None,
            }),
        };
        (total, reason)
    }

    /// What each operand of a non-call instruction or constant expression contributes to its
    /// result, given the operands' masks: `(operand index, mask)` pairs.
    fn flows(
        &self,
        op: Opcode,
        indices: &[u32],
        args: &[Operand],
        res: TypeId,
        lat: Lat,
        mask: &dyn Fn(usize) -> u64,
    ) -> Vec<(usize, u64)> {
        let ty = |i: usize| args.get(i).map_or(TypeId::VOID, |&o| self.opnd_ty(o));
        let any = |i: usize| if mask(i) != 0 { ALL } else { 0 };
        // Element `i` of operand `k` (all of it for an unknown index) as a whole result.
        let elem = |k: usize, i: Option<u64>| match i {
            Some(i) if mask(k) & self.bit(ty(k), i) == 0 => 0,
            _ => any(k),
        };
        let lane = |k: usize| args.get(k).and_then(|&o| self.const_index(o));
        match op {
            Opcode::Load | Opcode::CmpXchg | Opcode::AtomicRmw | Opcode::VaArg | Opcode::Freeze => {
                Vec::new()
            }
            // An undef condition picks one of the arms: only a poison one makes poison.
            Opcode::Select => {
                let (t, f) = self.arms(args.first().copied(), res);
                let arms = [(1, mask(1) & t), (2, mask(2) & f)];
                match lat {
                    Lat::Undef => arms.to_vec(),
                    Lat::Poison => vec![(0, self.spread(mask(0), ty(0), res)), arms[0], arms[1]],
                }
            }
            Opcode::Phi => (0..args.len()).map(|i| (i, mask(i))).collect(),
            // A poison divisor is undefined behaviour, not a poison result.
            Opcode::UDiv | Opcode::SDiv | Opcode::URem | Opcode::SRem => {
                vec![(0, self.spread(mask(0), ty(0), res))]
            }
            Opcode::ExtractValue => vec![(0, elem(0, indices.first().map(|&i| u64::from(i))))],
            Opcode::InsertValue => match indices {
                [i] => vec![
                    (0, mask(0) & self.others(res, (*i).into())),
                    (1, any(1) & self.bit(res, (*i).into())),
                ],
                [i, ..] => vec![(0, mask(0)), (1, any(1) & self.bit(res, (*i).into()))],
                [] => vec![(0, mask(0)), (1, any(1))],
            },
            Opcode::ExtractElement => vec![(0, elem(0, lane(1))), (1, any(1))],
            Opcode::InsertElement => {
                let known = lane(2).filter(|&i| {
                    self.m.types.vector(res).is_some_and(|(_, n, _)| i < u64::from(n))
                });
                match known {
                    Some(i) => vec![
                        (0, mask(0) & self.others(res, i)),
                        (1, any(1) & self.bit(res, i)),
                        (2, any(2)),
                    ],
                    None => vec![(0, mask(0)), (1, any(1)), (2, any(2))],
                }
            }
            Opcode::ShuffleVector => {
                let (a, b) = self.shuffle_flow(args, res, mask(0), mask(1));
                vec![(0, a), (1, b)]
            }
            _ => (0..args.len()).map(|i| (i, self.spread(mask(i), ty(i), res))).collect(),
        }
    }

    /// The elements for which a `select` with condition `cond` may pick its true and its false
    /// arm: both, unless the condition is a constant.
    fn arms(&self, cond: Option<Operand>, res: TypeId) -> (u64, u64) {
        let Some(Operand::Const(c)) = cond else { return (ALL, ALL) };
        if !self.m.consts.is_valid(c) {
            return (ALL, ALL);
        }
        let pick = |k: &ConstKind| match k {
            ConstKind::Int(x) => Some(!x.is_zero()),
            ConstKind::Zero => Some(false),
            _ => None,
        };
        let one = |k: &ConstKind, bit: u64| match pick(k) {
            Some(true) => (bit, 0),
            Some(false) => (0, bit),
            None => (bit, bit),
        };
        match self.m.consts.kind(c) {
            ConstKind::Aggregate(elems) => {
                elems.iter().enumerate().fold((0, 0), |(t, f), (i, &e)| {
                    let k = if self.m.consts.is_valid(e) {
                        self.m.consts.kind(e)
                    } else {
                        &ConstKind::Undef
                    };
                    let (a, b) = one(k, self.bit(res, i as u64));
                    (t | a, f | b)
                })
            }
            k => one(k, ALL),
        }
    }

    /// What each input of a `shufflevector` contributes to the result, by its mask.
    fn shuffle_flow(&self, args: &[Operand], res: TypeId, ma: u64, mb: u64) -> (u64, u64) {
        let whole = (if ma != 0 { ALL } else { 0 }, if mb != 0 { ALL } else { 0 });
        let in_ty = args.first().map_or(TypeId::VOID, |&o| self.opnd_ty(o));
        let Some(&Operand::Const(mc)) = args.get(2) else { return whole };
        if !self.m.consts.is_valid(mc) {
            return whole;
        }
        let sel = |j: u32| -> Option<u64> {
            match self.m.consts.kind(mc) {
                ConstKind::Zero => Some(0),
                ConstKind::Aggregate(e) => {
                    match e.get(j as usize).map(|&c| (self.m.consts.is_valid(c), c)) {
                        Some((true, c)) => match self.m.consts.kind(c) {
                            ConstKind::Int(x) => x.to_u64(),
                            ConstKind::Zero => Some(0),
                            _ => None,
                        },
                        _ => None,
                    }
                }
                _ => None,
            }
        };
        match (self.shape(in_ty), self.shape(res)) {
            // A splat of element 0 (scalable masks can only be zero, undef or poison).
            (Shape::Scalable(_) | Shape::Elems(_), _)
                if matches!(self.m.consts.kind(mc), ConstKind::Zero) =>
            {
                (if ma & 1 != 0 { ALL } else { 0 }, 0)
            }
            (Shape::Elems(n_in), Shape::Elems(n_out)) => {
                let (mut a, mut b) = (0u64, 0u64);
                let n = u64::from(n_in);
                for j in 0..n_out.min(64) {
                    match sel(j) {
                        Some(m) if m < n && ma & (1u64 << m) != 0 => a |= 1u64 << j,
                        Some(m) if m >= n && m < 2 * n && mb & (1u64 << (m - n)) != 0 => {
                            b |= 1u64 << j
                        }
                        _ => {}
                    }
                }
                (a, b)
            }
            _ => whole,
        }
    }
}

#[path = "may_poison_sources.rs"]
mod sources;

#[cfg(test)]
#[path = "may_poison_tests.rs"]
mod tests;
