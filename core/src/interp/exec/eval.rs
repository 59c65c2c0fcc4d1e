//! The generic semantics of value-computing instructions on [`Val`]s of any type: integer and
//! float arithmetic of any width, vectors element by element (per-element poison), casts,
//! `select`, `freeze`, vector and aggregate element access, and `getelementptr`. Constant
//! expressions use the same code.

use crate::interp::poison::origin::TaintKind;
use crate::interp::report::{Fault, Res, UbKind};
use crate::interp::state::Interp;
use crate::interp::value::{mask, sext, Slot, Val};
use crate::ir::layout::Class;
use crate::ir::{FloatPredicate, InstFlags, IntPredicate, Opcode, TypeId};
use crate::semantics::fp;
use crate::semantics::int::{self, Bad, IOp};
use crate::semantics::wide;

/// Per-opcode details for [`Interp::eval_pure`].
#[derive(Clone, Copy, Debug)]
pub enum Aux<'a> {
    /// Nothing.
    None,
    /// `icmp` predicate.
    ICmp(IntPredicate),
    /// `fcmp` predicate.
    FCmp(FloatPredicate),
    /// GEP source element type.
    Gep(TypeId),
    /// `extractvalue`/`insertvalue` indices.
    Indices(&'a [u32]),
}

/// An integer lane as words plus taint.
fn words_of(v: &Val) -> (Vec<u64>, u32) {
    match v {
        Val::S(s) => (vec![s.bits], s.poison),
        Val::W { words, poison } => (words.to_vec(), *poison),
        Val::A(_) => (vec![0], 0),
    }
}

/// A float lane as bits plus taint.
fn fbits(v: &Val) -> (u128, u32) {
    match v {
        Val::S(s) => (s.bits as u128, s.poison),
        Val::W { words, poison } => (
            words.first().copied().unwrap_or(0) as u128
                | (words.get(1).copied().unwrap_or(0) as u128) << 64,
            *poison,
        ),
        Val::A(_) => (0, 0),
    }
}

/// An integer lane from words for width `w`.
pub fn int_val(words: Vec<u64>, w: u32, poison: u32) -> Val {
    if w <= 64 {
        Val::S(Slot { bits: words.first().copied().unwrap_or(0) & mask(w), prov: 0, poison })
    } else {
        Val::W { words: wide::norm(words, w).into(), poison }
    }
}

/// A float lane from bits for kind `k`.
fn float_val(k: crate::ir::FloatKind, bits: u128, poison: u32) -> Val {
    if k.bits() <= 64 {
        Val::S(Slot { bits: bits as u64, prov: 0, poison })
    } else {
        Val::W { words: vec![bits as u64, (bits >> 64) as u64].into(), poison }
    }
}

impl Interp<'_> {
    /// The lanes of a value: the elements of a vector, or the value itself.
    fn lanes(&self, v: &Val, ty: TypeId) -> Vec<Val> {
        if self.m.types.is_vector(ty) {
            v.elems().to_vec()
        } else {
            vec![v.clone()]
        }
    }

    /// Builds the result from lanes.
    fn pack_lanes(&self, mut lanes: Vec<Val>, ty: TypeId) -> Val {
        if self.m.types.is_vector(ty) {
            Val::A(lanes.into())
        } else {
            lanes.pop().unwrap_or_default()
        }
    }

    /// A tainted lane of type `ty` continuing origin `o`.
    fn tainted_lane(&mut self, ty: TypeId, o: u32) -> Val {
        let o = self.chain(o);
        self.taint_val(self.m.types.scalar(ty), o)
    }

    /// Evaluates a pure operation on operand values.
    #[allow(clippy::too_many_arguments)]
    pub fn eval_pure(
        &mut self,
        op: Opcode,
        flags: u16,
        fmf: u8,
        ty: TypeId,
        args: &[Val],
        tys: &[TypeId],
        aux: Aux,
    ) -> Res<Val> {
        let a = args.first().cloned().unwrap_or_default();
        let b = args.get(1).cloned().unwrap_or_default();
        let t0 = tys.first().copied().unwrap_or(ty);
        if let Some(iop) = IOp::from_opcode(op) {
            let w = self.m.types.int_bits(self.m.types.scalar(ty)).unwrap_or(64);
            if let (Val::A(xs), Val::A(ys), true) = (&a, &b, w <= 64) {
                if let Some(v) = vec_ibin(iop, flags, w, xs, ys) {
                    return Ok(v);
                }
            }
            let (la, lb) = (self.lanes(&a, ty), self.lanes(&b, ty));
            let mut out = Vec::with_capacity(la.len());
            for (x, y) in la.iter().zip(lb.iter()) {
                out.push(self.ibin_lane(iop, flags, w, x, y, ty)?);
            }
            return Ok(self.pack_lanes(out, ty));
        }
        match op {
            Opcode::FAdd
            | Opcode::FSub
            | Opcode::FMul
            | Opcode::FDiv
            | Opcode::FRem
            | Opcode::FNeg => {
                let Some(k) = self.m.types.float_kind(self.m.types.scalar(ty)) else {
                    return Ok(Val::default());
                };
                let fo = match op {
                    Opcode::FAdd => fp::FOp::Add,
                    Opcode::FSub => fp::FOp::Sub,
                    Opcode::FMul => fp::FOp::Mul,
                    Opcode::FDiv => fp::FOp::Div,
                    _ => fp::FOp::Rem,
                };
                let la = self.lanes(&a, ty);
                let lb = if op == Opcode::FNeg { la.clone() } else { self.lanes(&b, ty) };
                let mut out = Vec::with_capacity(la.len());
                for (x, y) in la.iter().zip(lb.iter()) {
                    let ((xb, xt), (yb, yt)) = (fbits(x), fbits(y));
                    if xt | yt != 0 {
                        let o = self.origins.merge(xt, yt);
                        out.push(self.tainted_lane(ty, o));
                        continue;
                    }
                    let r =
                        if op == Opcode::FNeg { fp::neg(k, xb) } else { fp::binop(k, fo, xb, yb) };
                    let ins: &[u128] = if op == Opcode::FNeg { &[xb, r] } else { &[xb, yb, r] };
                    match self.fmf_violation(k, fmf, ins) {
                        Some(why) => {
                            let o = self.poison(format!("{} {why}", op.name()));
                            out.push(self.taint_val(self.m.types.scalar(ty), o));
                        }
                        None => out.push(float_val(k, r, 0)),
                    }
                }
                Ok(self.pack_lanes(out, ty))
            }
            Opcode::ICmp | Opcode::FCmp => {
                if let (Val::A(xs), Val::A(ys), Aux::ICmp(p), 0) = (&a, &b, aux, flags) {
                    let w = self.m.types.int_bits(self.m.types.scalar(t0)).unwrap_or(64);
                    if w <= 64 {
                        let mut out = Vec::with_capacity(xs.len());
                        for (x, y) in xs.iter().zip(ys.iter()) {
                            match (x, y) {
                                (Val::S(x), Val::S(y)) if x.poison | y.poison == 0 => out.push(
                                    Val::S(Slot::int(int::icmp(p, w, x.bits, y.bits) as u64)),
                                ),
                                _ => break,
                            }
                        }
                        if out.len() == xs.len() {
                            return Ok(Val::A(out.into()));
                        }
                    }
                }
                let (la, lb) = (self.lanes(&a, t0), self.lanes(&b, t0));
                let st = self.m.types.scalar(t0);
                let mut out = Vec::with_capacity(la.len());
                for (x, y) in la.iter().zip(lb.iter()) {
                    let (xt, yt) = (x.taint(), y.taint());
                    if xt | yt != 0 {
                        let o = self.origins.merge(xt, yt);
                        let o = self.chain(o);
                        out.push(Val::S(Slot::tainted(o)));
                        continue;
                    }
                    let r = match aux {
                        Aux::ICmp(p) => {
                            let w = self.m.types.int_bits(st).unwrap_or(64);
                            let ((xw, _), (yw, _)) = (words_of(x), words_of(y));
                            if flags & InstFlags::SAMESIGN != 0
                                && wide::is_neg(&xw, w) != wide::is_neg(&yw, w)
                            {
                                let o = self.poison("icmp samesign operands have different signs");
                                out.push(Val::S(Slot::tainted(o)));
                                continue;
                            }
                            int::ipred(p, wide::cmp_u(&xw, &yw), wide::cmp_s(&xw, &yw, w))
                        }
                        Aux::FCmp(p) => {
                            let Some(k) = self.m.types.float_kind(st) else {
                                return Ok(Val::default());
                            };
                            let ((xb, _), (yb, _)) = (fbits(x), fbits(y));
                            if let Some(why) = self.fmf_violation(k, fmf, &[xb, yb]) {
                                let o = self.poison(format!("fcmp {why}"));
                                out.push(Val::S(Slot::tainted(o)));
                                continue;
                            }
                            fp::cmp(k, p, xb, yb)
                        }
                        _ => false,
                    };
                    out.push(Val::S(Slot::int(r as u64)));
                }
                Ok(self.pack_lanes(out, ty))
            }
            Opcode::Select => {
                let c = a;
                let (x, y) = (b, args.get(2).cloned().unwrap_or_default());
                if !self.m.types.is_vector(t0) {
                    let s = c.slot();
                    if s.poison != 0 {
                        return Ok(self.taint_all(&x, s.poison));
                    }
                    let r = if s.bits & 1 == 1 { x } else { y };
                    return Ok(self.fmf_select(r, ty, fmf));
                }
                let (lc, lx, ly) = (c.elems().to_vec(), x.elems().to_vec(), y.elems().to_vec());
                let mut out = Vec::with_capacity(lc.len());
                for ((c, x), y) in lc.iter().zip(lx).zip(ly) {
                    let s = c.slot();
                    out.push(if s.poison != 0 {
                        self.taint_all(&x, s.poison)
                    } else if s.bits & 1 == 1 {
                        x
                    } else {
                        y
                    });
                }
                Ok(Val::A(out.into()))
            }
            Opcode::Freeze => Ok(self.freeze(&a)),
            Opcode::ExtractElement => {
                let idx = b.slot();
                let wide_idx =
                    matches!(b, Val::W { .. }) && words_of(&b).0.iter().skip(1).any(|&x| x != 0);
                let es = a.elems();
                if idx.poison != 0 {
                    return Ok(self.tainted_lane(ty, idx.poison));
                }
                match es.get(idx.bits as usize).filter(|_| !wide_idx) {
                    Some(e) => Ok(e.clone()),
                    None => {
                        let o = self.poison(format!(
                            "extractelement index {} out of range for {} elements",
                            idx.bits,
                            es.len()
                        ));
                        Ok(self.taint_val(ty, o))
                    }
                }
            }
            Opcode::InsertElement => {
                let e = b;
                let idx = args.get(2).map(|v| v.slot()).unwrap_or_default();
                let mut es = a.elems().to_vec();
                if idx.poison != 0 {
                    let o = self.chain(idx.poison);
                    return Ok(self.taint_val(ty, o));
                }
                match es.get_mut(idx.bits as usize) {
                    Some(slot) => {
                        *slot = e;
                        Ok(Val::A(es.into()))
                    }
                    None => {
                        let o = self.poison(format!(
                            "insertelement index {} out of range for {} elements",
                            idx.bits,
                            es.len()
                        ));
                        Ok(self.taint_val(ty, o))
                    }
                }
            }
            Opcode::ShuffleVector => {
                let mut src = a.elems().to_vec();
                let n = src.len();
                src.extend(b.elems().iter().cloned());
                let maskv = args.get(2).cloned().unwrap_or_default();
                let mut out = Vec::new();
                let et = self.m.types.scalar(ty);
                for mv in maskv.elems() {
                    let s = mv.slot();
                    let i = sext(s.bits, 32);
                    if s.poison != 0 || i < 0 {
                        let o = self.poison(crate::interp::poison::origin::Why::Static(
                            "shufflevector mask element is poison or undef",
                        ));
                        out.push(self.taint_val(et, o));
                    } else {
                        out.push(src.get(i as usize).cloned().unwrap_or_default());
                    }
                }
                let _ = n;
                Ok(Val::A(out.into()))
            }
            Opcode::ExtractValue => {
                let Aux::Indices(ix) = aux else { return Ok(Val::default()) };
                let mut cur = &a;
                for &k in ix {
                    cur = cur.elems().get(k as usize).unwrap_or(cur);
                }
                Ok(cur.clone())
            }
            Opcode::InsertValue => {
                let Aux::Indices(ix) = aux else { return Ok(a) };
                let mut out = a;
                insert_at(&mut out, ix, b);
                Ok(out)
            }
            Opcode::GetElementPtr => {
                let Aux::Gep(src) = aux else { return Ok(Val::default()) };
                self.gep_generic(flags, ty, src, args, tys)
            }
            _ if op.is_cast() => {
                let (la, sty, dty) =
                    (self.lanes(&a, t0), self.m.types.scalar(t0), self.m.types.scalar(ty));
                if op == Opcode::BitCast
                    && (self.m.types.is_vector(t0)
                        || self.m.types.is_vector(ty)
                        || !self.lay.narrow(t0) && !self.m.types.is_int(t0))
                {
                    return Ok(self.reinterpret(&a, t0, ty));
                }
                let mut out = Vec::with_capacity(la.len());
                for x in &la {
                    out.push(self.cast_lane(op, flags, x, sty, dty)?);
                }
                Ok(self.pack_lanes(out, ty))
            }
            _ => Err(Fault::unsupported(format!("instruction `{}` in this position", op.name()))),
        }
    }

    fn fmf_select(&mut self, r: Val, ty: TypeId, fmf: u8) -> Val {
        if fmf & 3 == 0 {
            return r;
        }
        let Some(k) = self.m.types.float_kind(ty) else { return r };
        let (bits, t) = fbits(&r);
        if t != 0 {
            return r;
        }
        match self.fmf_violation(k, fmf, &[bits]) {
            Some(why) => {
                let o = self.poison(format!("select {why}"));
                self.taint_val(ty, o)
            }
            None => r,
        }
    }

    /// `nnan`/`ninf` violations make the result poison.
    fn fmf_violation(
        &self,
        k: crate::ir::FloatKind,
        fmf: u8,
        vals: &[u128],
    ) -> Option<&'static str> {
        if fmf & crate::ir::FastMath::NNAN != 0 && vals.iter().any(|&v| fp::is_nan(k, v)) {
            return Some("nnan saw a NaN");
        }
        if fmf & crate::ir::FastMath::NINF != 0 && vals.iter().any(|&v| fp::is_inf(k, v)) {
            return Some("ninf saw an infinity");
        }
        None
    }

    /// Taints every scalar of `v` (continuing origin `o`).
    pub fn taint_all(&mut self, v: &Val, o: u32) -> Val {
        let o = self.chain(o);
        fn go(v: &Val, o: u32) -> Val {
            match v {
                Val::S(_) => Val::S(Slot::tainted(o)),
                Val::W { words, .. } => Val::W { words: vec![0; words.len()].into(), poison: o },
                Val::A(es) => Val::A(es.iter().map(|e| go(e, o)).collect()),
            }
        }
        go(v, o)
    }

    /// `freeze`: poison becomes 0, undef keeps its (zero-filled) bits.
    pub fn freeze(&self, v: &Val) -> Val {
        match v {
            Val::S(s) if s.poison != 0 => {
                let undef = self.origins.kind(s.poison) == Some(TaintKind::Undef);
                Val::S(Slot { bits: if undef { s.bits } else { 0 }, prov: 0, poison: 0 })
            }
            Val::W { words, poison } if *poison != 0 => {
                Val::W { words: vec![0; words.len()].into(), poison: 0 }
            }
            Val::A(es) => Val::A(es.iter().map(|e| self.freeze(e)).collect()),
            _ => v.clone(),
        }
    }

    fn ibin_lane(&mut self, op: IOp, flags: u16, w: u32, x: &Val, y: &Val, ty: TypeId) -> Res<Val> {
        let (tx, ty_) = (x.taint(), y.taint());
        if op.is_div() && ty_ != 0 {
            let what = if self.origins.kind(ty_) == Some(TaintKind::Undef) {
                "an undef"
            } else {
                "a poison"
            };
            return Err(Fault::ub_from(
                UbKind::DivisionByPoison,
                format!("{} by {what} value", op.name()),
                ty_,
            ));
        }
        let st = self.m.types.scalar(ty);
        if tx | ty_ != 0 {
            let o = self.origins.merge(tx, ty_);
            if self.origins.kind(o) == Some(TaintKind::Poison) {
                return Ok(self.tainted_lane(st, o));
            }
            // Undef: compute with the (zero-filled) bits, keep the undef mark.
            let o = self.chain(o);
            let r = self.ibin_plain(op, flags, w, x, y).unwrap_or_else(|_| int_val(vec![0], w, 0));
            return Ok(match r {
                Val::S(s) => Val::S(Slot { poison: o, ..s }),
                Val::W { words, .. } => Val::W { words, poison: o },
                v => v,
            });
        }
        match self.ibin_plain(op, flags, w, x, y) {
            Ok(v) => Ok(v),
            Err(Bad::Poison(why)) => {
                let o = self.poison(why);
                Ok(self.taint_val(st, o))
            }
            Err(Bad::Ub(k, why)) => Err(Fault::ub(k, why)),
        }
    }

    fn ibin_plain(&self, op: IOp, flags: u16, w: u32, x: &Val, y: &Val) -> Result<Val, Bad> {
        if w <= 64 {
            return int::ibin(op, flags, w, x.slot().bits, y.slot().bits)
                .map(|r| Val::S(Slot::int(r)));
        }
        let ((xw, _), (yw, _)) = (words_of(x), words_of(y));
        int::wbin(op, flags, w, &xw, &yw).map(|r| Val::W { words: r.into(), poison: 0 })
    }

    fn cast_lane(&mut self, op: Opcode, flags: u16, x: &Val, sty: TypeId, dty: TypeId) -> Res<Val> {
        let t = x.taint();
        if t != 0 && op != Opcode::BitCast && op != Opcode::AddrSpaceCast {
            return Ok(self.tainted_lane(dty, t));
        }
        let sw = self.m.types.int_bits(sty).unwrap_or(64);
        let dw = self.m.types.int_bits(dty).unwrap_or(64);
        let sk = self.m.types.float_kind(sty);
        let dk = self.m.types.float_kind(dty);
        let (xw, _) = words_of(x);
        Ok(match op {
            Opcode::Trunc => {
                let r = wide::zext(&xw, dw);
                let nuw_bad =
                    flags & InstFlags::NUW != 0 && wide::zext(&r, sw) != wide::zext(&xw, sw);
                let nsw_bad =
                    flags & InstFlags::NSW != 0 && wide::sext(&r, dw, sw) != wide::zext(&xw, sw);
                if nuw_bad || nsw_bad {
                    let o = self.poison(format!(
                        "trunc {} changes the value {}",
                        if nuw_bad { "nuw" } else { "nsw" },
                        wide::to_string(&xw, sw, nsw_bad)
                    ));
                    return Ok(Val::S(Slot::tainted(o)));
                }
                int_val(r, dw, 0)
            }
            Opcode::ZExt => {
                if flags & InstFlags::NNEG != 0 && wide::is_neg(&xw, sw) {
                    let o = self.poison(format!(
                        "zext nneg of a negative value {}",
                        wide::to_string(&xw, sw, true)
                    ));
                    return Ok(self.taint_val(dty, o));
                }
                int_val(wide::zext(&xw, dw), dw, 0)
            }
            Opcode::SExt => int_val(wide::sext(&xw, sw, dw), dw, 0),
            Opcode::FPToSI | Opcode::FPToUI => {
                let (b, _) = fbits(x);
                let Some(k) = sk else { return Ok(Val::default()) };
                match fp::to_int(k, b, dw, op == Opcode::FPToSI) {
                    Some(r) => int_val(r, dw, 0),
                    None => {
                        let o = self.poison(format!(
                            "{} of {} does not fit in i{dw}",
                            op.name(),
                            fp::display(k, b)
                        ));
                        self.taint_val(dty, o)
                    }
                }
            }
            Opcode::SIToFP | Opcode::UIToFP => {
                let Some(k) = dk else { return Ok(Val::default()) };
                if op == Opcode::UIToFP && flags & InstFlags::NNEG != 0 && wide::is_neg(&xw, sw) {
                    let o = self.poison("uitofp nneg of a negative value");
                    return Ok(self.taint_val(dty, o));
                }
                float_val(k, fp::from_int(k, &xw, sw, op == Opcode::SIToFP), 0)
            }
            Opcode::FPExt | Opcode::FPTrunc => {
                let (b, _) = fbits(x);
                let (Some(s), Some(d)) = (sk, dk) else { return Ok(Val::default()) };
                float_val(d, fp::convert(s, d, b), 0)
            }
            Opcode::PtrToInt => {
                let s = x.slot();
                let v = int_val(vec![s.bits], dw, 0);
                match v {
                    Val::S(mut r) if dw >= 64 => {
                        r.prov = s.prov;
                        Val::S(r)
                    }
                    v => v,
                }
            }
            Opcode::IntToPtr => Val::S(self.int_to_ptr(x.slot())),
            Opcode::BitCast | Opcode::AddrSpaceCast => x.clone(),
            _ => x.clone(),
        })
    }

    /// `inttoptr`: the provenance of pointer bytes the integer came from, else of the live
    /// allocation at that address.
    #[inline]
    pub fn int_to_ptr(&self, s: Slot) -> Slot {
        if s.poison != 0 {
            return s;
        }
        self.mem.int_to_ptr(s)
    }

    /// Applies GEP flags to `base + off`, where `ovf` says whether the offset computation
    /// overflowed as signed (`.0`) or unsigned (`.1`).
    #[inline]
    pub fn gep_finish(&mut self, base: Slot, off: i64, flags: u16, ovf: (bool, bool)) -> Slot {
        let addr = base.bits.wrapping_add(off as u64);
        let r = Slot { bits: addr, prov: base.prov, poison: 0 };
        if flags == 0 {
            return r;
        }
        if flags & (InstFlags::INBOUNDS | InstFlags::NUSW) != 0
            && (ovf.0 || (off >= 0) != (addr >= base.bits) && off != 0)
        {
            let o = self.poison(format!(
                "getelementptr {} offset overflowed: {:#x} + {off}",
                if flags & InstFlags::INBOUNDS != 0 { "inbounds" } else { "nusw" },
                base.bits
            ));
            return Slot::tainted(o);
        }
        if flags & InstFlags::NUW != 0 && (ovf.1 || off < 0 || addr < base.bits) {
            let o =
                self.poison(format!("getelementptr nuw offset wrapped: {:#x} + {off}", base.bits));
            return Slot::tainted(o);
        }
        if flags & InstFlags::INBOUNDS != 0 && off != 0 {
            let ok =
                self.mem.alloc_of(base).and_then(|i| self.mem.allocs.get(i as usize)).is_some_and(
                    |a| {
                        let lo = base.bits.wrapping_sub(a.base);
                        let hi = addr.wrapping_sub(a.base);
                        a.live && lo <= a.size && hi <= a.size
                    },
                );
            if !ok {
                let what = match self.mem.alloc_of(base) {
                    Some(i) => self.mem.describe(i as usize),
                    None => "no allocation".into(),
                };
                let o = self.poison(format!(
                    "getelementptr inbounds result {addr:#x} (offset {off}) is outside {what}"
                ));
                return Slot::tainted(o);
            }
        }
        r
    }

    fn gep_generic(
        &mut self,
        flags: u16,
        ty: TypeId,
        src: TypeId,
        args: &[Val],
        tys: &[TypeId],
    ) -> Res<Val> {
        let n = self.m.types.vector(ty).map_or(1, |v| v.1 as usize);
        let vec = self.m.types.is_vector(ty);
        let lane = |v: &Val, t: TypeId, i: usize| -> Val {
            if self.m.types.is_vector(t) {
                v.elems().get(i).cloned().unwrap_or_default()
            } else {
                v.clone()
            }
        };
        let mut out = Vec::with_capacity(n);
        let (Some(a0), Some(&t0)) = (args.first(), tys.first()) else { return Ok(Val::default()) };
        for l in 0..n {
            let base = lane(a0, t0, l).slot();
            let mut off: i64 = 0;
            let (mut so, mut uo) = (false, false);
            let mut taint = base.poison;
            let mut cur = src;
            for (k, (iv, it)) in args.iter().zip(tys.iter()).enumerate().skip(1) {
                let x = lane(iv, *it, l);
                let w = self.m.types.int_bits(self.m.types.scalar(*it)).unwrap_or(64);
                let (xw, xt) = words_of(&x);
                if xt != 0 && taint == 0 {
                    taint = xt;
                }
                let idx = wide::sext(&xw, w, 64).first().copied().unwrap_or(0) as i64;
                let uidx = xw.first().copied().unwrap_or(0);
                let scale = if k == 1 {
                    self.lay.get(cur).alloc as i64
                } else {
                    match self.lay.class(cur).clone() {
                        Class::Struct(fields, offs) => {
                            let fo = offs.get(idx as usize).copied().unwrap_or(0) as i64;
                            cur = fields.get(idx as usize).copied().unwrap_or(cur);
                            off = off.wrapping_add(fo);
                            continue;
                        }
                        Class::Array(_, e) | Class::Vector(_, e) => {
                            cur = e;
                            self.lay.get(e).alloc as i64
                        }
                        _ => 0,
                    }
                };
                let (p, o1) = idx.overflowing_mul(scale);
                let (s, o2) = off.overflowing_add(p);
                so |= o1 || o2;
                uo |= (uidx as u128 * scale as u128) > u64::MAX as u128
                    || (w < 64 && wide::is_neg(&xw, w));
                off = s;
            }
            if taint != 0 {
                let o = self.chain(taint);
                out.push(Val::S(Slot::tainted(o)));
                continue;
            }
            out.push(Val::S(self.gep_finish(base, off, flags, (so, uo))));
        }
        Ok(if vec { Val::A(out.into()) } else { out.pop().unwrap_or_default() })
    }
}

/// A vector integer operation whose lanes are all defined narrow values, or `None` to take the
/// general path (a tainted lane, a poison-generating result, UB).
fn vec_ibin(op: IOp, flags: u16, w: u32, xs: &[Val], ys: &[Val]) -> Option<Val> {
    let mut out = Vec::with_capacity(xs.len());
    for (x, y) in xs.iter().zip(ys.iter()) {
        let (Val::S(x), Val::S(y)) = (x, y) else { return None };
        if x.poison | y.poison != 0 {
            return None;
        }
        out.push(Val::S(Slot::int(int::ibin(op, flags, w, x.bits, y.bits).ok()?)));
    }
    Some(Val::A(out.into()))
}

/// Replaces the element at path `ix` of an aggregate.
fn insert_at(v: &mut Val, ix: &[u32], e: Val) {
    let Some((&first, rest)) = ix.split_first() else {
        *v = e;
        return;
    };
    if let Val::A(es) = v {
        let mut es2 = es.to_vec();
        if let Some(slot) = es2.get_mut(first as usize) {
            insert_at(slot, rest, e);
        }
        *v = Val::A(es2.into());
    }
}
