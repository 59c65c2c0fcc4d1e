//! `instcombine`: everything `instsimplify` does, plus peepholes that may create instructions,
//! iterated to a fixed point with a worklist (LLVM's `InstCombinePass`, a documented subset).
//!
//! Each rule, and why it is valid under `poison` and `undef` (LangRef "Poison Values",
//! "Undefined Values"); a flag that the rewritten form no longer justifies is dropped:
//! * **Canonical operand order**: a constant left operand of a commutative integer operation
//!   goes right; `icmp C, x` becomes `icmp swapped(p) x, C`. Same value, same flags.
//! * **`sub x, C` → `add x, -C`**: equal modulo 2^n. `nsw` stays when `C` is not the minimum
//!   signed value (then `x - C` overflows exactly when `x + (-C)` does); `nuw` is dropped
//!   (unsigned overflow of the two differs).
//! * **Constants reassociated**: `(x op C1) op C2` → `x op (C1 op C2)` for `add`, `mul`,
//!   `and`, `or`, `xor` when the inner operation has no other use. The flags of both go
//!   (`nsw` on the parts does not imply `nsw` on the whole; `disjoint` is about the old
//!   operands).
//! * **Strength reduction**: `mul x, 2^k` → `shl x, k` (`nuw` kept; `nsw` kept when
//!   k < n-1, where both mean the same overflow); `udiv x, 2^k` → `lshr x, k` (`exact`
//!   kept: both mean no set bit is shifted out); `urem x, 2^k` → `and x, 2^k-1`.
//! * **Cast chains**: `zext (zext x)`, `sext (sext x)` → one cast; `sext (zext x)` →
//!   `zext x` (the zext result is non-negative); `trunc (zext/sext x)` → `x`, `trunc x` or
//!   `zext/sext x` by width; `trunc (trunc x)` → `trunc x`; `zext (trunc x)` back to the type
//!   of `x` → `and x, mask` (single-use `trunc`). The flags go (`nneg`, `nuw`/`nsw` describe
//!   the intermediate value; dropping a flag only removes poison).
//! * **`icmp` of extended values**: `icmp p (zext x), C` → `icmp p' x, trunc C` when `C` is a
//!   zero-extended value of the narrow type (`p'` the unsigned form of `p`: both sides are
//!   non-negative in the wide type); `icmp p (sext x), C` → `icmp p x, trunc C` when `C` is a
//!   sign-extended value (sign extension keeps both orders); `icmp p (zext x), (zext y)` and
//!   `icmp p (sext x), (sext y)` from one type likewise. A poison `x` gives poison either way;
//!   `samesign` is dropped.
//! * **`icmp` predicates against constants** in canonical form: `ule x, C` → `ult x, C+1`,
//!   `uge x, C` → `ugt x, C-1`, `sle`/`sge` likewise (unless `C` is at the end of the range,
//!   where `instsimplify` decides them), then `ult x, 1` → `eq x, 0`, `ugt x, 0` → `ne x, 0`.
//! * **Negated compares**: `xor (icmp p a, b), true` → `icmp !p a, b` when the compare has no
//!   other use; `br (xor c, true), T, F` → `br c, F, T`; `select (xor c, true), a, b` →
//!   `select c, b, a` (not when `!prof` weights are attached: they would need swapping).
//!   A poison `c` is undefined behaviour (branch) or poison (select) in both.
//! * **`select` of constants**: `select c, 1, 0` → `zext c`, `select c, -1, 0` → `sext c`, and
//!   with the arms the other way round when `c` is a compare with no other use (inverted in
//!   place). The condition is used either way, so a poison `c` gives poison in both. `select`
//!   of `i1` is never turned into `and`/`or`: that would let poison through from the arm the
//!   `select` does not pick.
//! * **Narrower arithmetic**: `trunc (op a, b)` for `op` in `add sub mul and or xor`, with the
//!   operation used only there and each operand an extension from the result type, a constant,
//!   or (one of the two) any value, which gets a `trunc` → `op` in the narrow type: the low bits
//!   of these operations depend only on the low bits of their operands. `nsw`/`nuw` go (they
//!   were about the wide type).
//! * **Demanded bits** (in `instcombine_bits.rs`): `zext (trunc x)` across three widths as a
//!   mask, masks that an outer mask makes redundant, and `zext` of a masked logic expression
//!   of a truncated wide value evaluated in the wide type.
//! * **Constant-offset `getelementptr`**: `getelementptr T, p, C...` → `getelementptr i8, p,
//!   offset` (the byte offset under the datalayout), a zero offset → `p`; a GEP of such a GEP
//!   adds the offsets. `inbounds` stays only if every merged GEP had it (the LangRef's inbounds
//!   offsets are then in bounds of the same object); `nuw`/`nusw` go. Only 64-bit indices, and
//!   not vector GEPs.
//!
//! * **`alloca`s** (in `instcombine_alloca.rs`): one only ever written is removed with its
//!   stores; one only read after a whole copy from a constant global becomes that global.
//!
//! Deliberately not done: load/store forwarding and anything else that looks through memory,
//! turning `select` into `and`/`or`, min/max/abs formation, phi-of-casts folding, floating
//! point beyond `instsimplify`'s constant folding. Instructions that become unused are removed
//! on the way.

use super::instsimplify::{
    as_int, def_of, int_const, int_width, inverse, is_poison, swapped, Worklist,
};
use super::instsimplify_loads::const_indices;
use super::{with_body, PassResult};
use crate::ir::{
    ApInt, Body, Extra, GlobalId, Inst, InstData, InstFlags, IntPredicate, Module, Opcode, Operand,
    TypeId,
};

/// Runs `instcombine` on one function.
pub fn run(m: &mut Module, g: GlobalId) -> PassResult {
    with_body(m, g, |m, body| {
        let mut w = Worklist::new(m, g, body);
        w.run(m, body, Some(combine));
        let (folded, removed) = w.finish(m, body);
        PassResult::from_stats(vec![
            ("instructions combined", folded),
            ("instructions removed", removed),
        ])
    })
}

fn new_inst(op: Opcode, ty: TypeId, args: Vec<Operand>) -> InstData {
    InstData::new(op, ty, args)
}

/// Sets the operands of `i` in place, keeping the use lists and queues up to date.
pub(super) fn set_args(w: &mut Worklist, body: &mut Body, i: Inst, args: &[Operand]) {
    let old: Vec<Operand> = body.insts.get(i).map(|d| d.args.to_vec()).unwrap_or_default();
    if let Some(d) = body.insts.get_mut(i) {
        d.args = args.iter().copied().collect();
    }
    w.operands_changed(i);
    for &o in args {
        w.add_user(o, i);
    }
    for o in old {
        w.push_def(body, o);
    }
    changed(w, body, i);
}

/// Queues `i` and its users after an in-place change.
fn changed(w: &mut Worklist, body: &Body, i: Inst) {
    w.folded += 1;
    w.push(i);
    if let Some(v) = body.insts.get(i).and_then(|d| d.result) {
        w.push_users(v);
    }
}

/// True when the value defined by `i` has exactly one use.
fn one_use(w: &mut Worklist, body: &Body, i: Inst) -> bool {
    body.insts.get(i).and_then(|d| d.result).is_some_and(|v| w.use_count(body, v) == 1)
}

/// Replaces `i` by a new instruction inserted before it.
pub(super) fn replace_with_new(w: &mut Worklist, body: &mut Body, i: Inst, data: InstData) -> bool {
    match w.insert_before(body, i, data) {
        Some(v) => {
            // The new value takes the old one's name (the old one goes away).
            let old = body.insts.get(i).and_then(|d| d.result);
            if let Some(old) = old {
                let name = body.values.get_mut(old).map(|vd| std::mem::take(&mut vd.name));
                if let (Some(name), Some(nv)) = (name, body.values.get_mut(v)) {
                    nv.name = name;
                }
            }
            w.replace(body, i, Operand::Value(v));
            true
        }
        None => false,
    }
}

/// The rules, tried in order on one instruction; true when something changed.
fn combine(w: &mut Worklist, m: &mut Module, body: &mut Body, i: Inst) -> bool {
    let Some(d) = body.insts.get(i) else { return false };
    match d.op {
        Opcode::Add | Opcode::Mul | Opcode::And | Opcode::Or | Opcode::Xor | Opcode::Sub => {
            binop(w, m, body, i)
        }
        Opcode::UDiv | Opcode::URem => div_pow2(w, m, body, i),
        Opcode::ZExt | Opcode::SExt | Opcode::Trunc => cast(w, m, body, i),
        Opcode::ICmp => icmp(w, m, body, i),
        Opcode::Br => br(w, m, body, i),
        Opcode::Select => select(w, m, body, i),
        Opcode::GetElementPtr => gep(w, m, body, i),
        Opcode::Alloca => super::instcombine_alloca::alloca(w, m, body, i),
        _ => false,
    }
}

fn binop(w: &mut Worklist, m: &mut Module, body: &mut Body, i: Inst) -> bool {
    let Some(d) = body.insts.get(i) else { return false };
    let (op, ty, flags) = (d.op, d.ty, d.flags);
    let (Some(&a), Some(&b)) = (d.args.first(), d.args.get(1)) else { return false };
    let Some(wd) = int_width(m, ty) else { return false };
    // Constants to the right.
    if op != Opcode::Sub && as_int(m, a).is_some() && as_int(m, b).is_none() {
        set_args(w, body, i, &[b, a]);
        return true;
    }
    if wd > 64 {
        return false;
    }
    let c = as_int(m, b).map(|v| v.low_u64());
    let full = crate::analysis::known_bits::mask(wd);
    if op == Opcode::Sub {
        let Some(c) = c else { return false };
        let smin = 1u64 << (wd - 1);
        let neg = c.wrapping_neg() & full;
        let nc = int_const(m, ty, neg);
        let mut nf = InstFlags::default();
        if flags.has(InstFlags::NSW) && c != smin {
            nf.set(InstFlags::NSW);
        }
        if let Some(d) = body.insts.get_mut(i) {
            d.op = Opcode::Add;
            d.flags = nf;
        }
        set_args(w, body, i, &[a, nc]);
        return true;
    }
    let Some(c2) = c else { return false };
    // (x op C1) op C2 → x op (C1 op C2).
    if let Some((inner, id)) = def_of(body, a) {
        if id.op == op && !m.types.is_vector(id.ty) {
            if let (Some(&x), Some(c1)) =
                (id.args.first(), id.args.get(1).and_then(|&o| as_int(m, o)).map(|v| v.low_u64()))
            {
                if one_use(w, body, inner) {
                    let r = match op {
                        Opcode::Add => c1.wrapping_add(c2),
                        Opcode::Mul => c1.wrapping_mul(c2),
                        Opcode::And => c1 & c2,
                        Opcode::Or => c1 | c2,
                        _ => c1 ^ c2,
                    } & full;
                    let nc = int_const(m, ty, r);
                    if let Some(d) = body.insts.get_mut(i) {
                        d.flags = InstFlags::default();
                    }
                    set_args(w, body, i, &[x, nc]);
                    return true;
                }
            }
        }
    }
    // mul x, 2^k → shl x, k.
    if op == Opcode::Mul && c2.is_power_of_two() && c2 > 1 {
        let k = c2.trailing_zeros();
        let mut nf = InstFlags::default();
        if flags.has(InstFlags::NUW) {
            nf.set(InstFlags::NUW);
        }
        if flags.has(InstFlags::NSW) && k < wd - 1 {
            nf.set(InstFlags::NSW);
        }
        let kc = int_const(m, ty, k as u64);
        if let Some(d) = body.insts.get_mut(i) {
            d.op = Opcode::Shl;
            d.flags = nf;
        }
        set_args(w, body, i, &[a, kc]);
        return true;
    }
    if op == Opcode::And && super::instcombine_bits::masks_under_mask(w, m, body, i) {
        return true;
    }
    // xor (icmp p x, y), true → icmp !p x, y.
    if op == Opcode::Xor && wd == 1 && c2 == 1 {
        if let Some((cmp, cd)) = def_of(body, a) {
            if cd.op == Opcode::ICmp && one_use(w, body, cmp) {
                if let Extra::ICmp(p) = cd.extra {
                    if let Some(cd) = body.insts.get_mut(cmp) {
                        cd.extra = Extra::ICmp(inverse(p));
                        cd.flags = InstFlags::default();
                    }
                    changed(w, body, cmp);
                    w.replace(body, i, a);
                    return true;
                }
            }
        }
    }
    false
}

fn div_pow2(w: &mut Worklist, m: &mut Module, body: &mut Body, i: Inst) -> bool {
    let Some(d) = body.insts.get(i) else { return false };
    let (op, ty, flags) = (d.op, d.ty, d.flags);
    let (Some(&a), Some(&b)) = (d.args.first(), d.args.get(1)) else { return false };
    let Some(wd) = int_width(m, ty) else { return false };
    if wd > 64 {
        return false;
    }
    let Some(c) = as_int(m, b).map(|v| v.low_u64()) else { return false };
    if !c.is_power_of_two() || c == 1 {
        return false;
    }
    let (nop, nc, nf) = if op == Opcode::UDiv {
        let mut nf = InstFlags::default();
        if flags.has(InstFlags::EXACT) {
            nf.set(InstFlags::EXACT);
        }
        (Opcode::LShr, c.trailing_zeros() as u64, nf)
    } else {
        (Opcode::And, c - 1, InstFlags::default())
    };
    let nc = int_const(m, ty, nc);
    if let Some(d) = body.insts.get_mut(i) {
        d.op = nop;
        d.flags = nf;
    }
    set_args(w, body, i, &[a, nc]);
    true
}

fn cast(w: &mut Worklist, m: &mut Module, body: &mut Body, i: Inst) -> bool {
    let Some(d) = body.insts.get(i) else { return false };
    let (op, ty) = (d.op, d.ty);
    let Some(&a) = d.args.first() else { return false };
    let Some(dw) = int_width(m, ty) else { return false };
    let Some((inner, id)) = def_of(body, a) else { return false };
    let (iop, Some(&x)) = (id.op, id.args.first()) else { return false };
    let xty = m.operand_ty(body, x);
    let Some(xw) = int_width(m, xty) else { return false };
    let new_cast = |op: Opcode| new_inst(op, ty, vec![x]);
    match (op, iop) {
        (Opcode::ZExt, Opcode::ZExt)
        | (Opcode::SExt, Opcode::SExt)
        | (Opcode::SExt, Opcode::ZExt) => {
            let nop = if iop == Opcode::ZExt { Opcode::ZExt } else { Opcode::SExt };
            if let Some(d) = body.insts.get_mut(i) {
                d.op = nop;
                d.flags = InstFlags::default();
            }
            set_args(w, body, i, &[x]);
            true
        }
        (Opcode::Trunc, Opcode::ZExt | Opcode::SExt) => {
            if xw == dw {
                w.replace(body, i, x);
                return true;
            }
            let nop = if xw > dw { Opcode::Trunc } else { iop };
            replace_with_new(w, body, i, new_cast(nop))
        }
        (Opcode::Trunc, Opcode::Trunc) => {
            if let Some(d) = body.insts.get_mut(i) {
                d.flags = InstFlags::default();
            }
            set_args(w, body, i, &[x]);
            true
        }
        (Opcode::ZExt, Opcode::Trunc) if xty == ty && dw <= 64 && one_use(w, body, inner) => {
            let mw = int_width(m, m.operand_ty(body, a)).unwrap_or(dw);
            let mask = int_const(m, ty, crate::analysis::known_bits::mask(mw));
            replace_with_new(w, body, i, new_inst(Opcode::And, ty, vec![x, mask]))
        }
        (Opcode::ZExt, Opcode::Trunc) => super::instcombine_bits::zext_of_trunc(w, m, body, i),
        (Opcode::ZExt, Opcode::And) => super::instcombine_bits::zext_of_masked(w, m, body, i),
        (
            Opcode::Trunc,
            Opcode::Add | Opcode::Sub | Opcode::Mul | Opcode::And | Opcode::Or | Opcode::Xor,
        ) => narrow(w, m, body, i, inner, ty),
        _ => false,
    }
}

/// `trunc (op a, b) to T` → `op a', b'` in `T`, when each operand is an extension from `T`, a
/// constant, or (one of the two) any value, truncated, and the wide operation has no other use.
fn narrow(
    w: &mut Worklist,
    m: &mut Module,
    body: &mut Body,
    i: Inst,
    inner: Inst,
    ty: TypeId,
) -> bool {
    if m.types.is_vector(ty) || !one_use(w, body, inner) {
        return false;
    }
    let Some(id) = body.insts.get(inner) else { return false };
    let iop = id.op;
    let args: Vec<Operand> = id.args.to_vec();
    let Some(tw) = int_width(m, ty) else { return false };
    // Each operand: a constant, an extension from `T`, or (for one of them) anything, truncated.
    let mut out = Vec::with_capacity(2);
    let mut to_trunc = None;
    for (k, o) in args.into_iter().enumerate() {
        if let Some(v) = as_int(m, o) {
            let t = v.truncate(tw);
            out.push(Operand::Const(m.consts.int(ty, t)));
            continue;
        }
        match def_of(body, o) {
            Some((_, e))
                if matches!(e.op, Opcode::ZExt | Opcode::SExt)
                    && e.args.first().is_some_and(|&s| m.operand_ty(body, s) == ty) =>
            {
                out.extend(e.args.first().copied());
            }
            _ if to_trunc.is_none() => {
                to_trunc = Some(k);
                out.push(o);
            }
            _ => return false,
        }
    }
    if let Some(k) = to_trunc {
        let Some(&o) = out.get(k) else { return false };
        let Some(v) = w.insert_before(body, i, new_inst(Opcode::Trunc, ty, vec![o])) else {
            return false;
        };
        if let Some(slot) = out.get_mut(k) {
            *slot = Operand::Value(v);
        }
    }
    replace_with_new(w, body, i, new_inst(iop, ty, out))
}

fn is_unsigned_or_eq(p: IntPredicate) -> bool {
    use IntPredicate as P;
    matches!(p, P::Eq | P::Ne | P::Ugt | P::Uge | P::Ult | P::Ule)
}

fn unsigned_of(p: IntPredicate) -> IntPredicate {
    use IntPredicate as P;
    match p {
        P::Sgt => P::Ugt,
        P::Sge => P::Uge,
        P::Slt => P::Ult,
        P::Sle => P::Ule,
        p => p,
    }
}

fn set_pred(w: &mut Worklist, body: &mut Body, i: Inst, p: IntPredicate, args: &[Operand]) -> bool {
    if let Some(d) = body.insts.get_mut(i) {
        d.extra = Extra::ICmp(p);
        d.flags = InstFlags::default();
    }
    set_args(w, body, i, args);
    true
}

fn icmp(w: &mut Worklist, m: &mut Module, body: &mut Body, i: Inst) -> bool {
    let Some(d) = body.insts.get(i) else { return false };
    let Extra::ICmp(p) = d.extra else { return false };
    let (Some(&a), Some(&b)) = (d.args.first(), d.args.get(1)) else { return false };
    if m.types.is_vector(d.ty) {
        return false;
    }
    if matches!(a, Operand::Const(_)) && !matches!(b, Operand::Const(_)) {
        return set_pred(w, body, i, swapped(p), &[b, a]);
    }
    let aty = m.operand_ty(body, a);
    let Some(wd) = int_width(m, aty) else { return false };
    // Extended operands.
    if let Some((_, ad)) = def_of(body, a) {
        if matches!(ad.op, Opcode::ZExt | Opcode::SExt) {
            let zext = ad.op == Opcode::ZExt;
            let Some(&x) = ad.args.first() else { return false };
            let xty = m.operand_ty(body, x);
            let Some(xw) = int_width(m, xty) else { return false };
            if let Some(c) = as_int(m, b).cloned() {
                let t = c.truncate(xw);
                let back = if zext { t.zext(wd) } else { t.sext(wd) };
                if back == c {
                    let np = if zext { unsigned_of(p) } else { p };
                    let nc = Operand::Const(m.consts.int(xty, t));
                    return set_pred(w, body, i, np, &[x, nc]);
                }
            } else if let Some((_, bd)) = def_of(body, b) {
                if bd.op == ad.op {
                    if let Some(&y) = bd.args.first() {
                        if m.operand_ty(body, y) == xty {
                            let np = if zext { unsigned_of(p) } else { p };
                            return set_pred(w, body, i, np, &[x, y]);
                        }
                    }
                }
            }
        }
    }
    // Canonical predicates against a constant.
    let Some(c) = as_int(m, b).cloned() else { return false };
    if wd > 64 {
        return false;
    }
    let cv = c.low_u64();
    let full = crate::analysis::known_bits::mask(wd);
    let smin = 1u64 << (wd - 1);
    let smax = full >> 1;
    use IntPredicate as P;
    let (np, nc) = match p {
        P::Ule if cv != full => (P::Ult, cv + 1),
        P::Uge if cv != 0 => (P::Ugt, cv - 1),
        P::Sle if cv != smax => (P::Slt, cv.wrapping_add(1) & full),
        P::Sge if cv != smin => (P::Sgt, cv.wrapping_sub(1) & full),
        P::Ult if cv == 1 => (P::Eq, 0),
        P::Ugt if cv == 0 => (P::Ne, 0),
        _ => return false,
    };
    let _ = is_unsigned_or_eq;
    let nc = int_const(m, aty, nc);
    set_pred(w, body, i, np, &[a, nc])
}

/// `xor c, true` with its operand, if `o` is one.
fn negated(m: &Module, body: &Body, o: Operand) -> Option<Operand> {
    let (_, d) = def_of(body, o)?;
    if d.op != Opcode::Xor {
        return None;
    }
    let (&x, &y) = (d.args.first()?, d.args.get(1)?);
    let v = as_int(m, y)?;
    (v.width() == 1 && !v.is_zero()).then_some(x)
}

/// True when the instruction carries `!prof` branch weights (which follow operand order).
fn has_prof(m: &Module, d: &InstData) -> bool {
    d.md.iter().any(|&(k, _)| m.symbols.get(k) == "prof")
}

fn br(w: &mut Worklist, m: &Module, body: &mut Body, i: Inst) -> bool {
    let Some(d) = body.insts.get(i) else { return false };
    let Extra::Br(targets) = &d.extra else { return false };
    if targets.len() != 2 {
        return false;
    }
    let Some(&c) = d.args.first() else { return false };
    if has_prof(m, d) {
        return false; // branch weights would have to be swapped too
    }
    let Some(nc) = negated(m, body, c) else { return false };
    if let Some(d) = body.insts.get_mut(i) {
        if let Extra::Br(t) = &mut d.extra {
            t.swap(0, 1);
        }
    }
    set_args(w, body, i, &[nc]);
    true
}

fn select(w: &mut Worklist, m: &mut Module, body: &mut Body, i: Inst) -> bool {
    let Some(d) = body.insts.get(i) else { return false };
    let ty = d.ty;
    let (Some(&c), Some(&x), Some(&y)) = (d.args.first(), d.args.get(1), d.args.get(2)) else {
        return false;
    };
    let cty = m.operand_ty(body, c);
    if m.types.is_vector(cty) {
        return false;
    }
    if let Some(nc) = negated(m, body, c).filter(|_| !has_prof(m, d)) {
        set_args(w, body, i, &[nc, y, x]);
        return true;
    }
    let Some(wd) = int_width(m, ty) else { return false };
    let (Some(xv), Some(yv)) = (as_int(m, x).cloned(), as_int(m, y).cloned()) else { return false };
    let one = |v: &ApInt| v.to_u64() == Some(1);
    let ext = |xv: &ApInt, yv: &ApInt| -> Option<Opcode> {
        if !yv.is_zero() || wd == 1 {
            return None;
        }
        if one(xv) {
            Some(Opcode::ZExt)
        } else if xv.is_all_ones() {
            Some(Opcode::SExt)
        } else {
            None
        }
    };
    if let Some(op) = ext(&xv, &yv) {
        return replace_with_new(w, body, i, new_inst(op, ty, vec![c]));
    }
    if let Some(op) = ext(&yv, &xv) {
        // The inverted condition: only when it is a compare we may invert in place.
        if let Some((cmp, cd)) = def_of(body, c) {
            if cd.op == Opcode::ICmp && one_use(w, body, cmp) {
                if let Extra::ICmp(p) = cd.extra {
                    if let Some(cd) = body.insts.get_mut(cmp) {
                        cd.extra = Extra::ICmp(inverse(p));
                        cd.flags = InstFlags::default();
                    }
                    changed(w, body, cmp);
                    return replace_with_new(w, body, i, new_inst(op, ty, vec![c]));
                }
            }
        }
    }
    if is_poison(m, c) {
        return false;
    }
    false
}

/// A GEP with constant indices as `(base, byte offset, inbounds)`, the offset as the i8 form.
fn gep_parts(w: &mut Worklist, m: &Module, body: &Body, i: Inst) -> Option<(Operand, i64, bool)> {
    let d = body.insts.get(i)?;
    let Extra::Gep { source_ty } = d.extra else { return None };
    if !m.types.is_ptr(d.ty) {
        return None;
    }
    let asp = m.types.ptr_addrspace(d.ty)?;
    if m.datalayout.index_size_bits(asp) != 64 {
        return None;
    }
    let base = *d.args.first()?;
    if !m.types.is_ptr(m.operand_ty(body, base)) {
        return None;
    }
    let idx = const_indices(m, d.args.get(1..)?)?;
    let off = w.facts.layouts(m).gep_offset(source_ty, &idx)?;
    Some((base, off, d.flags.has(InstFlags::INBOUNDS)))
}

fn gep(w: &mut Worklist, m: &mut Module, body: &mut Body, i: Inst) -> bool {
    let Some((base, off, inb)) = gep_parts(w, m, body, i) else { return false };
    let i8t = m.types.int(8);
    let already = body.insts.get(i).is_some_and(|d| {
        matches!(d.extra, Extra::Gep { source_ty } if source_ty == i8t) && d.args.len() == 2
    });
    let mut merged = (base, off, inb);
    if let Some((inner, id)) = def_of(body, base) {
        if id.op == Opcode::GetElementPtr && inner != i {
            if let Some((ib, ioff, iinb)) = gep_parts(w, m, body, inner) {
                if let Some(sum) = ioff.checked_add(off) {
                    merged = (ib, sum, inb && iinb);
                }
            }
        }
    }
    let (nb, noff, ninb) = merged;
    let ty = body.insts.get(i).map(|d| d.ty).unwrap_or(TypeId::VOID);
    if noff == 0 && m.operand_ty(body, nb) == ty {
        w.replace(body, i, nb);
        return true;
    }
    if already && nb == base {
        return false;
    }
    let i64t = m.types.int(64);
    let oc = Operand::Const(m.consts.int(i64t, ApInt::from_i64(64, noff)));
    if let Some(d) = body.insts.get_mut(i) {
        d.extra = Extra::Gep { source_ty: i8t };
        d.flags = InstFlags::default();
        if ninb {
            d.flags.set(InstFlags::INBOUNDS);
        }
    }
    set_args(w, body, i, &[nb, oc]);
    true
}

#[cfg(test)]
#[path = "instcombine_tests.rs"]
mod tests;
