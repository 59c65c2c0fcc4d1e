//! Integers of 65 to 128 bits (`i128`, and odd widths like the `i72` of packed bit-fields):
//! a value lives in two `I64` registers, `[low, high]` (kept in
//! [`super::func::FnCx::vecs`] like an aggregate's leaves, so phis, calls and returns move
//! both halves). The high register holds the bits above 64 zero-extended, as narrower
//! integers keep theirs ([`super::form`]): results are masked, signed operations
//! sign-extend the high half first.
//!
//! Inline: `add`/`sub` (carry by an unsigned compare), `and`/`or`/`xor`, `mul` (the low
//! 128 bits, the high half of `lo*lo` from 32-bit limbs), `shl`/`lshr`/`ashr` (two cases
//! chosen by selects; a shift by 128 or more is poison, so either is fine), `icmp`,
//! `select`, `freeze`, `trunc`/`zext`/`sext`, `load`/`store` (two little-endian halves),
//! `switch` (a compare chain, in `edges.rs`).
//! Division and remainder call the host's runtime functions `__udivti3`, `__divti3`,
//! `__umodti3` and `__modti3` (compiler-rt's names), which take the two halves of each
//! operand and return the two halves of the result. Widths above 128 and other operations
//! on these integers are refused.

use super::form::{Bin, Cmp, Const, Inst, Sig, Ty, Un, VReg};
use super::func::FnCx;
use super::inst::{copy, dst_of};
use super::lanes::{bin as fbin, un};
use super::legal::{mask, sext_full};
use super::{LResult, LowerError};
use crate::ir::{ConstKind, Extra, InstData, IntPredicate, Opcode, Operand, Type, TypeId};

/// `(lo, hi)` with the high half sign-extended from a `bits`-bit value.
pub fn sext_pair(fx: &mut FnCx, (lo, hi): W, bits: u32) -> W {
    (lo, sext_full(fx, hi, bits - 64))
}

/// A wide value: its low and high `I64` halves.
pub type W = (VReg, VReg);

/// True for the integers of 65 to 128 bits.
pub fn is_wide(fx: &FnCx, t: TypeId) -> bool {
    is_wide_ty(fx.cx.m, t)
}

/// True for the integers of 65 to 128 bits.
pub fn is_wide_ty(m: &crate::ir::Module, t: TypeId) -> bool {
    matches!(m.types.get(t), Type::Int(b) if (65..=128).contains(b))
}

/// The bits of the high half of wide type `t` (64 for `i128`).
pub(super) fn high_bits(fx: &FnCx, t: TypeId) -> u32 {
    match fx.cx.m.types.get(t) {
        Type::Int(b) => b.saturating_sub(64).clamp(1, 64),
        _ => 64,
    }
}

/// True when the instruction produces or reads an `i128`.
pub fn involves_wide(fx: &FnCx, data: &InstData) -> bool {
    let m = fx.cx.m;
    is_wide(fx, data.ty) || data.args.iter().any(|op| is_wide(fx, m.operand_ty(fx.body, *op)))
}

/// The two halves of an `i128` operand (constants are materialized).
pub fn halves(fx: &mut FnCx, op: Operand) -> LResult<(VReg, VReg)> {
    match op {
        Operand::Value(v) => match fx.vecs.get(&v).map(Vec::as_slice) {
            Some(&[lo, hi]) => Ok((lo, hi)),
            _ => Err(LowerError::unsupported(fx.span, "an i128 value without registers")),
        },
        Operand::Const(c) => {
            let bits = fx.cx.m.types.int_bits(fx.cx.m.consts.ty(c)).unwrap_or(128);
            let keep = if bits >= 128 { u128::MAX } else { (1u128 << bits) - 1 };
            let v: u128 = match fx.cx.m.consts.kind(c) {
                ConstKind::Int(a) => a.low_u128() & keep,
                ConstKind::Zero | ConstKind::Undef | ConstKind::Poison => 0,
                _ => return Err(LowerError::unsupported(fx.span, "this kind of i128 constant")),
            };
            let lo = fx.konst(Ty::I64, Const::I64(v as u64));
            let hi = fx.konst(Ty::I64, Const::I64((v >> 64) as u64));
            Ok((lo, hi))
        }
        _ => Err(LowerError::unsupported(fx.span, "an i128 operand")),
    }
}

/// `(lo, hi) == k` as 0/1 in an `I32`.
pub fn eq_const(fx: &mut FnCx, lo: VReg, hi: VReg, k: u128) -> VReg {
    let kl = fx.iconst(Ty::I64, k as u64);
    let kh = fx.iconst(Ty::I64, (k >> 64) as u64);
    let xl = bin(fx, Bin::Xor, lo, kl);
    let xh = bin(fx, Bin::Xor, hi, kh);
    let x = bin(fx, Bin::Or, xl, xh);
    let zero = fx.iconst(Ty::I64, 0);
    cmp(fx, Cmp::Eq, x, zero)
}

fn out(fx: &FnCx, data: &InstData) -> LResult<(VReg, VReg)> {
    match data.result.and_then(|v| fx.vecs.get(&v)).map(Vec::as_slice) {
        Some(&[lo, hi]) => Ok((lo, hi)),
        _ => Err(LowerError::unsupported(data.span, "an i128 result without registers")),
    }
}

pub(super) fn bin(fx: &mut FnCx, op: Bin, a: VReg, b: VReg) -> VReg {
    let dst = fx.new_reg(Ty::I64);
    fx.emit(Inst::Bin { op, ty: Ty::I64, dst, a, b });
    dst
}

pub(super) fn binc(fx: &mut FnCx, op: Bin, a: VReg, c: u64) -> VReg {
    let k = fx.iconst(Ty::I64, c);
    bin(fx, op, a, k)
}

pub(super) fn cmp(fx: &mut FnCx, cc: Cmp, a: VReg, b: VReg) -> VReg {
    let dst = fx.new_reg(Ty::I32);
    fx.emit(Inst::Cmp { cc, ty: Ty::I64, dst, a, b });
    dst
}

pub(super) fn select(fx: &mut FnCx, ty: Ty, cond: VReg, a: VReg, b: VReg) -> VReg {
    let dst = fx.new_reg(ty);
    fx.emit(Inst::Select { dst, cond, a, b });
    dst
}

pub(super) fn extend_u(fx: &mut FnCx, v: VReg) -> VReg {
    let dst = fx.new_reg(Ty::I64);
    fx.emit(Inst::Un { op: Un::ExtendU, to: Ty::I64, dst, a: v });
    dst
}

/// Writes the result's halves, the high one masked to the type's width.
fn set(fx: &mut FnCx, data: &InstData, lo: VReg, hi: VReg) -> LResult<()> {
    let hi = mask(fx, hi, high_bits(fx, data.ty));
    let (dl, dh) = out(fx, data)?;
    fx.emit(Inst::ParCopy { moves: smallvec::smallvec![(dl, lo), (dh, hi)] });
    Ok(())
}

fn arg(data: &InstData, k: usize) -> LResult<Operand> {
    data.args.get(k).copied().ok_or_else(|| LowerError::unsupported(data.span, "a missing operand"))
}

/// The high 64 bits of the unsigned product of two 64-bit values (32-bit limbs).
fn mulhi_u(fx: &mut FnCx, x: VReg, y: VReg) -> VReg {
    let m32 = 0xffff_ffffu64;
    let x0 = binc(fx, Bin::And, x, m32);
    let x1 = binc(fx, Bin::ShrU, x, 32);
    let y0 = binc(fx, Bin::And, y, m32);
    let y1 = binc(fx, Bin::ShrU, y, 32);
    let p00 = bin(fx, Bin::Mul, x0, y0);
    let p01 = bin(fx, Bin::Mul, x0, y1);
    let p10 = bin(fx, Bin::Mul, x1, y0);
    let p11 = bin(fx, Bin::Mul, x1, y1);
    let p00h = binc(fx, Bin::ShrU, p00, 32);
    let p01l = binc(fx, Bin::And, p01, m32);
    let p10l = binc(fx, Bin::And, p10, m32);
    let mid0 = bin(fx, Bin::Add, p00h, p01l);
    let mid = bin(fx, Bin::Add, mid0, p10l);
    let p01h = binc(fx, Bin::ShrU, p01, 32);
    let p10h = binc(fx, Bin::ShrU, p10, 32);
    let midh = binc(fx, Bin::ShrU, mid, 32);
    let h0 = bin(fx, Bin::Add, p11, p01h);
    let h1 = bin(fx, Bin::Add, h0, p10h);
    bin(fx, Bin::Add, h1, midh)
}

/// `a op b` on `(low, high)` pairs (`add`, `sub`, `mul`, `and`, `or`, `xor`, `shl`, `lshr`,
/// `ashr`; `ashr` wants the high half sign-extended to 64 bits), wrapped at 128 bits.
pub fn binop(fx: &mut FnCx, op: Opcode, (al, ah): W, (bl, bh): W) -> W {
    use Opcode as O;
    match op {
        O::Add => {
            let lo = bin(fx, Bin::Add, al, bl);
            let c = cmp(fx, Cmp::LtU, lo, al);
            let c = extend_u(fx, c);
            let h = bin(fx, Bin::Add, ah, bh);
            (lo, bin(fx, Bin::Add, h, c))
        }
        O::Sub => {
            let lo = bin(fx, Bin::Sub, al, bl);
            let c = cmp(fx, Cmp::LtU, al, bl);
            let c = extend_u(fx, c);
            let h = bin(fx, Bin::Sub, ah, bh);
            (lo, bin(fx, Bin::Sub, h, c))
        }
        O::Mul => {
            let lo = bin(fx, Bin::Mul, al, bl);
            let h = mulhi_u(fx, al, bl);
            let c1 = bin(fx, Bin::Mul, al, bh);
            let c2 = bin(fx, Bin::Mul, ah, bl);
            let h = bin(fx, Bin::Add, h, c1);
            (lo, bin(fx, Bin::Add, h, c2))
        }
        O::And | O::Or | O::Xor => {
            let op = match op {
                O::And => Bin::And,
                O::Or => Bin::Or,
                _ => Bin::Xor,
            };
            (bin(fx, op, al, bl), bin(fx, op, ah, bh))
        }
        _ => {
            // n = amount mod 64 for the in-word shifts; big = amount >= 64. The
            // bits crossing words use a shift by 1 then by 63-n (no shift by 64).
            let n = binc(fx, Bin::And, bl, 63);
            let k64 = fx.iconst(Ty::I64, 64);
            let big = cmp(fx, Cmp::GeU, bl, k64);
            let k63 = fx.iconst(Ty::I64, 63);
            let inv = bin(fx, Bin::Sub, k63, n);
            let zero = fx.iconst(Ty::I64, 0);
            match op {
                O::Shl => {
                    let lo_s = bin(fx, Bin::Shl, al, n);
                    let hi_s = bin(fx, Bin::Shl, ah, n);
                    let c1 = binc(fx, Bin::ShrU, al, 1);
                    let cross = bin(fx, Bin::ShrU, c1, inv);
                    let hi_small = bin(fx, Bin::Or, hi_s, cross);
                    let hi = select(fx, Ty::I64, big, lo_s, hi_small);
                    let lo = select(fx, Ty::I64, big, zero, lo_s);
                    (lo, hi)
                }
                _ => {
                    let arith = op == O::AShr;
                    let shr = if arith { Bin::ShrS } else { Bin::ShrU };
                    let lo_s = bin(fx, Bin::ShrU, al, n);
                    let hi_s = bin(fx, shr, ah, n);
                    let c1 = binc(fx, Bin::Shl, ah, 1);
                    let cross = bin(fx, Bin::Shl, c1, inv);
                    let lo_small = bin(fx, Bin::Or, lo_s, cross);
                    let lo = select(fx, Ty::I64, big, hi_s, lo_small);
                    let fill = if arith { binc(fx, Bin::ShrS, ah, 63) } else { zero };
                    let hi = select(fx, Ty::I64, big, fill, hi_s);
                    (lo, hi)
                }
            }
        }
    }
}

/// `a p b` as 0/1 in an `I32` (the high halves sign-extended for the signed predicates).
pub fn icmp(fx: &mut FnCx, p: IntPredicate, (al, ah): W, (bl, bh): W) -> VReg {
    use IntPredicate as P;
    match p {
        P::Eq | P::Ne => {
            let xl = bin(fx, Bin::Xor, al, bl);
            let xh = bin(fx, Bin::Xor, ah, bh);
            let x = bin(fx, Bin::Or, xl, xh);
            let zero = fx.iconst(Ty::I64, 0);
            cmp(fx, if p == P::Eq { Cmp::Eq } else { Cmp::Ne }, x, zero)
        }
        _ => {
            let (lo_cc, hi_cc) = match p {
                P::Ult => (Cmp::LtU, Cmp::LtU),
                P::Ule => (Cmp::LeU, Cmp::LtU),
                P::Ugt => (Cmp::GtU, Cmp::GtU),
                P::Uge => (Cmp::GeU, Cmp::GtU),
                P::Slt => (Cmp::LtU, Cmp::LtS),
                P::Sle => (Cmp::LeU, Cmp::LtS),
                P::Sgt => (Cmp::GtU, Cmp::GtS),
                _ => (Cmp::GeU, Cmp::GtS),
            };
            let heq = cmp(fx, Cmp::Eq, ah, bh);
            let lc = cmp(fx, lo_cc, al, bl);
            let hc = cmp(fx, hi_cc, ah, bh);
            select(fx, Ty::I32, heq, lc, hc)
        }
    }
}

/// Lowers an instruction that produces or reads an `i128`.
pub fn lower(fx: &mut FnCx, data: &InstData) -> LResult<()> {
    use Opcode as O;
    let span = data.span;
    let m = fx.cx.m;
    let ty_of =
        |k: usize| data.args.get(k).map(|op| m.operand_ty(fx.body, *op)).unwrap_or(TypeId::VOID);
    let wide_args = (0..data.args.len()).all(|k| is_wide(fx, ty_of(k)));
    match data.op {
        O::Add | O::Sub | O::Mul | O::And | O::Or | O::Xor | O::Shl | O::LShr | O::AShr
            if wide_args && is_wide(fx, data.ty) =>
        {
            let (al, ah) = halves(fx, arg(data, 0)?)?;
            let (bl, bh) = halves(fx, arg(data, 1)?)?;
            let ah =
                if data.op == O::AShr { sext_full(fx, ah, high_bits(fx, data.ty)) } else { ah };
            let (lo, hi) = binop(fx, data.op, (al, ah), (bl, bh));
            set(fx, data, lo, hi)
        }
        O::UDiv | O::SDiv | O::URem | O::SRem if wide_args && is_wide(fx, data.ty) => {
            let (al, ah) = halves(fx, arg(data, 0)?)?;
            let (bl, bh) = halves(fx, arg(data, 1)?)?;
            let hb = high_bits(fx, data.ty);
            let signed = matches!(data.op, O::SDiv | O::SRem);
            let (ah, bh) =
                if signed { (sext_full(fx, ah, hb), sext_full(fx, bh, hb)) } else { (ah, bh) };
            let name = match data.op {
                O::UDiv => "__udivti3",
                O::SDiv => "__divti3",
                O::URem => "__umodti3",
                _ => "__modti3",
            };
            let sig = Sig {
                params: vec![Ty::I64; 4],
                ret: vec![Ty::I64; 2],
                variadic: false,
                packs: Vec::new(),
            };
            let f = fx.cx.import(name, sig.clone(), span)?;
            let (dl, dh) = out(fx, data)?;
            let call = super::form::Call {
                dst: vec![dl, dh],
                callee: super::form::Callee::Direct(f),
                sig,
                args: vec![al, ah, bl, bh],
                varargs: Vec::new(),
            };
            fx.emit(Inst::Call(Box::new(call)));
            if signed && hb < 64 {
                let m = mask(fx, dh, hb);
                copy(fx, dh, m);
            }
            Ok(())
        }
        O::ICmp if wide_args => {
            let Extra::ICmp(p) = data.extra else {
                return Err(LowerError::unsupported(span, "icmp without predicate"));
            };
            let (al, ah) = halves(fx, arg(data, 0)?)?;
            let (bl, bh) = halves(fx, arg(data, 1)?)?;
            let dst = dst_of(fx, data)?;
            use IntPredicate as P;
            let hb = high_bits(fx, ty_of(0));
            let (ah, bh) = if matches!(p, P::Slt | P::Sle | P::Sgt | P::Sge) {
                (sext_full(fx, ah, hb), sext_full(fx, bh, hb))
            } else {
                (ah, bh)
            };
            let r = icmp(fx, p, (al, ah), (bl, bh));
            copy(fx, dst, r);
            Ok(())
        }
        O::Select if is_wide(fx, data.ty) => {
            let c = fx.operand(arg(data, 0)?)?;
            let (al, ah) = halves(fx, arg(data, 1)?)?;
            let (bl, bh) = halves(fx, arg(data, 2)?)?;
            let lo = select(fx, Ty::I64, c, al, bl);
            let hi = select(fx, Ty::I64, c, ah, bh);
            set(fx, data, lo, hi)
        }
        O::Freeze if is_wide(fx, data.ty) => {
            let (al, ah) = halves(fx, arg(data, 0)?)?;
            set(fx, data, al, ah)
        }
        O::Trunc if is_wide(fx, ty_of(0)) && is_wide(fx, data.ty) => {
            let (al, ah) = halves(fx, arg(data, 0)?)?;
            set(fx, data, al, ah)
        }
        O::ZExt | O::SExt if is_wide(fx, ty_of(0)) && is_wide(fx, data.ty) => {
            let (al, ah) = halves(fx, arg(data, 0)?)?;
            let ah =
                if data.op == O::SExt { sext_full(fx, ah, high_bits(fx, ty_of(0))) } else { ah };
            set(fx, data, al, ah)
        }
        O::Trunc if is_wide(fx, ty_of(0)) => {
            let Type::Int(to) = *m.types.get(data.ty) else {
                return Err(LowerError::unsupported(span, "trunc of i128 to a vector"));
            };
            let (al, _) = halves(fx, arg(data, 0)?)?;
            let dst = dst_of(fx, data)?;
            let r = if to <= 32 {
                let w = fx.new_reg(Ty::I32);
                fx.emit(Inst::Un { op: Un::Wrap, to: Ty::I32, dst: w, a: al });
                mask(fx, w, to)
            } else {
                mask(fx, al, to)
            };
            copy(fx, dst, r);
            Ok(())
        }
        O::ZExt | O::SExt
            if is_wide(fx, data.ty)
                && matches!(m.types.get(ty_of(0)), Type::Int(b) if *b <= 64) =>
        {
            let Type::Int(from) = *m.types.get(ty_of(0)) else {
                return Err(LowerError::unsupported(span, "an extension to i128"));
            };
            let a = fx.operand(arg(data, 0)?)?;
            let signed = data.op == O::SExt;
            let a = if signed { sext_full(fx, a, from) } else { a };
            let lo = if fx.reg_ty(a) == Ty::I32 {
                let d = fx.new_reg(Ty::I64);
                fx.emit(Inst::Un {
                    op: if signed { Un::ExtendS } else { Un::ExtendU },
                    to: Ty::I64,
                    dst: d,
                    a,
                });
                d
            } else {
                a
            };
            let hi = if signed { binc(fx, Bin::ShrS, lo, 63) } else { fx.iconst(Ty::I64, 0) };
            set(fx, data, lo, hi)
        }
        O::FPToSI | O::FPToUI if is_wide(fx, data.ty) => {
            let x = fx.operand(arg(data, 0)?)?;
            let x = to_f64(fx, ty_of(0), x);
            let (lo, hi) = float_to_wide(fx, x, data.op == O::FPToSI);
            set(fx, data, lo, hi)
        }
        O::SIToFP | O::UIToFP if is_wide(fx, ty_of(0)) => {
            let (lo, hi) = halves(fx, arg(data, 0)?)?;
            let signed = data.op == O::SIToFP;
            let dst = dst_of(fx, data)?;
            let s = super::half::small(m, data.ty);
            let fty = if s.is_some() { Ty::F64 } else { fx.reg_ty(dst) };
            let hi = if signed { sext_full(fx, hi, high_bits(fx, ty_of(0))) } else { hi };
            let r = wide_to_float(fx, lo, hi, signed, fty);
            let r = match s {
                Some(s) => super::half::narrow(fx, s, r),
                None => r,
            };
            copy(fx, dst, r);
            Ok(())
        }
        O::Load if is_wide(fx, data.ty) => {
            let addr = fx.operand(arg(data, 0)?)?;
            let (dl, dh) = out(fx, data)?;
            let hs = (fx.cx.lay.get(data.ty).size.saturating_sub(8)).clamp(1, 8) as u8;
            fx.emit(Inst::Load { dst: dl, ty: Ty::I64, size: 8, signed: false, addr, offset: 0 });
            let hb = high_bits(fx, data.ty);
            if hb.is_multiple_of(8) {
                fx.emit(Inst::Load {
                    dst: dh,
                    ty: Ty::I64,
                    size: hs,
                    signed: false,
                    addr,
                    offset: 8,
                });
            } else {
                let t = fx.new_reg(Ty::I64);
                fx.emit(Inst::Load {
                    dst: t,
                    ty: Ty::I64,
                    size: hs,
                    signed: false,
                    addr,
                    offset: 8,
                });
                let r = mask(fx, t, hb);
                copy(fx, dh, r);
            }
            Ok(())
        }
        O::Store if is_wide(fx, ty_of(0)) => {
            let (al, ah) = halves(fx, arg(data, 0)?)?;
            let addr = fx.operand(arg(data, 1)?)?;
            let hs = (fx.cx.lay.get(ty_of(0)).size.saturating_sub(8)).clamp(1, 8) as u8;
            fx.emit(Inst::Store { ty: Ty::I64, size: 8, addr, offset: 0, src: al });
            fx.emit(Inst::Store { ty: Ty::I64, size: hs, addr, offset: 8, src: ah });
            Ok(())
        }
        _ => Err(LowerError::unsupported(
            span,
            format!("`{}` on {}", data.op.name(), super::abi::type_text(m, data.ty)),
        )),
    }
}

/// A float of IR type `t` (in `x`) as an `F64`, exactly.
pub(super) fn to_f64(fx: &mut FnCx, t: TypeId, x: VReg) -> VReg {
    let x = match super::half::small(fx.cx.m, t) {
        Some(s) => super::half::widen(fx, s, x),
        None => x,
    };
    if fx.reg_ty(x) == Ty::F64 {
        return x;
    }
    let d = fx.new_reg(Ty::F64);
    fx.emit(Inst::Un { op: Un::Promote, to: Ty::F64, dst: d, a: x });
    d
}

/// The two's complement negation of `(lo, hi)`.
pub(super) fn negate(fx: &mut FnCx, lo: VReg, hi: VReg) -> (VReg, VReg) {
    let zero = fx.iconst(Ty::I64, 0);
    let nlo = bin(fx, Bin::Sub, zero, lo);
    let borrow = cmp(fx, Cmp::Ne, lo, zero);
    let borrow = extend_u(fx, borrow);
    let nhi = bin(fx, Bin::Sub, zero, hi);
    (nlo, bin(fx, Bin::Sub, nhi, borrow))
}

/// `fptosi`/`fptoui` of `x` (an `F64`) to 128 bits: the magnitude's high and low words are
/// exact in double (`x / 2^64` truncated, and what remains), then the sign. Out of range
/// is poison, so any result will do there.
pub(super) fn float_to_wide(fx: &mut FnCx, x: VReg, signed: bool) -> (VReg, VReg) {
    let f = Ty::F64;
    let ax = if signed { un(fx, Un::FAbs, f, x) } else { x };
    let inv = fx.konst(f, Const::F64(2f64.powi(-64).to_bits()));
    let two64 = fx.konst(f, Const::F64(2f64.powi(64).to_bits()));
    let q = fbin(fx, Bin::FMul, f, ax, inv);
    let qh = un(fx, Un::FTrunc, f, q);
    let hi = un(fx, Un::FToU, Ty::I64, qh);
    let back = fbin(fx, Bin::FMul, f, qh, two64);
    let rest = fbin(fx, Bin::FSub, f, ax, back);
    let lo = un(fx, Un::FToU, Ty::I64, rest);
    if !signed {
        return (lo, hi);
    }
    let zero = fx.konst(f, Const::F64(0));
    let neg = fx.new_reg(Ty::I32);
    fx.emit(Inst::FCmp { cc: super::form::FCmp::Olt, ty: f, dst: neg, a: x, b: zero });
    let (nlo, nhi) = negate(fx, lo, hi);
    (select(fx, Ty::I64, neg, nlo, lo), select(fx, Ty::I64, neg, nhi, hi))
}

/// `sitofp`/`uitofp` of `(lo, hi)` (sign-extended when `signed`) to `fty` (`F32` or `F64`),
/// rounded once: the top 64 bits of the magnitude with a sticky bit for the rest are
/// converted by the target (which rounds to nearest even), then scaled by a power of two.
pub(super) fn wide_to_float(fx: &mut FnCx, lo: VReg, hi: VReg, signed: bool, fty: Ty) -> VReg {
    let zero = fx.iconst(Ty::I64, 0);
    let (neg, lo, hi) = if signed {
        let neg = cmp(fx, Cmp::LtS, hi, zero);
        let (nlo, nhi) = negate(fx, lo, hi);
        (Some(neg), select(fx, Ty::I64, neg, nlo, lo), select(fx, Ty::I64, neg, nhi, hi))
    } else {
        (None, lo, hi)
    };
    let n = un(fx, Un::Clz, Ty::I64, hi);
    let top = bin(fx, Bin::Shl, hi, n);
    let k64 = fx.iconst(Ty::I64, 64);
    let rn = bin(fx, Bin::Sub, k64, n);
    let from_lo = bin(fx, Bin::ShrU, lo, rn);
    let n0 = cmp(fx, Cmp::Eq, n, zero);
    let from_lo = select(fx, Ty::I64, n0, zero, from_lo);
    let t = bin(fx, Bin::Or, top, from_lo);
    let dropped = bin(fx, Bin::Shl, lo, n);
    let sticky = cmp(fx, Cmp::Ne, dropped, zero);
    let sticky = extend_u(fx, sticky);
    let t = bin(fx, Bin::Or, t, sticky);
    let big = un(fx, Un::UToF, fty, t);
    // 2^(64 - n) from its bits.
    let (it, bias, mb) =
        if fty == Ty::F32 { (Ty::I32, 127u64, 23u64) } else { (Ty::I64, 1023, 52) };
    let e = if it == Ty::I32 { un(fx, Un::Wrap, Ty::I32, rn) } else { rn };
    let be = {
        let b = fx.iconst(it, bias);
        let d = fx.new_reg(it);
        fx.emit(Inst::Bin { op: Bin::Add, ty: it, dst: d, a: e, b });
        let k = fx.iconst(it, mb);
        let d2 = fx.new_reg(it);
        fx.emit(Inst::Bin { op: Bin::Shl, ty: it, dst: d2, a: d, b: k });
        d2
    };
    let scale = un(fx, Un::Bitcast, fty, be);
    let big = fbin(fx, Bin::FMul, fty, big, scale);
    let small = un(fx, Un::UToF, fty, lo);
    let hz = cmp(fx, Cmp::Eq, hi, zero);
    let r = select(fx, fty, hz, small, big);
    match neg {
        Some(neg) => {
            let nr = un(fx, Un::FNeg, fty, r);
            select(fx, fty, neg, nr, r)
        }
        None => r,
    }
}
