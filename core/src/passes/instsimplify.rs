//! `instsimplify`: replaces instructions by an existing value or a constant, never creating an
//! instruction, as LLVM's `InstSimplifyPass` (`simplifyInstruction`) does.
//!
//! What folds (every fold gives the same value or a refinement of it, LangRef "Poison Values"
//! and "Undefined Values"):
//! * constant operands, exactly on every integer width (the interpreter's integer semantics):
//!   binary integer operations, shifts, `icmp`, `trunc`/`zext`/`sext`, and `fadd`/`fsub`/
//!   `fmul`/`fdiv`/`frem`/`fneg`/`fcmp` on `float`/`double` without fast-math flags (a NaN
//!   result is left alone: its payload is not ours to choose). A poison-generating flag that
//!   the constants violate (`add nsw` overflowing, `shl` by the width, `zext nneg` of a
//!   negative) folds to `poison`. Immediate undefined behaviour (`udiv X, 0`, `sdiv MIN, -1`
//!   with constant operands) is left in place: it must stay where it is.
//! * a `poison` operand makes the result `poison` (every integer operation propagates it; a
//!   `poison` divisor is undefined behaviour, which `poison` refines). An `undef` divisor or
//!   shift amount folds to `poison` (undef may be 0, or the width); `add`/`sub`/`xor` with an
//!   `undef` operand is `undef`; `and X, undef` is 0, `or X, undef` is -1, `mul X, undef` 0
//!   (undef may take the value that makes it so).
//! * identities: `add x, 0`, `sub x, 0`, `sub x, x` → 0, `mul x, 1`, `mul x, 0` → 0,
//!   `and x, -1`, `and x, 0`, `and x, x`, `or x, 0`, `or x, -1`, `or x, x`, `xor x, 0`,
//!   `xor x, x` → 0, shifts by 0 and of 0, `udiv`/`sdiv x, 1`, `urem`/`srem x, 1` → 0,
//!   `udiv`/`sdiv 0, x` → 0. For a register `x`, `x - x` and `x ^ x` are 0 (a poison `x` gives
//!   poison, which 0 refines); literal `undef - undef` is `undef` instead.
//! * known bits ([`crate::analysis::known_bits`]): a result whose bits are all known becomes a
//!   constant; `and x, C` when the bits `C` clears are known zero in `x`, `or x, C` when the
//!   bits it sets are known one, are `x`; `icmp` decided by the range the known bits allow
//!   (`icmp ult x, 0` is false, `icmp ugt (and x, 7), 7` is false).
//! * `icmp x, x`; `select` with a constant condition, equal arms, a `poison` arm (the other),
//!   an `undef` condition (either arm: undef may be either), `select c, true, false` → `c`.
//! * casts: `trunc (zext/sext x)` back to the type of `x` → `x`; `bitcast` to the same type.
//! * loads of whole-byte integers at a constant offset of a `constant` global with a
//!   definitive initializer read its bytes (`instsimplify_loads.rs`): constant folding, as
//!   LLVM's `simplifyLoadInst` does; no other load is looked at.
//! * `extractvalue (insertvalue a, v, I), I` → `v`; `getelementptr T, p` without indices, or
//!   with every index zero, → `p` (same type: an opaque pointer moved by nothing).
//! * `freeze x` → `x` when `x` cannot be undef or poison: a non-undef constant, a `freeze`, a
//!   `noundef` parameter or call result, or flag-free arithmetic of such values.
//! * `phi` whose incoming values are all one value `v` (self-references and `poison` ignored):
//!   `v`, when `v` is a constant, a parameter, or an instruction whose block strictly dominates
//!   the phi's. An `undef` incoming is ignored only if `v` cannot be poison (replacing `undef` by
//!   a poison value is not a refinement; LLVM is laxer here).
//!
//! What it does not do: create instructions (that is `instcombine`), look through memory
//! (stores are never forwarded to loads),
//! fold vectors lane by lane, fold calls of intrinsics, or fold floating-point operations with
//! fast-math flags or on formats other than `float` and `double`. Instructions whose result
//! becomes unused go with them, as `dce` would remove them.

pub(crate) use super::worklist::{Facts, Worklist};
use super::{with_body, PassResult};
use crate::analysis::known_bits::{self, KnownBits};
use crate::ir::{
    ApInt, AttrKind, Body, ConstId, ConstKind, Extra, FloatKind, GlobalId, Inst, InstData,
    InstFlags, IntPredicate, Module, Opcode, Operand, TypeId, ValueDef,
};
use crate::semantics::fp;
use crate::semantics::int::{self, Bad, IOp};

/// Runs `instsimplify` on one function.
pub fn run(m: &mut Module, g: GlobalId) -> PassResult {
    with_body(m, g, |m, body| {
        let mut w = Worklist::new(m, g, body);
        w.run(m, body, None);
        let (folded, removed) = w.finish(m, body);
        PassResult::from_stats(vec![
            ("instructions simplified", folded),
            ("instructions removed", removed),
        ])
    })
}

// ---------------------------------------------------------------------------------------------
// Operand inspection.

/// The constant of an operand.
pub(crate) fn as_const(m: &Module, o: Operand) -> Option<ConstId> {
    match o {
        Operand::Const(c) if m.consts.is_valid(c) => Some(c),
        _ => None,
    }
}

/// The integer value of a scalar integer constant operand.
pub(crate) fn as_int(m: &Module, o: Operand) -> Option<&ApInt> {
    match m.consts.kind(as_const(m, o)?) {
        ConstKind::Int(v) => Some(v),
        _ => None,
    }
}

/// True for a `poison` constant.
pub(crate) fn is_poison(m: &Module, o: Operand) -> bool {
    as_const(m, o).is_some_and(|c| matches!(m.consts.kind(c), ConstKind::Poison))
}

/// True for an `undef` constant.
pub(crate) fn is_undef(m: &Module, o: Operand) -> bool {
    as_const(m, o).is_some_and(|c| matches!(m.consts.kind(c), ConstKind::Undef))
}

/// The instruction defining a value operand.
pub(crate) fn def_of(body: &Body, o: Operand) -> Option<(Inst, &InstData)> {
    let Operand::Value(v) = o else { return None };
    let ValueDef::Inst(i) = body.values.get(v)?.def else { return None };
    Some((i, body.insts.get(i)?))
}

/// The scalar integer width of a type.
pub(crate) fn int_width(m: &Module, ty: TypeId) -> Option<u32> {
    m.types.int_bits(ty).filter(|&w| w > 0)
}

/// An integer constant operand of type `ty` with value `v` (truncated to the width).
pub(crate) fn int_const(m: &mut Module, ty: TypeId, v: u64) -> Operand {
    let w = int_width(m, ty).unwrap_or(64);
    Operand::Const(m.consts.int(ty, ApInt::from_u64(w, v)))
}

/// An integer constant from words.
fn int_const_words(m: &mut Module, ty: TypeId, w: u32, words: &[u64]) -> Operand {
    Operand::Const(m.consts.int(ty, ApInt::from_words(w, words)))
}

/// `poison` of a type.
pub(crate) fn poison_of(m: &mut Module, ty: TypeId) -> Operand {
    Operand::Const(m.consts.intern(ty, ConstKind::Poison))
}

fn undef_of(m: &mut Module, ty: TypeId) -> Operand {
    Operand::Const(m.consts.intern(ty, ConstKind::Undef))
}

/// Known bits of an operand (scalar integers up to 64 bits).
pub(crate) fn kb(m: &Module, body: &Body, o: Operand) -> Option<KnownBits> {
    known_bits::known_bits(m, body, o)
}

/// True when the operand can be neither undef nor poison (a conservative check).
pub(crate) fn not_undef_or_poison(
    m: &Module,
    body: &Body,
    noundef: &[bool],
    o: Operand,
    depth: u32,
) -> bool {
    match o {
        Operand::Const(c) => {
            m.consts.is_valid(c)
                && matches!(
                    m.consts.kind(c),
                    ConstKind::Int(_)
                        | ConstKind::Float(_)
                        | ConstKind::Null
                        | ConstKind::Zero
                        | ConstKind::Global(_)
                )
        }
        Operand::Md(_) => false,
        Operand::Value(v) => {
            let Some(vd) = body.values.get(v) else { return false };
            match vd.def {
                ValueDef::Param(k) => noundef.get(k as usize).copied().unwrap_or(false),
                ValueDef::Inst(i) => {
                    let Some(d) = body.insts.get(i) else { return false };
                    if d.op == Opcode::Freeze {
                        return true;
                    }
                    if depth >= 4 {
                        return false;
                    }
                    if let Some(ci) = d.call_info() {
                        return d.op == Opcode::Call
                            && m.attrs.has(ci.ret_attrs, AttrKind::NoUndef);
                    }
                    let simple = matches!(
                        d.op,
                        Opcode::Add
                            | Opcode::Sub
                            | Opcode::Mul
                            | Opcode::And
                            | Opcode::Or
                            | Opcode::Xor
                            | Opcode::ICmp
                            | Opcode::ZExt
                            | Opcode::SExt
                            | Opcode::Trunc
                            | Opcode::Select
                            | Opcode::Shl
                            | Opcode::LShr
                            | Opcode::AShr
                    );
                    if !simple || d.flags.0 != 0 || m.types.is_vector(d.ty) {
                        return false;
                    }
                    if matches!(d.op, Opcode::Shl | Opcode::LShr | Opcode::AShr) {
                        let w = int_width(m, d.ty).unwrap_or(0) as u64;
                        if d.args
                            .get(1)
                            .and_then(|&a| as_int(m, a))
                            .and_then(|c| c.to_u64())
                            .is_none_or(|s| s >= w)
                        {
                            return false;
                        }
                    }
                    d.args.iter().all(|&a| not_undef_or_poison(m, body, noundef, a, depth + 1))
                }
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// The simplifier.

/// True for a `zeroinitializer` constant.
fn is_zero_const(m: &Module, o: Operand) -> bool {
    matches!(o, Operand::Const(c) if m.consts.is_valid(c) && matches!(m.consts.kind(c), ConstKind::Zero))
}

/// What instruction `i` simplifies to: an existing value or a constant (interned in `m`).
pub(crate) fn simplify(m: &mut Module, body: &Body, i: Inst, f: &Facts) -> Option<Operand> {
    let d = body.insts.get(i)?;
    let ty = d.ty;
    let a = d.args.first().copied();
    let b = d.args.get(1).copied();
    match d.op {
        op if IOp::from_opcode(op).is_some() => {
            let (a, b) = (a?, b?);
            let iop = IOp::from_opcode(op)?;
            simplify_int_binop(m, body, d, iop, a, b, ty)
        }
        Opcode::ICmp => {
            let Extra::ICmp(p) = d.extra else { return None };
            simplify_icmp(m, body, p, d.flags, a?, b?, ty)
        }
        Opcode::Select => simplify_select(m, body, f, a?, b?, d.args.get(2).copied()?, ty),
        Opcode::Trunc | Opcode::ZExt | Opcode::SExt | Opcode::BitCast => {
            simplify_cast(m, body, d, a?, ty)
        }
        Opcode::Freeze => {
            let a = a?;
            not_undef_or_poison(m, body, &f.noundef, a, 0).then_some(a)
        }
        Opcode::Phi => simplify_phi(m, body, i, d, f),
        Opcode::ExtractValue => {
            let a = a?;
            if is_poison(m, a) {
                return Some(poison_of(m, ty));
            }
            let Extra::Indices(idx) = &d.extra else { return None };
            let (_, ins) = def_of(body, a)?;
            if ins.op != Opcode::InsertValue {
                return None;
            }
            let Extra::Indices(iidx) = &ins.extra else { return None };
            (iidx == idx).then(|| ins.args.get(1).copied()).flatten()
        }
        Opcode::GetElementPtr => {
            // No indices, or all of them zero, with the base's own (opaque pointer) type.
            let a = a?;
            let zero =
                |o: &Operand| as_int(m, *o).is_some_and(|v| v.is_zero()) || is_zero_const(m, *o);
            (m.operand_ty(body, a) == ty && d.args.iter().skip(1).all(zero)).then_some(a)
        }
        Opcode::Load => super::instsimplify_loads::fold_load(m, body, f, d),
        Opcode::FAdd
        | Opcode::FSub
        | Opcode::FMul
        | Opcode::FDiv
        | Opcode::FRem
        | Opcode::FNeg
        | Opcode::FCmp => simplify_float(m, d),
        _ => None,
    }
}

fn simplify_int_binop(
    m: &mut Module,
    body: &Body,
    d: &InstData,
    iop: IOp,
    a: Operand,
    b: Operand,
    ty: TypeId,
) -> Option<Operand> {
    let w = int_width(m, ty)?; // scalar integers only
    if is_poison(m, a) || is_poison(m, b) {
        return Some(poison_of(m, ty));
    }
    if let (Some(x), Some(y)) = (as_int(m, a), as_int(m, b)) {
        let r = if w <= 64 {
            int::ibin(iop, d.flags.0, w, x.low_u64(), y.low_u64()).map(|v| vec![v])
        } else {
            int::wbin(iop, d.flags.0, w, x.words(), y.words())
        };
        return match r {
            Ok(words) => Some(int_const_words(m, ty, w, &words)),
            Err(Bad::Poison(_)) => Some(poison_of(m, ty)),
            Err(Bad::Ub(..)) => None,
        };
    }
    let (ua, ub) = (is_undef(m, a), is_undef(m, b));
    if ub && (iop.is_div() || matches!(iop, IOp::Shl | IOp::LShr | IOp::AShr)) {
        return Some(poison_of(m, ty));
    }
    if ua || ub {
        return match iop {
            IOp::Add | IOp::Sub | IOp::Xor => Some(undef_of(m, ty)),
            IOp::And | IOp::Mul => Some(int_const(m, ty, 0)),
            IOp::Or => Some(int_const(m, ty, u64::MAX)),
            _ => None,
        };
    }
    let (za, zb) =
        (as_int(m, a).is_some_and(|v| v.is_zero()), as_int(m, b).is_some_and(|v| v.is_zero()));
    let (oa, ob) = (
        as_int(m, a).is_some_and(|v| v.to_u64() == Some(1)),
        as_int(m, b).is_some_and(|v| v.to_u64() == Some(1)),
    );
    let (na, nb) = (
        as_int(m, a).is_some_and(|v| v.is_all_ones()),
        as_int(m, b).is_some_and(|v| v.is_all_ones()),
    );
    let big_shift = as_int(m, b).is_some_and(|s| s.to_u64().is_none_or(|s| s >= w as u64));
    let same = a == b;
    let res = match iop {
        IOp::Add if zb => Some(a),
        IOp::Add if za => Some(b),
        IOp::Sub if zb => Some(a),
        IOp::Sub | IOp::Xor if same => Some(int_const(m, ty, 0)),
        IOp::Mul if ob => Some(a),
        IOp::Mul if oa => Some(b),
        IOp::Mul if za || zb => Some(int_const(m, ty, 0)),
        IOp::And if nb || same => Some(a),
        IOp::And if na => Some(b),
        IOp::And if za || zb => Some(int_const(m, ty, 0)),
        IOp::Or if zb || same => Some(a),
        IOp::Or if za => Some(b),
        IOp::Or if na || nb => Some(int_const(m, ty, u64::MAX)),
        IOp::Xor if zb => Some(a),
        IOp::Xor if za => Some(b),
        IOp::Shl | IOp::LShr | IOp::AShr if zb => Some(a),
        IOp::Shl | IOp::LShr | IOp::AShr if big_shift => Some(poison_of(m, ty)),
        IOp::Shl | IOp::LShr | IOp::AShr if za => Some(int_const(m, ty, 0)),
        IOp::UDiv | IOp::SDiv if ob => Some(a),
        IOp::URem | IOp::SRem if ob => Some(int_const(m, ty, 0)),
        IOp::UDiv | IOp::SDiv | IOp::URem | IOp::SRem if za => Some(int_const(m, ty, 0)),
        _ => None,
    };
    if res.is_some() {
        return res;
    }
    if w > 64 {
        return None;
    }
    // Known bits.
    let (ka, kbb) = (kb(m, body, a)?, kb(m, body, b)?);
    match iop {
        IOp::And => {
            if let Some(c) = kbb.as_constant() {
                if ka.zero | c == knownmask(w) {
                    return Some(a);
                }
            }
            if let Some(c) = ka.as_constant() {
                if kbb.zero | c == knownmask(w) {
                    return Some(b);
                }
            }
        }
        IOp::Or => {
            if let Some(c) = kbb.as_constant() {
                if ka.one & c == c {
                    return Some(a);
                }
            }
            if let Some(c) = ka.as_constant() {
                if kbb.one & c == c {
                    return Some(b);
                }
            }
        }
        _ => {}
    }
    // A result whose bits are all known (only for operations that cannot create poison from
    // these operands in a way the known bits do not model: the flags were checked above only
    // for constants, so an operation with poison-generating flags may be poison; the constant
    // refines it either way).
    let Operand::Value(_) = a else { return None };
    let r = kb(m, body, Operand::Value(d.result?))?;
    let c = r.as_constant()?;
    Some(int_const(m, ty, c))
}

fn knownmask(w: u32) -> u64 {
    known_bits::mask(w)
}

/// Decides `icmp p x, C` from the known bits of `x`.
pub(crate) fn icmp_by_range(k: &KnownBits, p: IntPredicate, c: u64) -> Option<bool> {
    use IntPredicate as P;
    let w = k.width;
    let (umin, umax) = (k.umin(), k.umax());
    let (smin, smax) = (k.smin(), k.smax());
    let sc = known_bits::sext(c, w);
    let decide = |always: bool, never: bool| {
        if always {
            Some(true)
        } else if never {
            Some(false)
        } else {
            None
        }
    };
    match p {
        P::Eq | P::Ne => {
            let differ = (k.one & !c) != 0 || (k.zero & c) != 0;
            let exact = k.as_constant() == Some(c);
            let eq = decide(exact, differ)?;
            Some(if p == P::Eq { eq } else { !eq })
        }
        P::Ult => decide(umax < c, umin >= c),
        P::Ule => decide(umax <= c, umin > c),
        P::Ugt => decide(umin > c, umax <= c),
        P::Uge => decide(umin >= c, umax < c),
        P::Slt => decide(smax < sc, smin >= sc),
        P::Sle => decide(smax <= sc, smin > sc),
        P::Sgt => decide(smin > sc, smax <= sc),
        P::Sge => decide(smin >= sc, smax < sc),
    }
}

/// The predicate with its operands swapped (`a < b` is `b > a`).
pub(crate) fn swapped(p: IntPredicate) -> IntPredicate {
    use IntPredicate as P;
    match p {
        P::Eq => P::Eq,
        P::Ne => P::Ne,
        P::Ugt => P::Ult,
        P::Ult => P::Ugt,
        P::Uge => P::Ule,
        P::Ule => P::Uge,
        P::Sgt => P::Slt,
        P::Slt => P::Sgt,
        P::Sge => P::Sle,
        P::Sle => P::Sge,
    }
}

/// The predicate negated (`!(a < b)` is `a >= b`).
pub(crate) fn inverse(p: IntPredicate) -> IntPredicate {
    use IntPredicate as P;
    match p {
        P::Eq => P::Ne,
        P::Ne => P::Eq,
        P::Ugt => P::Ule,
        P::Ule => P::Ugt,
        P::Uge => P::Ult,
        P::Ult => P::Uge,
        P::Sgt => P::Sle,
        P::Sle => P::Sgt,
        P::Sge => P::Slt,
        P::Slt => P::Sge,
    }
}

fn bool_const(m: &mut Module, ty: TypeId, v: bool) -> Operand {
    int_const(m, ty, v as u64)
}

fn simplify_icmp(
    m: &mut Module,
    body: &Body,
    p: IntPredicate,
    flags: InstFlags,
    a: Operand,
    b: Operand,
    ty: TypeId,
) -> Option<Operand> {
    if m.types.is_vector(ty) {
        return None;
    }
    if is_poison(m, a) || is_poison(m, b) {
        return Some(poison_of(m, ty));
    }
    if is_undef(m, a) || is_undef(m, b) {
        return None;
    }
    if let (Some(x), Some(y)) = (as_int(m, a), as_int(m, b)) {
        let w = x.width();
        let r = if w <= 64 {
            if flags.has(InstFlags::SAMESIGN) && int::samesign_bad(w, x.low_u64(), y.low_u64()) {
                return Some(poison_of(m, ty));
            }
            int::icmp(p, w, x.low_u64(), y.low_u64())
        } else {
            let u = crate::semantics::wide::cmp_u(x.words(), y.words());
            let s = crate::semantics::wide::cmp_s(x.words(), y.words(), w);
            if flags.has(InstFlags::SAMESIGN) && x.is_negative() != y.is_negative() {
                return Some(poison_of(m, ty));
            }
            int::ipred(p, u, s)
        };
        return Some(bool_const(m, ty, r));
    }
    // `icmp ne i1 x, false` and `icmp eq i1 x, true` are `x`.
    if let Some(c) = as_int(m, b) {
        if c.width() == 1
            && ((p == IntPredicate::Ne && c.is_zero()) || (p == IntPredicate::Eq && !c.is_zero()))
        {
            return Some(a);
        }
    }
    if a == b {
        use IntPredicate as P;
        let r = matches!(p, P::Eq | P::Uge | P::Ule | P::Sge | P::Sle);
        return Some(bool_const(m, ty, r));
    }
    // x against a constant, in either order.
    let (x, c, p) = match (as_int(m, a), as_int(m, b)) {
        (None, Some(c)) => (a, c.clone(), p),
        (Some(c), None) => (b, c.clone(), swapped(p)),
        _ => {
            // Two unknowns: compare the ranges of their known bits.
            return None;
        }
    };
    if c.width() > 64 {
        return None;
    }
    let k = kb(m, body, x)?;
    let r = icmp_by_range(&k, p, c.low_u64())?;
    Some(bool_const(m, ty, r))
}

fn simplify_select(
    m: &mut Module,
    body: &Body,
    f: &Facts,
    c: Operand,
    x: Operand,
    y: Operand,
    ty: TypeId,
) -> Option<Operand> {
    let cty = m.operand_ty(body, c);
    if m.types.is_vector(cty) {
        return (x == y).then_some(x);
    }
    if let Some(v) = as_int(m, c) {
        return Some(if v.is_zero() { y } else { x });
    }
    if is_poison(m, c) {
        return Some(poison_of(m, ty));
    }
    if is_undef(m, c) {
        // undef may be either: pick a constant arm when there is one.
        return Some(if as_const(m, y).is_some() { y } else { x });
    }
    if x == y {
        return Some(x);
    }
    if is_poison(m, y) {
        return Some(x);
    }
    if is_poison(m, x) {
        return Some(y);
    }
    if is_undef(m, y) && as_const(m, x).is_some() && not_undef_or_poison(m, body, &f.noundef, x, 0)
    {
        return Some(x);
    }
    if is_undef(m, x) && as_const(m, y).is_some() && not_undef_or_poison(m, body, &f.noundef, y, 0)
    {
        return Some(y);
    }
    if int_width(m, ty) == Some(1) {
        let (tx, ty_) = (as_int(m, x).map(|v| v.is_zero()), as_int(m, y).map(|v| v.is_zero()));
        if tx == Some(false) && ty_ == Some(true) {
            return Some(c);
        }
    }
    None
}

fn simplify_cast(
    m: &mut Module,
    body: &Body,
    d: &InstData,
    a: Operand,
    ty: TypeId,
) -> Option<Operand> {
    let src_ty = m.operand_ty(body, a);
    if d.op == Opcode::BitCast {
        return (src_ty == ty).then_some(a);
    }
    let (sw, dw) = (int_width(m, src_ty)?, int_width(m, ty)?);
    if is_poison(m, a) {
        return Some(poison_of(m, ty));
    }
    if is_undef(m, a) {
        return match d.op {
            Opcode::Trunc => Some(undef_of(m, ty)),
            _ => Some(int_const(m, ty, 0)),
        };
    }
    if let Some(x) = as_int(m, a) {
        let r = match d.op {
            Opcode::Trunc => {
                if sw <= 64 {
                    match int::trunc(d.flags.0, sw, dw, x.low_u64()) {
                        Ok(v) => ApInt::from_u64(dw, v),
                        Err(_) => return Some(poison_of(m, ty)),
                    }
                } else {
                    let t = x.truncate(dw);
                    let bad_u = d.flags.has(InstFlags::NUW) && t.zext(sw) != *x;
                    let bad_s = d.flags.has(InstFlags::NSW) && t.sext(sw) != *x;
                    if bad_u || bad_s {
                        return Some(poison_of(m, ty));
                    }
                    t
                }
            }
            Opcode::ZExt => {
                if d.flags.has(InstFlags::NNEG) && x.is_negative() {
                    return Some(poison_of(m, ty));
                }
                x.zext(dw)
            }
            _ => x.sext(dw),
        };
        return Some(Operand::Const(m.consts.int(ty, r)));
    }
    if d.op == Opcode::Trunc {
        let (_, inner) = def_of(body, a)?;
        if matches!(inner.op, Opcode::ZExt | Opcode::SExt) {
            let x = *inner.args.first()?;
            if m.operand_ty(body, x) == ty {
                return Some(x);
            }
        }
    }
    None
}

fn simplify_phi(m: &mut Module, body: &Body, i: Inst, d: &InstData, f: &Facts) -> Option<Operand> {
    let me = d.result?;
    let mut common: Option<Operand> = None;
    let (mut saw_undef, mut saw_poison) = (false, false);
    for &a in d.args.iter() {
        if a == Operand::Value(me) {
            continue;
        }
        if is_poison(m, a) {
            saw_poison = true;
            continue;
        }
        if is_undef(m, a) {
            saw_undef = true;
            continue;
        }
        match common {
            None => common = Some(a),
            Some(c) if c == a => {}
            Some(_) => return None,
        }
    }
    let Some(v) = common else {
        return match (saw_undef, saw_poison) {
            (true, _) => Some(undef_of(m, d.ty)),
            (false, true) => Some(poison_of(m, d.ty)),
            _ => None,
        };
    };
    if saw_undef && !not_undef_or_poison(m, body, &f.noundef, v, 0) {
        return None;
    }
    let Operand::Value(val) = v else { return Some(v) };
    match body.values.get(val)?.def {
        ValueDef::Param(_) => Some(v),
        ValueDef::Inst(def) => {
            let db = f.block_of.get(def).copied().flatten()?;
            let pb = f.block_of.get(i).copied().flatten()?;
            f.dt.strictly_dominates(db, pb).then_some(v)
        }
    }
}

fn simplify_float(m: &mut Module, d: &InstData) -> Option<Operand> {
    if d.fmf.0 != 0 {
        return None;
    }
    let a = *d.args.first()?;
    let aty = m.consts.ty(as_const(m, a)?);
    if is_poison(m, a) || d.args.get(1).is_some_and(|&b| is_poison(m, b)) {
        return Some(poison_of(m, d.ty));
    }
    let k = m.types.float_kind(aty)?;
    if !matches!(k, FloatKind::Float | FloatKind::Double) {
        return None;
    }
    let fbits = |o: Operand| match m.consts.kind(as_const(m, o)?) {
        ConstKind::Float(bits) => Some(*bits),
        ConstKind::Zero => Some(0),
        _ => None,
    };
    let x = fbits(a)?;
    let r = match d.op {
        Opcode::FNeg => fp::neg(k, x),
        Opcode::FCmp => {
            let Extra::FCmp(p) = d.extra else { return None };
            let y = fbits(*d.args.get(1)?)?;
            let r = fp::cmp(k, p, x, y);
            return Some(int_const(m, d.ty, r as u64));
        }
        op => {
            let y = fbits(*d.args.get(1)?)?;
            let fo = match op {
                Opcode::FAdd => fp::FOp::Add,
                Opcode::FSub => fp::FOp::Sub,
                Opcode::FMul => fp::FOp::Mul,
                Opcode::FDiv => fp::FOp::Div,
                _ => fp::FOp::Rem,
            };
            fp::binop(k, fo, x, y)
        }
    };
    if fp::is_nan(k, r) {
        return None;
    }
    Some(Operand::Const(m.consts.intern(d.ty, ConstKind::Float(r))))
}

#[cfg(test)]
#[path = "instsimplify_tests.rs"]
pub(crate) mod tests;
