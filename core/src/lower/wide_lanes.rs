//! The integer intrinsics on integers of 65 to 128 bits (`llvm.ctlz.i128`,
//! `llvm.uadd.with.overflow.i128`, `llvm.fptosi.sat.i128.f64`, ... which Rust code uses for
//! `u128`), on `(low, high)` pairs ([`super::wide`]): counts and byte swaps from the two
//! halves, overflow from the sign bits or, for the products, by dividing the limit by one
//! operand (compiler-rt's `__udivti3`), funnel shifts from 128-bit shifts.

use super::form::{Bin, Call, Callee, Cmp, Const, FCmp, Inst, Sig, Ty, Un, VReg};
use super::func::FnCx;
use super::inst::copy;
use super::lanes::{self, Lane, LaneTys};
use super::legal::{mask, sext_full};
use super::wide::{binop, cmp, halves, icmp, negate, select, W};
use super::{LResult, LowerError};
use crate::ir::{InstData, IntPredicate as P, Opcode, Operand, Type, TypeId};

/// True when a call of an intrinsic has an operand or result (or lanes of one) (or the value of a
/// `{ value, overflow }` result) of 65 to 128 bits.
pub fn involves_wide(fx: &FnCx, data: &InstData, args: &[Operand]) -> bool {
    let m = fx.cx.m;
    super::lanes::CallShape::of(fx, data, args)
        .all()
        .any(|t| super::wide::is_wide_ty(m, m.types.scalar(t)))
}

/// The `(low, high)` pair of a wide constant `k` (masked to `bits`).
fn konst(fx: &mut FnCx, k: u128) -> W {
    (fx.konst(Ty::I64, Const::I64(k as u64)), fx.konst(Ty::I64, Const::I64((k >> 64) as u64)))
}

fn un(fx: &mut FnCx, op: Un, a: VReg) -> VReg {
    super::lanes::un(fx, op, Ty::I64, a)
}

pub(super) fn sel(fx: &mut FnCx, c: VReg, a: W, b: W) -> W {
    (select(fx, Ty::I64, c, a.0, b.0), select(fx, Ty::I64, c, a.1, b.1))
}

/// The high half masked to the type's `bits`.
pub(super) fn masked(fx: &mut FnCx, (lo, hi): W, bits: u32) -> W {
    (lo, mask(fx, hi, bits - 64))
}

/// The high half sign-extended from the type's `bits`.
pub(super) fn sext(fx: &mut FnCx, (lo, hi): W, bits: u32) -> W {
    (lo, sext_full(fx, hi, bits - 64))
}

/// The sign of a value of `bits` bits (its bit `bits - 1`), 0/1 in an `I32`.
fn sign(fx: &mut FnCx, hi: VReg, bits: u32) -> VReg {
    let s = super::wide::binc(fx, Bin::ShrU, hi, u64::from(bits - 65));
    let s = super::wide::binc(fx, Bin::And, s, 1);
    let zero = fx.iconst(Ty::I64, 0);
    cmp(fx, Cmp::Ne, s, zero)
}

fn is_zero(fx: &mut FnCx, (lo, hi): W) -> VReg {
    let o = super::wide::bin(fx, Bin::Or, lo, hi);
    let zero = fx.iconst(Ty::I64, 0);
    cmp(fx, Cmp::Eq, o, zero)
}

/// Compiler-rt's 128-bit unsigned division or remainder.
pub(super) fn divmod(fx: &mut FnCx, name: &str, (al, ah): W, (bl, bh): W) -> LResult<W> {
    let sig =
        Sig { params: vec![Ty::I64; 4], ret: vec![Ty::I64; 2], variadic: false, packs: Vec::new() };
    let span = fx.span;
    let f = fx.cx.import(name, sig.clone(), span)?;
    let (dl, dh) = (fx.new_reg(Ty::I64), fx.new_reg(Ty::I64));
    fx.emit(Inst::Call(Box::new(Call {
        dst: vec![dl, dh],
        callee: Callee::Direct(f),
        sig,
        args: vec![al, ah, bl, bh],
        varargs: Vec::new(),
    })));
    Ok((dl, dh))
}

/// `b != 0 && a > limit / b` (unsigned): the product of `a` and `b` exceeds `limit`.
fn mul_exceeds(fx: &mut FnCx, a: W, b: W, limit: W) -> LResult<VReg> {
    let bz = is_zero(fx, b);
    let one = konst(fx, 1);
    let d = sel(fx, bz, one, b);
    let q = divmod(fx, "__udivti3", limit, d)?;
    let big = icmp(fx, P::Ugt, a, q);
    let k = fx.iconst(Ty::I32, 1);
    let nz = fx.new_reg(Ty::I32);
    fx.emit(Inst::Bin { op: Bin::Xor, ty: Ty::I32, dst: nz, a: bz, b: k });
    let r = fx.new_reg(Ty::I32);
    fx.emit(Inst::Bin { op: Bin::And, ty: Ty::I32, dst: r, a: nz, b: big });
    Ok(r)
}

/// A 64-bit lane operation (`bswap`, `bitreverse`) on one half.
fn half_op(fx: &mut FnCx, lane: Lane, x: VReg) -> LResult<VReg> {
    let t = LaneTys { args: vec![TypeId::I64], ret: TypeId::I64, imm: None };
    let r = lanes::lane(fx, lane, &t, &[x])?;
    r.first().copied().ok_or_else(|| LowerError::unsupported(fx.span, "a lane without a result"))
}

/// A lane operation of a scalar call on integers of 65 to 128 bits, the results written to
/// the call's registers.
pub fn lanewise(
    fx: &mut FnCx,
    data: &InstData,
    lane: Lane,
    args: &[Operand],
    refused: &dyn Fn() -> LowerError,
) -> LResult<()> {
    let m = fx.cx.m;
    let shape = super::lanes::CallShape::of(fx, data, args);
    if shape.all().any(|t| m.types.is_vector(t)) {
        return super::wide_vector::intrinsic(fx, data, lane, args, refused);
    }
    let wide_t = shape.all().find(|t| super::wide::is_wide_ty(m, *t)).ok_or_else(refused)?;
    let tys = shape.tys;
    let mut ops = Vec::with_capacity(args.len());
    for (op, t) in args.iter().zip(&tys) {
        if super::wide::is_wide_ty(m, *t) {
            let (lo, hi) = halves(fx, *op)?;
            ops.push(vec![lo, hi]);
        } else {
            ops.push(vec![fx.operand(*op)?]);
        }
    }
    let out = lane_w(fx, lane, wide_t, &tys, &ops, refused)?;
    let v = data.result.ok_or_else(refused)?;
    let dst = fx.vecs.get(&v).cloned().ok_or_else(refused)?;
    if dst.len() != out.len() {
        return Err(refused());
    }
    for (d, s) in dst.iter().zip(out) {
        copy(fx, *d, s);
    }
    Ok(())
}

/// One lane of `lane` on integers of type `wide_t` (65 to 128 bits): operand `k` is
/// `ops[k]` (two registers for a wide one, one otherwise; `tys[k]` its scalar type); the
/// result's registers (two, and the overflow bit for `*.with.overflow`).
pub fn lane_w(
    fx: &mut FnCx,
    lane: Lane,
    wide_t: TypeId,
    tys: &[TypeId],
    ops: &[Vec<VReg>],
    refused: &dyn Fn() -> LowerError,
) -> LResult<Vec<VReg>> {
    let m = fx.cx.m;
    let bits = match m.types.get(wide_t) {
        Type::Int(b) => *b,
        _ => return Err(refused()),
    };
    let max_u: u128 = if bits == 128 { u128::MAX } else { (1u128 << bits) - 1 };
    let smin: u128 = 1u128 << (bits - 1);
    let w = |fx: &mut FnCx, k: usize| -> LResult<W> {
        match ops.get(k).map(Vec::as_slice) {
            Some(&[lo, hi]) => Ok((lo, hi)),
            _ => Err(LowerError::unsupported(fx.span, "a missing operand")),
        }
    };
    let zero64 = fx.iconst(Ty::I64, 0);
    let out: Vec<VReg> = match lane {
        Lane::MinMax(cc) => {
            let (a, b) = (w(fx, 0)?, w(fx, 1)?);
            let p = match cc {
                Cmp::GtS => P::Sgt,
                Cmp::LtS => P::Slt,
                Cmp::GtU => P::Ugt,
                _ => P::Ult,
            };
            let signed = matches!(p, P::Sgt | P::Slt);
            let (x, y) = if signed { (sext(fx, a, bits), sext(fx, b, bits)) } else { (a, b) };
            let c = icmp(fx, p, x, y);
            let r = sel(fx, c, a, b);
            vec![r.0, r.1]
        }
        Lane::Abs => {
            let a = w(fx, 0)?;
            let s = sign(fx, a.1, bits);
            let sa = sext(fx, a, bits);
            let n = negate(fx, sa.0, sa.1);
            let r = sel(fx, s, n, a);
            let r = masked(fx, r, bits);
            vec![r.0, r.1]
        }
        Lane::Count(op) => {
            let (lo, hi) = w(fx, 0)?;
            let r = match op {
                Un::Popcnt => {
                    let (pl, ph) = (un(fx, Un::Popcnt, lo), un(fx, Un::Popcnt, hi));
                    super::wide::bin(fx, Bin::Add, pl, ph)
                }
                Un::Clz => {
                    let (cl, ch) = (un(fx, Un::Clz, lo), un(fx, Un::Clz, hi));
                    let cl = super::wide::binc(fx, Bin::Add, cl, 64);
                    let hz = cmp(fx, Cmp::Eq, hi, zero64);
                    let c = select(fx, Ty::I64, hz, cl, ch);
                    super::wide::binc(fx, Bin::Sub, c, u64::from(128 - bits))
                }
                _ => {
                    let hi = if bits < 128 {
                        super::wide::binc(fx, Bin::Or, hi, 1u64 << (bits - 64))
                    } else {
                        hi
                    };
                    let (tl, th) = (un(fx, Un::Ctz, lo), un(fx, Un::Ctz, hi));
                    let th = super::wide::binc(fx, Bin::Add, th, 64);
                    let lz = cmp(fx, Cmp::Eq, lo, zero64);
                    select(fx, Ty::I64, lz, th, tl)
                }
            };
            vec![r, zero64]
        }
        Lane::Bswap | Lane::Bitreverse => {
            let (lo, hi) = w(fx, 0)?;
            let (nl, nh) = (half_op(fx, lane, hi)?, half_op(fx, lane, lo)?);
            let r = if bits < 128 {
                let k = konst(fx, u128::from(128 - bits));
                binop(fx, Opcode::LShr, (nl, nh), k)
            } else {
                (nl, nh)
            };
            vec![r.0, r.1]
        }
        Lane::Overflow { op, signed } | Lane::Sat { op, signed } => {
            let (a, b) = (w(fx, 0)?, w(fx, 1)?);
            let sat = matches!(lane, Lane::Sat { .. });
            let (r, o) = match (op, signed) {
                (Opcode::Shl, _) => {
                    let r = binop(fx, Opcode::Shl, a, b);
                    let r = masked(fx, r, bits);
                    let back = if signed {
                        let sr = sext(fx, r, bits);
                        let back = binop(fx, Opcode::AShr, sr, b);
                        masked(fx, back, bits)
                    } else {
                        binop(fx, Opcode::LShr, r, b)
                    };
                    (r, icmp(fx, P::Ne, back, a))
                }
                (Opcode::Mul, false) => {
                    let r = binop(fx, Opcode::Mul, a, b);
                    let lim = konst(fx, max_u);
                    (masked(fx, r, bits), mul_exceeds(fx, a, b, lim)?)
                }
                (Opcode::Mul, true) => {
                    let r = binop(fx, Opcode::Mul, a, b);
                    let (sa, sb) = (sign(fx, a.1, bits), sign(fx, b.1, bits));
                    let (xa, xb) = (sext(fx, a, bits), sext(fx, b, bits));
                    let na = negate(fx, xa.0, xa.1);
                    let nb = negate(fx, xb.0, xb.1);
                    let ma = sel(fx, sa, na, xa);
                    let mb = sel(fx, sb, nb, xb);
                    let differ = {
                        let d = fx.new_reg(Ty::I32);
                        fx.emit(Inst::Bin { op: Bin::Xor, ty: Ty::I32, dst: d, a: sa, b: sb });
                        d
                    };
                    let (lneg, lpos) = (konst(fx, smin), konst(fx, smin - 1));
                    let lim = sel(fx, differ, lneg, lpos);
                    (masked(fx, r, bits), mul_exceeds(fx, ma, mb, lim)?)
                }
                (_, false) => {
                    let r = binop(fx, op, a, b);
                    let r = masked(fx, r, bits);
                    let o = if op == Opcode::Add {
                        icmp(fx, P::Ult, r, a)
                    } else {
                        icmp(fx, P::Ult, a, b)
                    };
                    (r, o)
                }
                (_, true) => {
                    let r = binop(fx, op, a, b);
                    let r = masked(fx, r, bits);
                    let x = if op == Opcode::Add {
                        let p = super::wide::bin(fx, Bin::Xor, a.1, r.1);
                        let q = super::wide::bin(fx, Bin::Xor, b.1, r.1);
                        super::wide::bin(fx, Bin::And, p, q)
                    } else {
                        let p = super::wide::bin(fx, Bin::Xor, a.1, b.1);
                        let q = super::wide::bin(fx, Bin::Xor, a.1, r.1);
                        super::wide::bin(fx, Bin::And, p, q)
                    };
                    (r, sign(fx, x, bits))
                }
            };
            if !sat {
                vec![r.0, r.1, o]
            } else {
                let k = match (op, signed) {
                    (Opcode::Sub, false) => konst(fx, 0),
                    (_, false) => konst(fx, max_u),
                    _ => {
                        let neg = sign(fx, a.1, bits);
                        let (lo, hi) = (konst(fx, smin), konst(fx, smin - 1));
                        sel(fx, neg, lo, hi)
                    }
                };
                let s = sel(fx, o, k, r);
                vec![s.0, s.1]
            }
        }
        Lane::Funnel { left } => {
            let (a, b, s) = (w(fx, 0)?, w(fx, 1)?, w(fx, 2)?);
            let nb = konst(fx, u128::from(bits));
            let s = if bits == 128 {
                let lo = super::wide::binc(fx, Bin::And, s.0, 127);
                (lo, zero64)
            } else {
                divmod(fx, "__umodti3", s, nb)?
            };
            let inv = binop(fx, Opcode::Sub, nb, s);
            let (ls, rs) = if left { (s, inv) } else { (inv, s) };
            let hi = binop(fx, Opcode::Shl, a, ls);
            let hi = masked(fx, hi, bits);
            let lo = binop(fx, Opcode::LShr, b, rs);
            let both = (
                super::wide::bin(fx, Bin::Or, hi.0, lo.0),
                super::wide::bin(fx, Bin::Or, hi.1, lo.1),
            );
            let is0 = is_zero(fx, s);
            let r = sel(fx, is0, if left { a } else { b }, both);
            vec![r.0, r.1]
        }
        Lane::FpToIntSat { signed } => {
            let x = *ops.first().and_then(|o| o.first()).ok_or_else(refused)?;
            let st = m.types.scalar(tys.first().copied().ok_or_else(refused)?);
            let x = super::wide::to_f64(fx, st, x);
            let r = super::wide::float_to_wide(fx, x, signed);
            let f = |fx: &mut FnCx, v: f64| fx.konst(Ty::F64, Const::F64(v.to_bits()));
            let fc = |fx: &mut FnCx, cc: FCmp, a: VReg, b: VReg| {
                let d = fx.new_reg(Ty::I32);
                fx.emit(Inst::FCmp { cc, ty: Ty::F64, dst: d, a, b });
                d
            };
            let (hi_lim, lo_lim, lo_val) = if signed {
                (2f64.powi(bits as i32 - 1), -(2f64.powi(bits as i32 - 1)), smin)
            } else {
                (2f64.powi(bits as i32), 0.0, 0)
            };
            let (h, l) = (f(fx, hi_lim), f(fx, lo_lim));
            let above = fc(fx, FCmp::Oge, x, h);
            let below = fc(fx, FCmp::Olt, x, l);
            let nan = fc(fx, FCmp::Uno, x, x);
            let (top, bottom, zero) =
                (konst(fx, if signed { smin - 1 } else { max_u }), konst(fx, lo_val), konst(fx, 0));
            let r = sel(fx, above, top, r);
            let r = sel(fx, below, bottom, r);
            let r = sel(fx, nan, zero, r);
            let r = masked(fx, r, bits);
            vec![r.0, r.1]
        }
        _ => return Err(refused()),
    };
    Ok(out)
}
