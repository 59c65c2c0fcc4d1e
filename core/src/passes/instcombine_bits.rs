//! `instcombine`'s rules about which bits of a value matter: masks that become redundant under
//! an outer mask, and extensions of masked expressions evaluated in the wider type (the parts
//! of LLVM's `SimplifyDemandedBits` and `canEvaluateZExtd` that byte-at-a-time code needs).
//!
//! * **`zext (trunc x to N) to D`** with the `trunc` used only there, `x` neither `N` nor `D`
//!   bits wide → `and (trunc x to D), 2^N-1` (or `zext`, when `x` is narrower than `D`): the
//!   low `N` bits of `x`, zero above, either way. A poison `x` gives poison in both.
//! * **Masks under a mask**: in `and X, C` where `X = op a, b` is used only there, an operand
//!   `and y, M` of `X` is replaced by `y` when `M` keeps every bit that matters: for `and`,
//!   `or`, `xor` the bits set in `C`; for `add`, `sub`, `mul` every bit up to the highest set
//!   in `C` (the low bits of a sum, difference or product depend only on the low bits of the
//!   operands). `X` changes only in bits `C` clears, so `and X, C` is the same value. `X`'s
//!   `nuw`/`nsw`/`disjoint` flags go: they spoke of the old operands. Poison flows as before
//!   (`and y, M` is poison exactly when `y` is).
//! * **Extension of a masked logic expression**: `zext (and (op p, q), C) to D` with `op` one
//!   of `and`, `or`, `xor`, each inner instruction used only there, and `p = trunc y` with `y`
//!   already `D` bits wide → `and (op y, zext q), zext C`: bit `i` below the narrow width is
//!   `op(y_i, q_i)` in both, and `zext C` clears every bit above it, as the `zext` did. One
//!   instruction fewer (the `trunc` goes, `zext q` replaces the outer `zext`). Poison in `y`
//!   or `q` makes both poison.

use super::instsimplify::{as_int, def_of, int_const, int_width, Worklist};
use crate::analysis::known_bits::mask;
use crate::ir::{Body, Inst, InstData, InstFlags, Module, Opcode, Operand, TypeId};

fn new_inst(op: Opcode, ty: TypeId, args: Vec<Operand>) -> InstData {
    InstData::new(op, ty, args)
}

/// True when the value defined by `i` has exactly one use.
fn one_use(w: &mut Worklist, body: &Body, i: Inst) -> bool {
    body.insts.get(i).and_then(|d| d.result).is_some_and(|v| w.use_count(body, v) == 1)
}

/// `zext (trunc x to N) to D` → `and (trunc/zext x to D), 2^N-1`, for `x` of neither width.
pub(super) fn zext_of_trunc(w: &mut Worklist, m: &mut Module, body: &mut Body, i: Inst) -> bool {
    let Some(d) = body.insts.get(i) else { return false };
    let (ty, Some(&a)) = (d.ty, d.args.first()) else { return false };
    let Some((inner, id)) = def_of(body, a) else { return false };
    let (Opcode::Trunc, Some(&x)) = (id.op, id.args.first()) else { return false };
    let (Some(dw), Some(nw), Some(xw)) =
        (int_width(m, ty), int_width(m, id.ty), int_width(m, m.operand_ty(body, x)))
    else {
        return false;
    };
    if xw == dw || dw > 64 || m.types.is_vector(ty) || !one_use(w, body, inner) {
        return false;
    }
    let op = if xw > dw { Opcode::Trunc } else { Opcode::ZExt };
    let Some(v) = w.insert_before(body, i, new_inst(op, ty, vec![x])) else { return false };
    let mk = int_const(m, ty, mask(nw));
    super::instcombine::replace_with_new(
        w,
        body,
        i,
        new_inst(Opcode::And, ty, vec![Operand::Value(v), mk]),
    )
}

/// In `and X, C`: drops masks on `X`'s operands that keep every bit `C` looks at.
pub(super) fn masks_under_mask(w: &mut Worklist, m: &mut Module, body: &mut Body, i: Inst) -> bool {
    let Some(d) = body.insts.get(i) else { return false };
    let (Some(&x), Some(&c)) = (d.args.first(), d.args.get(1)) else { return false };
    let Some(wd) = int_width(m, d.ty).filter(|&wd| wd <= 64) else { return false };
    let Some(c) = as_int(m, c).map(|v| v.low_u64()) else { return false };
    let Some((xi, xd)) = def_of(body, x) else { return false };
    let bitwise = matches!(xd.op, Opcode::And | Opcode::Or | Opcode::Xor);
    let demanded = match xd.op {
        _ if bitwise => c,
        Opcode::Add | Opcode::Sub | Opcode::Mul => mask(64 - c.leading_zeros()),
        _ => return false,
    } & mask(wd);
    if xi == i || !one_use(w, body, xi) {
        return false;
    }
    let mut args: Vec<Operand> = xd.args.to_vec();
    let mut any = false;
    for a in args.iter_mut() {
        let Some((_, ad)) = def_of(body, *a) else { continue };
        if ad.op != Opcode::And {
            continue;
        }
        let (Some(&y), Some(mk)) = (ad.args.first(), ad.args.get(1).and_then(|&o| as_int(m, o)))
        else {
            continue;
        };
        if demanded & !mk.low_u64() == 0 {
            *a = y;
            any = true;
        }
    }
    if !any {
        return false;
    }
    if let Some(xd) = body.insts.get_mut(xi) {
        xd.flags = InstFlags::default();
    }
    super::instcombine::set_args(w, body, xi, &args);
    true
}

/// `zext (and (op (trunc y), q), C)` → `and (op y, zext q), zext C`, `y` of the result type.
pub(super) fn zext_of_masked(w: &mut Worklist, m: &mut Module, body: &mut Body, i: Inst) -> bool {
    let Some(d) = body.insts.get(i) else { return false };
    let (ty, Some(&a)) = (d.ty, d.args.first()) else { return false };
    if m.types.is_vector(ty) || int_width(m, ty).is_none_or(|dw| dw > 64) {
        return false;
    }
    let Some((and_i, ad)) = def_of(body, a) else { return false };
    let (Opcode::And, Some(&x), Some(c)) =
        (ad.op, ad.args.first(), ad.args.get(1).and_then(|&o| as_int(m, o)))
    else {
        return false;
    };
    let c = c.low_u64();
    let Some((op_i, od)) = def_of(body, x) else { return false };
    if !matches!(od.op, Opcode::And | Opcode::Or | Opcode::Xor) {
        return false;
    }
    let op = od.op;
    let (Some(&p), Some(&q)) = (od.args.first(), od.args.get(1)) else { return false };
    let trunc_of_wide = |o: Operand| -> Option<(Inst, Operand)> {
        let (ti, td) = def_of(body, o)?;
        let y = *td.args.first()?;
        (td.op == Opcode::Trunc && m.operand_ty(body, y) == ty).then_some((ti, y))
    };
    let (ti, y, other) = match (trunc_of_wide(p), trunc_of_wide(q)) {
        (Some((ti, y)), _) => (ti, y, q),
        (None, Some((ti, y))) => (ti, y, p),
        _ => return false,
    };
    if !(one_use(w, body, and_i) && one_use(w, body, op_i) && one_use(w, body, ti)) {
        return false;
    }
    let wide_other = match as_int(m, other) {
        Some(k) => {
            let k = k.low_u64();
            int_const(m, ty, k)
        }
        None => match w.insert_before(body, i, new_inst(Opcode::ZExt, ty, vec![other])) {
            Some(v) => Operand::Value(v),
            None => return false,
        },
    };
    let Some(nop) = w.insert_before(body, i, new_inst(op, ty, vec![y, wide_other])) else {
        return false;
    };
    let wc = int_const(m, ty, c);
    super::instcombine::replace_with_new(
        w,
        body,
        i,
        new_inst(Opcode::And, ty, vec![Operand::Value(nop), wc]),
    )
}
