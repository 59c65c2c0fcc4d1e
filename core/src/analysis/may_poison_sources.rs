//! Where poison starts, for the may-be-poison analysis: the instructions and constant
//! expressions that can create poison from well-defined operands (poison-generating flags,
//! out-of-range shift amounts and element indices, float-to-integer conversions, violated
//! attributes and metadata, the intrinsics that create poison), and the results that cannot be
//! poison without undefined behaviour first.
//!
//! When the operands are constants, the flags are checked on their values, so `add nsw i32 1, 2`
//! is not a source; `getelementptr inbounds` with constant indices inside a global variable or
//! an `alloca` of its source type is not either.

use super::{Builder, ALL};
use crate::ir::{
    AttrKind, AttrSetId, ConstId, ConstKind, Extra, FastMath, FloatKind, Function, InstData,
    InstFlags, Intrinsic, Linkage, Opcode, Operand, Type, TypeId, ValueDef,
};

/// A scalar integer constant of at most 64 bits.
#[derive(Copy, Clone)]
struct IntC {
    w: u32,
    u: u64,
}

impl IntC {
    fn s(self) -> i64 {
        if self.w == 0 || self.w >= 64 {
            return self.u as i64;
        }
        let sh = 64 - self.w;
        ((self.u << sh) as i64) >> sh
    }
    fn max_u(self) -> u128 {
        (1u128 << self.w.min(64)) - 1
    }
    fn in_signed_range(self, x: i128) -> bool {
        let half = 1i128 << (self.w.clamp(1, 64) - 1);
        (-half..half).contains(&x)
    }
}

impl<'a> Builder<'a> {
    fn int_const(&self, op: Operand) -> Option<IntC> {
        let Operand::Const(c) = op else { return None };
        if !self.m.consts.is_valid(c) {
            return None;
        }
        let w = self.m.types.int_bits(self.m.consts.ty(c))?;
        match self.m.consts.kind(c) {
            ConstKind::Int(a) if w <= 64 => Some(IntC { w, u: a.low_u64() }),
            ConstKind::Zero if w <= 64 => Some(IntC { w, u: 0 }),
            _ => None,
        }
    }

    /// The elements of a constant operand for which `ok` does not hold (all of a value).
    fn bad_lanes(&self, op: Operand, ok: impl Fn(&ConstKind) -> bool) -> u64 {
        let Operand::Const(c) = op else { return ALL };
        if !self.m.consts.is_valid(c) {
            return ALL;
        }
        let ty = self.m.consts.ty(c);
        match self.m.consts.kind(c) {
            ConstKind::Aggregate(elems) if self.m.types.is_vector(ty) => {
                let bad = |e: ConstId| !self.m.consts.is_valid(e) || !ok(self.m.consts.kind(e));
                elems
                    .iter()
                    .enumerate()
                    .filter(|&(_, &e)| bad(e))
                    .fold(0, |m, (i, _)| m | self.bit(ty, i as u64))
            }
            ConstKind::Aggregate(_) => ALL,
            k if ok(k) => 0,
            _ => ALL,
        }
    }

    /// The value of a constant, non-negative integer index of at most 64 bits.
    pub(super) fn const_index(&self, op: Operand) -> Option<u64> {
        let i = self.int_const(op)?;
        (i.s() >= 0).then_some(i.u)
    }

    /// The poison an instruction may create from well-defined operands: a mask and a message.
    pub(super) fn source(&self, data: &InstData) -> (u64, String) {
        let source_ty = match &data.extra {
            Extra::Gep { source_ty } => *source_ty,
            _ => TypeId::VOID,
        };
        let (mask, msg) =
            self.op_source(data.op, data.flags, data.fmf, &data.args, data.ty, source_ty);
        if let Some(msg) = msg {
            return (mask, msg);
        }
        let msg = match data.op {
            Opcode::Load => self.load_source(data),
            Opcode::AtomicRmw | Opcode::CmpXchg | Opcode::VaArg
                if self.opts.loads_may_be_poison =>
            {
                Some("loaded from memory, which may hold poison".to_string())
            }
            Opcode::Call | Opcode::Invoke | Opcode::CallBr => self.call_source(data),
            _ => None,
        };
        msg.map_or((0, String::new()), |m| (ALL, m))
    }

    /// Sources shared by instructions and constant expressions.
    pub(super) fn op_source(
        &self,
        op: Opcode,
        flags: InstFlags,
        fmf: FastMath,
        args: &[Operand],
        ty: TypeId,
        source_ty: TypeId,
    ) -> (u64, Option<String>) {
        let name = op.name();
        let a = args.first().copied();
        let b = args.get(1).copied();
        let ic = |o: Option<Operand>| o.and_then(|o| self.int_const(o));
        if fmf.has(FastMath::NNAN) || fmf.has(FastMath::NINF) {
            let what = match (fmf.has(FastMath::NNAN), fmf.has(FastMath::NINF)) {
                (true, true) => "nnan ninf may see or give a NaN or an infinity",
                (true, false) => "nnan may see or give a NaN",
                _ => "ninf may see or give an infinity",
            };
            return (ALL, Some(format!("{name} {what}")));
        }
        let mut mask = 0u64;
        let mut msgs: Vec<String> = Vec::new();
        match op {
            Opcode::Shl | Opcode::LShr | Opcode::AShr => {
                let w = self.m.types.int_bits(self.m.types.scalar(ty)).unwrap_or(0);
                let bad = match b {
                    Some(amt) => self.bad_lanes(amt, |k| match k {
                        ConstKind::Int(x) => x.to_u64().is_some_and(|s| s < u64::from(w)),
                        ConstKind::Zero => w > 0,
                        _ => false,
                    }),
                    None => ALL,
                };
                if bad != 0 {
                    mask |= bad;
                    msgs.push(format!("{name} amount may not be less than the width {w}"));
                }
            }
            Opcode::ExtractElement | Opcode::InsertElement => {
                let vec_ty = a.map_or(TypeId::VOID, |o| self.opnd_ty(o));
                let len = self.m.types.vector(vec_ty).map_or(0, |(_, n, _)| u64::from(n));
                let idx = if op == Opcode::ExtractElement { b } else { args.get(2).copied() };
                if idx.and_then(|i| self.const_index(i)).is_none_or(|i| i >= len) {
                    mask = ALL;
                    msgs.push(format!("{name} index may be out of range (vector of {len})"));
                }
            }
            Opcode::ShuffleVector => {
                let bad = match args.get(2) {
                    Some(&m) => {
                        self.bad_lanes(m, |k| matches!(k, ConstKind::Int(_) | ConstKind::Zero))
                    }
                    None => ALL,
                };
                if bad != 0 {
                    mask |= bad;
                    msgs.push("shufflevector mask has undef or poison elements".into());
                }
            }
            Opcode::FPToSI | Opcode::FPToUI => {
                let w = self.m.types.int_bits(self.m.types.scalar(ty)).unwrap_or(0);
                let from = a.map_or(TypeId::VOID, |o| self.m.types.scalar(self.opnd_ty(o)));
                let kind = self.m.types.float_kind(from);
                let signed = op == Opcode::FPToSI;
                let bad = match a {
                    Some(x) => self.bad_lanes(x, |k| fits(k, kind, w, signed)),
                    None => ALL,
                };
                if bad != 0 {
                    mask |= bad;
                    msgs.push(format!("{name} may be out of the range of i{w}"));
                }
            }
            Opcode::GetElementPtr
                if flags.0 & (InstFlags::INBOUNDS | InstFlags::NUSW | InstFlags::NUW) != 0
                    && !self.gep_in_bounds(args, source_ty) =>
            {
                let word = [
                    (InstFlags::INBOUNDS, "inbounds"),
                    (InstFlags::NUSW, "nusw"),
                    (InstFlags::NUW, "nuw"),
                ]
                .into_iter()
                .find_map(|(f, w)| flags.has(f).then_some(w))
                .unwrap_or("nuw");
                mask = ALL;
                msgs.push(format!("getelementptr {word} may leave its object or wrap"));
            }
            _ => {}
        }
        if let Some(m) = self.flag_source(op, flags, ic(a), ic(b), ty) {
            mask = ALL;
            msgs.push(m);
        }
        (mask, (!msgs.is_empty()).then(|| msgs.join("; ")))
    }

    /// The poison-generating flags of `op` that operands `a`, `b` (when constant) may violate.
    fn flag_source(
        &self,
        op: Opcode,
        flags: InstFlags,
        a: Option<IntC>,
        b: Option<IntC>,
        ty: TypeId,
    ) -> Option<String> {
        let f = flags.0;
        let on = |bit: u16| f & bit != 0;
        let name = op.name();
        let words = |bits: &[(u16, &str)]| {
            bits.iter().filter(|(b, _)| on(*b)).map(|(_, w)| *w).collect::<Vec<_>>().join(" ")
        };
        let wrap = [(InstFlags::NUW, "nuw"), (InstFlags::NSW, "nsw")];
        let (flagged, what) = match op {
            Opcode::Add | Opcode::Sub | Opcode::Mul | Opcode::Shl => {
                (on(InstFlags::NUW | InstFlags::NSW), "may overflow")
            }
            Opcode::Trunc => (on(InstFlags::NUW | InstFlags::NSW), "may drop significant bits"),
            Opcode::UDiv | Opcode::SDiv => (on(InstFlags::EXACT), "may have a remainder"),
            Opcode::LShr | Opcode::AShr => (on(InstFlags::EXACT), "may shift out set bits"),
            Opcode::Or => (on(InstFlags::DISJOINT), "operands may share a set bit"),
            Opcode::ZExt | Opcode::UIToFP => (on(InstFlags::NNEG), "operand may be negative"),
            Opcode::ICmp => (on(InstFlags::SAMESIGN), "operands may differ in sign"),
            _ => (false, ""),
        };
        if !flagged {
            return None;
        }
        let flag_words = match op {
            Opcode::Add | Opcode::Sub | Opcode::Mul | Opcode::Shl | Opcode::Trunc => words(&wrap),
            Opcode::UDiv | Opcode::SDiv | Opcode::LShr | Opcode::AShr => "exact".into(),
            Opcode::Or => "disjoint".into(),
            Opcode::ICmp => "samesign".into(),
            _ => "nneg".into(),
        };
        let msg = format!("{name} {flag_words} {what}");
        let Some(x) = a else { return Some(msg) };
        let binary = !matches!(op, Opcode::Trunc | Opcode::ZExt | Opcode::UIToFP);
        let y = match b {
            Some(y) if y.w == x.w => Some(y),
            _ if binary => return Some(msg),
            _ => None,
        };
        let (ua, sa) = (u128::from(x.u), i128::from(x.s()));
        let (ub, sb) = y.map_or((0, 0), |y| (u128::from(y.u), i128::from(y.s())));
        let poison = match op {
            Opcode::Add => {
                (on(InstFlags::NUW) && ua + ub > x.max_u())
                    || (on(InstFlags::NSW) && !x.in_signed_range(sa + sb))
            }
            Opcode::Sub => {
                (on(InstFlags::NUW) && ua < ub)
                    || (on(InstFlags::NSW) && !x.in_signed_range(sa - sb))
            }
            Opcode::Mul => {
                (on(InstFlags::NUW) && ua * ub > x.max_u())
                    || (on(InstFlags::NSW) && !x.in_signed_range(sa * sb))
            }
            Opcode::Shl => {
                // The amount is checked separately; an out-of-range one is already a source.
                let sh = u32::try_from(ub).unwrap_or(u32::MAX);
                sh >= x.w
                    || (on(InstFlags::NUW) && (ua << sh) > x.max_u())
                    || (on(InstFlags::NSW) && !x.in_signed_range(sa << sh))
            }
            Opcode::UDiv => ub != 0 && ua % ub != 0,
            Opcode::SDiv => sb != 0 && sa % sb != 0,
            Opcode::LShr | Opcode::AShr => ub >= u128::from(x.w) || ua & ((1u128 << ub) - 1) != 0,
            Opcode::Or => ua & ub != 0,
            Opcode::ICmp => (sa < 0) != (sb < 0),
            Opcode::ZExt | Opcode::UIToFP => sa < 0,
            Opcode::Trunc => {
                let to = self.m.types.int_bits(ty).unwrap_or(0);
                let t = IntC { w: to, u: if to >= 64 { x.u } else { x.u & ((1u64 << to) - 1) } };
                (on(InstFlags::NUW) && u128::from(t.u) != ua)
                    || (on(InstFlags::NSW) && i128::from(t.s()) != sa)
            }
            _ => true,
        };
        poison.then_some(msg)
    }

    /// True when a GEP with constant, non-negative indices stays inside a global variable or an
    /// alloca of its source type (so `inbounds`, `nusw` and `nuw` cannot be violated).
    fn gep_in_bounds(&self, args: &[Operand], source_ty: TypeId) -> bool {
        let Some((&base, idx)) = args.split_first() else { return false };
        let (obj_ty, count) = match base {
            Operand::Const(c) if self.m.consts.is_valid(c) => match self.m.consts.kind(c) {
                // An `extern_weak` global may be null, which has no bytes to stay inside.
                ConstKind::Global(g) => match self.m.globals.get(*g) {
                    Some(gv) if gv.linkage != Linkage::ExternWeak => match gv.as_var() {
                        Some(var) => (var.value_ty, 1),
                        None => return false,
                    },
                    _ => return false,
                },
                _ => return false,
            },
            Operand::Value(v) => {
                let Some(ValueDef::Inst(i)) = self.body.values.get(v).map(|d| d.def) else {
                    return false;
                };
                let Some(d) = self.body.insts.get(i) else { return false };
                let Extra::Alloca { elem_ty, .. } = d.extra else { return false };
                let count = match d.args.first() {
                    None => 1,
                    Some(&o) => match self.int_const(o) {
                        Some(c) if c.s() >= 1 => c.u,
                        _ => return false,
                    },
                };
                (elem_ty, count)
            }
            _ => return false,
        };
        if obj_ty != source_ty {
            return false;
        }
        let mut cur = source_ty;
        for (k, &o) in idx.iter().enumerate() {
            let Some(i) = self.const_index(o) else { return false };
            let last = k + 1 == idx.len();
            let limit = if k == 0 {
                count
            } else {
                match self.m.types.get(cur) {
                    Type::Array { len, .. } => *len,
                    Type::Vector { scalable: false, len, .. } => u64::from(*len),
                    Type::Struct { .. } | Type::Named(_) => match self.m.types.struct_fields(cur) {
                        Some((_, f)) => f.len() as u64,
                        None => return false,
                    },
                    _ => return false,
                }
            };
            // One past the end is in bounds, but only as the last step.
            if i > limit || (i == limit && !last) {
                return false;
            }
            if k > 0 {
                match self.m.types.element(cur, i) {
                    Some(t) => cur = t,
                    None if last => {}
                    None => return false,
                }
            }
        }
        true
    }

    fn load_source(&self, data: &InstData) -> Option<String> {
        let md = ["nonnull", "range", "align"].into_iter().find(|n| self.md_has(data, n));
        match md {
            Some(n) => Some(format!("load with !{n} may read a value that violates it")),
            None if self.opts.loads_may_be_poison => {
                Some("loaded from memory, which may hold poison".into())
            }
            None => None,
        }
    }

    /// The callee function, when the call is direct.
    pub(super) fn callee(&self, data: &InstData) -> Option<(String, Option<&'a Function>)> {
        let (callee, _) = data.callee_and_args()?;
        let Operand::Const(c) = callee else { return None };
        if !self.m.consts.is_valid(c) {
            return None;
        }
        let ConstKind::Global(g) = self.m.consts.kind(c) else { return None };
        Some((self.m.global_name(*g), self.m.func(*g)))
    }

    fn call_source(&self, data: &InstData) -> Option<String> {
        let ci = data.call_info()?;
        let callee = self.callee(data);
        let decl_ret =
            callee.as_ref().and_then(|(_, f)| *f).map_or(AttrSetId::EMPTY, |f| f.ret_attrs);
        if let Some(a) = self.poisoning_attr(&[ci.ret_attrs, decl_ret]) {
            return Some(format!("call result may violate its `{a}` return attribute"));
        }
        if self.md_has(data, "range") {
            return Some("call result may violate its !range".into());
        }
        let (name, f) = callee?;
        // Only the families the intrinsic table marks as producing poison.
        let id = f.and_then(|f| f.intrinsic).filter(|i| i.may_poison())?;
        let args = data.callee_and_args().map_or(&[][..], |(_, a)| a);
        let flag_set =
            |i: usize| args.get(i).and_then(|&o| self.int_const(o)).is_none_or(|c| c.u != 0);
        if id == Intrinsic::Abs && flag_set(1) {
            return Some("llvm.abs of INT_MIN is poison (is_int_min_poison is set)".into());
        }
        if matches!(id, Intrinsic::Ctlz | Intrinsic::Cttz) && flag_set(1) {
            return Some(format!("{} of zero is poison (is_zero_poison is set)", id.name()));
        }
        if matches!(id, Intrinsic::SshlSat | Intrinsic::UshlSat) {
            let w = self.m.types.int_bits(self.m.types.scalar(data.ty)).unwrap_or(0);
            let ok = args.get(1).is_some_and(|&amt| {
                self.bad_lanes(amt, |k| match k {
                    ConstKind::Int(x) => x.to_u64().is_some_and(|s| s < u64::from(w)),
                    ConstKind::Zero => true,
                    _ => false,
                }) == 0
            });
            if !ok {
                return Some(format!("{name} amount may not be less than the width {w}"));
            }
        }
        None
    }

    /// Undef an instruction may create by itself (only loads, under the memory option).
    pub(super) fn undef_source(&self, data: &InstData) -> u64 {
        let reads =
            matches!(data.op, Opcode::Load | Opcode::AtomicRmw | Opcode::CmpXchg | Opcode::VaArg);
        if reads && self.opts.loads_may_be_poison {
            ALL
        } else {
            0
        }
    }

    /// True when the result cannot be poison or undef without undefined behaviour first.
    pub(super) fn must_be_defined(&self, data: &InstData) -> bool {
        match data.op {
            Opcode::Freeze
            | Opcode::Alloca
            | Opcode::LandingPad
            | Opcode::CatchPad
            | Opcode::CleanupPad => true,
            Opcode::Load => self.md_has(data, "noundef"),
            Opcode::Call | Opcode::Invoke | Opcode::CallBr => {
                let decl = self
                    .callee(data)
                    .and_then(|(_, f)| f)
                    .map_or(AttrSetId::EMPTY, |f| f.ret_attrs);
                let site = data.call_info().map_or(AttrSetId::EMPTY, |c| c.ret_attrs);
                self.has_attr(site, AttrKind::NoUndef) || self.has_attr(decl, AttrKind::NoUndef)
            }
            _ => false,
        }
    }
}

/// True when the float constant `k` converts to an `iW` without leaving its range.
fn fits(k: &ConstKind, kind: Option<FloatKind>, w: u32, signed: bool) -> bool {
    let x = match (k, kind) {
        (ConstKind::Zero, _) => 0.0,
        (
            ConstKind::Float(bits),
            Some(fk @ (FloatKind::Half | FloatKind::BFloat | FloatKind::Float | FloatKind::Double)),
        ) => crate::ir::float::to_f64(fk, *bits),
        _ => return false,
    };
    if w == 0 {
        return false;
    }
    let t = x.trunc();
    if signed {
        let half = 2f64.powi(w as i32 - 1);
        t >= -half && t < half
    } else {
        t >= 0.0 && t < 2f64.powi(w as i32)
    }
}
