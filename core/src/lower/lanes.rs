//! The lane operations of the intrinsics ([`super::intrinsics`]): each computes one lane,
//! a scalar of an integer (up to 64 bits), pointer or float type (`half` and `bfloat` are
//! widened to `F32` and the result narrowed once, [`super::half`]), as the interpreter
//! computes it: `*.with.overflow` and `*.sat` in the lane's width, `bswap` and `bitreverse`
//! by shifts and masks, `minnum`/`maxnum` and `minimum`/`maximum` with the IEEE rules for
//! NaN and zeros, `llvm.round` away from zero, `powi` by repeated squaring in `double`,
//! `ldexp` as C's `scalbn`, `is.fpclass` on the bits, the C math functions as calls.

use super::abi::scalar_ty;
use super::form::{Bin, Cmp, Const, FCmp, Inst, Term, Ty, Un, VReg};
use super::func::FnCx;
use super::half::{narrow, small, widen};
use super::inst::int_binop;
use super::legal::{int_ty, mask, sext_full, width};
use super::{LResult, LowerError};
use crate::ir::{Module, Opcode, TypeId};
pub use crate::semantics::math::Math;

/// A lane operation.
#[derive(Copy, Clone, Debug)]
pub enum Lane {
    /// `llvm.smax` and friends: compare (signed or not) and select.
    MinMax(Cmp),
    /// `llvm.fshl` (`left`), `llvm.fshr`.
    Funnel {
        left: bool,
    },
    /// `llvm.abs`.
    Abs,
    /// `llvm.ctpop`, `llvm.ctlz`, `llvm.cttz`: the target's count.
    Count(Un),
    /// `llvm.bswap`.
    Bswap,
    /// `llvm.bitreverse`.
    Bitreverse,
    /// `llvm.{s,u}{add,sub,mul}.with.overflow`: the wrapped value and the overflow bit.
    Overflow {
        op: Opcode,
        signed: bool,
    },
    /// `llvm.{s,u}{add,sub,shl}.sat`.
    Sat {
        op: Opcode,
        signed: bool,
    },
    /// A float operation the target has (`fabs`, `sqrt`, `floor`, `ceil`, `trunc`,
    /// `roundeven`).
    FloatUn(Un),
    /// `llvm.round`: to nearest, ties away from zero.
    RoundAway,
    Copysign,
    /// `llvm.minnum`, `llvm.maxnum`: a NaN operand gives the other one.
    MinMaxNum {
        max: bool,
    },
    /// `llvm.minimum`, `llvm.maximum`: NaN propagates, -0 < +0.
    MinMaxIeee {
        max: bool,
    },
    /// `llvm.fma`, `llvm.fmuladd` (fused, as the interpreter computes it).
    Fma,
    /// `llvm.is.fpclass` (the test mask is the constant second operand).
    IsFpclass,
    /// `llvm.powi`.
    Powi,
    /// `llvm.ldexp`.
    Ldexp,
    /// `llvm.fptosi.sat` (`signed`), `llvm.fptoui.sat`.
    FpToIntSat {
        signed: bool,
    },
    /// `llvm.lround`/`llvm.llround` (`away`), `llvm.lrint`/`llvm.llrint`.
    ToInt {
        away: bool,
    },
    /// A C math function.
    Math(Math),
}

/// The scalar types of one lane: the operands', the result's (the value's, for
/// `*.with.overflow`), and the second operand's value when it is a constant (the
/// `is.fpclass` mask).
pub struct LaneTys {
    pub args: Vec<TypeId>,
    pub ret: TypeId,
    pub imm: Option<u64>,
}

/// The shape of an intrinsic call: its operands' types, the fields of a `{ value, overflow }`
/// result, and the value's type (the result's type otherwise).
pub struct CallShape {
    pub tys: Vec<TypeId>,
    pub pair: Option<Vec<TypeId>>,
    pub ret0: TypeId,
}

impl CallShape {
    /// The shape of `data`, a call with operands `args`.
    pub fn of(fx: &FnCx, data: &crate::ir::InstData, args: &[crate::ir::Operand]) -> CallShape {
        let m = fx.cx.m;
        let tys: Vec<TypeId> = args.iter().map(|op| m.operand_ty(fx.body, *op)).collect();
        let pair = m.types.struct_fields(data.ty).map(|(_, fs)| fs.to_vec());
        let ret0 = pair.as_ref().and_then(|fs| fs.first().copied()).unwrap_or(data.ty);
        CallShape { tys, pair, ret0 }
    }
    /// The result's value type, then the operands' types.
    pub fn all(&self) -> impl Iterator<Item = TypeId> + '_ {
        std::iter::once(self.ret0).chain(self.tys.iter().copied())
    }
}

/// The register type of a lane of scalar type `t`, if lane operations support it.
pub fn lane_ty(m: &Module, t: TypeId) -> Option<Ty> {
    scalar_ty(m, t)
}

/// `op a` into a new register of type `to`.
pub fn un(fx: &mut FnCx, op: Un, to: Ty, a: VReg) -> VReg {
    let d = fx.new_reg(to);
    fx.emit(Inst::Un { op, to, dst: d, a });
    d
}

/// `a op b` into a new register of type `ty`.
pub fn bin(fx: &mut FnCx, op: Bin, ty: Ty, a: VReg, b: VReg) -> VReg {
    let d = fx.new_reg(ty);
    fx.emit(Inst::Bin { op, ty, dst: d, a, b });
    d
}

/// `a op k` into a new register of type `ty`.
pub fn bin_k(fx: &mut FnCx, op: Bin, ty: Ty, a: VReg, k: u64) -> VReg {
    let b = fx.iconst(ty, k);
    bin(fx, op, ty, a, b)
}

/// `a cc b` as 0/1 in a new `I32` register.
pub fn cmp(fx: &mut FnCx, cc: Cmp, ty: Ty, a: VReg, b: VReg) -> VReg {
    let d = fx.new_reg(Ty::I32);
    fx.emit(Inst::Cmp { cc, ty, dst: d, a, b });
    d
}

/// `a cc k` as 0/1 in a new `I32` register.
pub fn cmp_k(fx: &mut FnCx, cc: Cmp, ty: Ty, a: VReg, k: u64) -> VReg {
    let b = fx.iconst(ty, k);
    cmp(fx, cc, ty, a, b)
}

fn fcmp(fx: &mut FnCx, cc: FCmp, ty: Ty, a: VReg, b: VReg) -> VReg {
    let d = fx.new_reg(Ty::I32);
    fx.emit(Inst::FCmp { cc, ty, dst: d, a, b });
    d
}

/// `c ? a : b` into a new register of type `ty`.
pub fn select(fx: &mut FnCx, ty: Ty, c: VReg, a: VReg, b: VReg) -> VReg {
    let d = fx.new_reg(ty);
    fx.emit(Inst::Select { dst: d, cond: c, a, b });
    d
}

fn fconst(fx: &mut FnCx, ty: Ty, v: f64) -> VReg {
    match ty {
        Ty::F32 => fx.konst(ty, Const::F32((v as f32).to_bits())),
        _ => fx.konst(Ty::F64, Const::F64(v.to_bits())),
    }
}

/// One lane of `lane` on operands `a` (one register each): its results (two for
/// `*.with.overflow`).
pub fn lane(fx: &mut FnCx, lane: Lane, t: &LaneTys, a: &[VReg]) -> LResult<Vec<VReg>> {
    let m = fx.cx.m;
    let span = fx.span;
    let missing = || LowerError::unsupported(span, "a missing intrinsic argument");
    let get = |k: usize| a.get(k).copied().ok_or_else(missing);
    let t0 = t.args.first().copied().unwrap_or(t.ret);
    let bits = m.types.int_bits(t0).unwrap_or(64);
    let ity = int_ty(bits);
    let one = |r: VReg| Ok(vec![r]);
    match lane {
        Lane::MinMax(cc) => {
            let (x, y) = (get(0)?, get(1)?);
            let signed = matches!(cc, Cmp::GtS | Cmp::LtS);
            let (sx, sy) =
                if signed { (sext_full(fx, x, bits), sext_full(fx, y, bits)) } else { (x, y) };
            let c = cmp(fx, cc, ity, sx, sy);
            one(select(fx, ity, c, x, y))
        }
        Lane::Funnel { left } => {
            // fshl: (a << s) | (b >> (N - s)), fshr: (a << (N - s)) | (b >> s), s mod N;
            // a shift of 0 returns a (fshl) or b (fshr) unchanged.
            let (x, y, s) = (get(0)?, get(1)?, get(2)?);
            let nb = fx.iconst(ity, bits as u64);
            let sm = int_binop(fx, Opcode::URem, ity, bits, s, nb);
            let inv = int_binop(fx, Opcode::Sub, ity, bits, nb, sm);
            let (ls, rs) = if left { (sm, inv) } else { (inv, sm) };
            let hi = int_binop(fx, Opcode::Shl, ity, bits, x, ls);
            let lo = int_binop(fx, Opcode::LShr, ity, bits, y, rs);
            let both = bin(fx, Bin::Or, ity, hi, lo);
            let is0 = cmp_k(fx, Cmp::Eq, ity, sm, 0);
            one(select(fx, ity, is0, if left { x } else { y }, both))
        }
        Lane::Abs => {
            let x = get(0)?;
            let s = sext_full(fx, x, bits);
            let zero = fx.iconst(ity, 0);
            let neg = bin(fx, Bin::Sub, ity, zero, s);
            let neg = mask(fx, neg, bits);
            let c = cmp(fx, Cmp::LtS, ity, s, zero);
            one(select(fx, ity, c, neg, x))
        }
        Lane::Count(op) => {
            let x = get(0)?;
            let w = width(fx, ity);
            one(match op {
                Un::Clz => {
                    let c = un(fx, Un::Clz, ity, x);
                    if bits < w {
                        bin_k(fx, Bin::Sub, ity, c, (w - bits) as u64)
                    } else {
                        c
                    }
                }
                Un::Ctz => {
                    let x = if bits < w { bin_k(fx, Bin::Or, ity, x, 1u64 << bits) } else { x };
                    un(fx, Un::Ctz, ity, x)
                }
                op => un(fx, op, ity, x),
            })
        }
        Lane::Bswap => {
            let x = get(0)?;
            let nb = bits / 8;
            let mut r = fx.iconst(ity, 0);
            for i in 0..nb {
                let b = bin_k(fx, Bin::ShrU, ity, x, u64::from(8 * i));
                let b = bin_k(fx, Bin::And, ity, b, 0xff);
                let b = bin_k(fx, Bin::Shl, ity, b, u64::from(8 * (nb - 1 - i)));
                r = bin(fx, Bin::Or, ity, r, b);
            }
            one(r)
        }
        Lane::Bitreverse => {
            let mut v = get(0)?;
            let w = width(fx, ity);
            let steps: &[(u64, u64)] = &[
                (1, 0x5555_5555_5555_5555),
                (2, 0x3333_3333_3333_3333),
                (4, 0x0f0f_0f0f_0f0f_0f0f),
                (8, 0x00ff_00ff_00ff_00ff),
                (16, 0x0000_ffff_0000_ffff),
                (32, 0x0000_0000_ffff_ffff),
            ];
            for &(s, k) in steps.iter().filter(|(s, _)| *s < u64::from(w)) {
                let hi = bin_k(fx, Bin::ShrU, ity, v, s);
                let hi = bin_k(fx, Bin::And, ity, hi, k);
                let lo = bin_k(fx, Bin::And, ity, v, k);
                let lo = bin_k(fx, Bin::Shl, ity, lo, s);
                v = bin(fx, Bin::Or, ity, hi, lo);
            }
            one(if bits < w { bin_k(fx, Bin::ShrU, ity, v, u64::from(w - bits)) } else { v })
        }
        Lane::Overflow { op, signed } => {
            let (x, y) = (get(0)?, get(1)?);
            let (r, o) = overflow(fx, op, signed, bits, x, y);
            Ok(vec![r, o])
        }
        Lane::Sat { op, signed } => {
            let (x, y) = (get(0)?, get(1)?);
            one(saturate(fx, op, signed, bits, x, y))
        }
        Lane::FpToIntSat { signed } => {
            let x = float_in(fx, t0, get(0)?);
            let rb = m.types.int_bits(t.ret).unwrap_or(64);
            one(fp_to_int_sat(fx, x, rb, signed))
        }
        Lane::ToInt { away } => {
            let x = float_in(fx, t0, get(0)?);
            let ty = fx.reg_ty(x);
            let r = if away { round_away(fx, ty, x) } else { un(fx, Un::FNearest, ty, x) };
            let rb = m.types.int_bits(t.ret).unwrap_or(64);
            one(fp_to_int_sat(fx, r, rb, true))
        }
        Lane::IsFpclass => {
            let test = t.imm.unwrap_or(0) as u32;
            one(is_fpclass(fx, t0, get(0)?, test))
        }
        Lane::Math(f) => {
            let xs: Vec<VReg> = (0..f.arity()).map(get).collect::<LResult<_>>()?;
            math(fx, f, t0, &xs).map(|r| vec![r])
        }
        Lane::Powi | Lane::Ldexp => {
            let (x, e) = (get(0)?, get(1)?);
            let eb = t.args.get(1).and_then(|t| m.types.int_bits(*t)).unwrap_or(32);
            let e = super::legal::sresize(fx, e, eb, 32, Ty::I32);
            let r = match (lane, small(m, t0), fx.reg_ty(x)) {
                (Lane::Ldexp, None, ty) => scalbn(fx, ty, x, e),
                // In single precision as compiler-rt's `__powisf2` (the 16-bit formats
                // promoted to it); `double` below.
                (Lane::Powi, Some(s), _) => {
                    let w = widen(fx, s, x);
                    let r = powi(fx, Ty::F32, w, e);
                    narrow(fx, s, r)
                }
                (Lane::Powi, None, Ty::F32) => powi(fx, Ty::F32, x, e),
                (_, s, ty) => {
                    // In double, rounded to the lane's format once.
                    let d = match s {
                        Some(s) => {
                            let w = widen(fx, s, x);
                            un(fx, Un::Promote, Ty::F64, w)
                        }
                        None if ty == Ty::F32 => un(fx, Un::Promote, Ty::F64, x),
                        None => x,
                    };
                    let r = if matches!(lane, Lane::Powi) {
                        powi(fx, Ty::F64, d, e)
                    } else {
                        scalbn(fx, Ty::F64, d, e)
                    };
                    match s {
                        Some(s) => narrow(fx, s, r),
                        None if ty == Ty::F32 => un(fx, Un::Demote, Ty::F32, r),
                        None => r,
                    }
                }
            };
            one(r)
        }
        Lane::Fma => {
            let (x, y, z) = (get(0)?, get(1)?, get(2)?);
            match small(m, t0) {
                Some(s) => {
                    // The product of two 16-bit floats is exact in double and the sum's one
                    // rounding there leaves the 16-bit rounding exact (see half.rs).
                    let d: Vec<VReg> = [x, y, z]
                        .iter()
                        .map(|v| {
                            let w = widen(fx, s, *v);
                            un(fx, Un::Promote, Ty::F64, w)
                        })
                        .collect();
                    let r = call(fx, "fma", Ty::F64, d)?;
                    one(narrow(fx, s, r))
                }
                None => {
                    let ty = fx.reg_ty(x);
                    let name = if ty == Ty::F32 { "fmaf" } else { "fma" };
                    call(fx, name, ty, vec![x, y, z]).map(|r| vec![r])
                }
            }
        }
        Lane::FloatUn(_)
        | Lane::RoundAway
        | Lane::Copysign
        | Lane::MinMaxNum { .. }
        | Lane::MinMaxIeee { .. } => {
            let s = small(m, t0);
            let xs: Vec<VReg> = a
                .iter()
                .map(|v| match s {
                    Some(s) => widen(fx, s, *v),
                    None => *v,
                })
                .collect();
            let x = *xs.first().ok_or_else(missing)?;
            let y = xs.get(1).copied();
            let ty = fx.reg_ty(x);
            let second = || y.ok_or_else(missing);
            let r = match lane {
                Lane::FloatUn(op) => un(fx, op, ty, x),
                Lane::RoundAway => round_away(fx, ty, x),
                Lane::Copysign => bin(fx, Bin::FCopySign, ty, x, second()?),
                Lane::MinMaxNum { max } => {
                    let y = second()?;
                    let xn = fcmp(fx, FCmp::Uno, ty, x, x);
                    let yn = fcmp(fx, FCmp::Uno, ty, y, y);
                    let lt = if max {
                        fcmp(fx, FCmp::Olt, ty, x, y)
                    } else {
                        fcmp(fx, FCmp::Olt, ty, y, x)
                    };
                    let pick = select(fx, ty, lt, y, x);
                    let r = select(fx, ty, yn, x, pick);
                    select(fx, ty, xn, y, r)
                }
                _ => {
                    let max = matches!(lane, Lane::MinMaxIeee { max: true });
                    bin(fx, if max { Bin::FMax } else { Bin::FMin }, ty, x, second()?)
                }
            };
            one(match s {
                Some(s) => narrow(fx, s, r),
                None => r,
            })
        }
    }
}

/// A float operand in a register the target computes with: `half`/`bfloat` widened to
/// `F32` (exactly), others as they are.
fn float_in(fx: &mut FnCx, t: TypeId, x: VReg) -> VReg {
    match small(fx.cx.m, t) {
        Some(s) => widen(fx, s, x),
        None => x,
    }
}

/// A call of C library function `name` on registers of type `ty`.
fn call(fx: &mut FnCx, name: &str, ty: Ty, args: Vec<VReg>) -> LResult<VReg> {
    let d = fx.new_reg(ty);
    super::calls::call_import(fx, name, vec![ty; args.len()], Some(ty), args, Some(d))?;
    Ok(d)
}

/// C math function `f` of lane type `t`, as the interpreter computes it.
fn math(fx: &mut FnCx, f: Math, t: TypeId, xs: &[VReg]) -> LResult<VReg> {
    let s = small(fx.cx.m, t);
    let ty = xs.first().map_or(Ty::F64, |x| fx.reg_ty(*x));
    if s.is_none() && ty == Ty::F32 && f.has_f32() {
        return call(fx, &format!("{}f", f.name()), Ty::F32, xs.to_vec());
    }
    let ds: Vec<VReg> = xs
        .iter()
        .map(|x| match s {
            Some(s) => {
                let w = widen(fx, s, *x);
                un(fx, Un::Promote, Ty::F64, w)
            }
            None if ty == Ty::F32 => un(fx, Un::Promote, Ty::F64, *x),
            None => *x,
        })
        .collect();
    let r = call(fx, f.name(), Ty::F64, ds)?;
    Ok(match s {
        Some(s) => narrow(fx, s, r),
        None if ty == Ty::F32 => un(fx, Un::Demote, Ty::F32, r),
        None => r,
    })
}

/// `x` rounded to the nearest integer, ties away from zero (exact: `x - trunc(x)` and
/// `trunc(x) ± 1` are representable wherever `x` has a fraction).
fn round_away(fx: &mut FnCx, ty: Ty, x: VReg) -> VReg {
    let t = un(fx, Un::FTrunc, ty, x);
    let d = bin(fx, Bin::FSub, ty, x, t);
    let d = un(fx, Un::FAbs, ty, d);
    let half = fconst(fx, ty, 0.5);
    let up = fcmp(fx, FCmp::Oge, ty, d, half);
    let one = fconst(fx, ty, 1.0);
    let one = bin(fx, Bin::FCopySign, ty, one, x);
    let t1 = bin(fx, Bin::FAdd, ty, t, one);
    select(fx, ty, up, t1, t)
}

/// `llvm.fptosi.sat` / `llvm.fptoui.sat` to `bits` bits: the target's saturating conversion
/// to 32 or 64 bits (NaN gives 0), then clamped to the narrower range, zero-extended.
pub fn fp_to_int_sat(fx: &mut FnCx, a: VReg, bits: u32, signed: bool) -> VReg {
    let ty = int_ty(bits);
    let r = un(fx, if signed { Un::FToS } else { Un::FToU }, ty, a);
    let w = width(fx, ty);
    if bits >= w {
        return r;
    }
    let (lo, hi) = if signed {
        ((u64::MAX << (bits - 1)) & (u64::MAX >> (64 - w)), (1u64 << (bits - 1)) - 1)
    } else {
        (0, (1u64 << bits) - 1)
    };
    let (lt, gt) = if signed { (Cmp::LtS, Cmp::GtS) } else { (Cmp::LtU, Cmp::GtU) };
    let (lo, hi) = (fx.iconst(ty, lo), fx.iconst(ty, hi));
    let below = cmp(fx, lt, ty, r, lo);
    let r = select(fx, ty, below, lo, r);
    let above = cmp(fx, gt, ty, r, hi);
    let r = select(fx, ty, above, hi, r);
    mask(fx, r, bits)
}

/// The wrapped result of `x op y` in `bits` bits and whether it overflowed (0/1 in `I32`).
fn overflow(fx: &mut FnCx, op: Opcode, signed: bool, bits: u32, x: VReg, y: VReg) -> (VReg, VReg) {
    let ty = int_ty(bits);
    let r = int_binop(fx, op, ty, bits, x, y);
    let sign_of = |fx: &mut FnCx, v: VReg| {
        let s = bin_k(fx, Bin::ShrU, ty, v, u64::from(bits - 1));
        let s = bin_k(fx, Bin::And, ty, s, 1);
        cmp_k(fx, Cmp::Ne, ty, s, 0)
    };
    let o = match (op, signed) {
        (Opcode::Add, false) => cmp(fx, Cmp::LtU, ty, r, x),
        (Opcode::Sub, false) => cmp(fx, Cmp::LtU, ty, x, y),
        (Opcode::Add, true) => {
            // Both operands' signs differ from the result's.
            let a = bin(fx, Bin::Xor, ty, x, r);
            let b = bin(fx, Bin::Xor, ty, y, r);
            let ab = bin(fx, Bin::And, ty, a, b);
            sign_of(fx, ab)
        }
        (Opcode::Sub, true) => {
            let a = bin(fx, Bin::Xor, ty, x, y);
            let b = bin(fx, Bin::Xor, ty, x, r);
            let ab = bin(fx, Bin::And, ty, a, b);
            sign_of(fx, ab)
        }
        (_, false) if bits <= 32 => {
            // The exact product in 64 bits has bits above `bits`.
            let (x64, y64) = (un(fx, Un::ExtendU, Ty::I64, x), un(fx, Un::ExtendU, Ty::I64, y));
            let p = bin(fx, Bin::Mul, Ty::I64, x64, y64);
            let hi = bin_k(fx, Bin::ShrU, Ty::I64, p, u64::from(bits));
            cmp_k(fx, Cmp::Ne, Ty::I64, hi, 0)
        }
        (_, false) => {
            // y != 0 && x > max / y.
            let max = u64::MAX >> (64 - bits);
            let nz = cmp_k(fx, Cmp::Ne, ty, y, 0);
            let one = fx.iconst(ty, 1);
            let d = select(fx, ty, nz, y, one);
            let maxr = fx.iconst(ty, max);
            let q = bin(fx, Bin::DivU, ty, maxr, d);
            let big = cmp(fx, Cmp::GtU, ty, x, q);
            bin(fx, Bin::And, Ty::I32, nz, big)
        }
        (_, true) => {
            // The product of the sign-extended operands in 64 bits, exact unless it
            // overflows 64 bits (found by dividing back), must survive truncation to `bits`.
            let (sx, sy) = if bits <= 32 {
                let sx = sext_full(fx, x, bits);
                let sy = sext_full(fx, y, bits);
                (un(fx, Un::ExtendS, Ty::I64, sx), un(fx, Un::ExtendS, Ty::I64, sy))
            } else {
                (sext_full(fx, x, bits), sext_full(fx, y, bits))
            };
            let i = Ty::I64;
            let p = bin(fx, Bin::Mul, i, sx, sy);
            let fits64 = if bits <= 32 {
                fx.iconst(Ty::I32, 1)
            } else {
                let x0 = cmp_k(fx, Cmp::Eq, i, sx, 0);
                let xm1 = cmp_k(fx, Cmp::Eq, i, sx, u64::MAX);
                let special = bin(fx, Bin::Or, Ty::I32, x0, xm1);
                let one = fx.iconst(i, 1);
                let d = select(fx, i, special, one, sx);
                let q = bin(fx, Bin::DivS, i, p, d);
                let back = cmp(fx, Cmp::Eq, i, q, sy);
                let not_min = cmp_k(fx, Cmp::Ne, i, sy, 1u64 << 63);
                let t = fx.iconst(Ty::I32, 1);
                let r = select(fx, Ty::I32, xm1, not_min, back);
                select(fx, Ty::I32, x0, t, r)
            };
            let (low, sl) = if bits <= 32 {
                let l = un(fx, Un::Wrap, Ty::I32, p);
                let l = mask(fx, l, bits);
                let s = sext_full(fx, l, bits);
                (s, un(fx, Un::ExtendS, i, s))
            } else {
                let l = mask(fx, p, bits);
                let s = sext_full(fx, l, bits);
                (s, s)
            };
            let _ = low;
            let same = cmp(fx, Cmp::Eq, i, sl, p);
            let ok = bin(fx, Bin::And, Ty::I32, fits64, same);
            bin_k(fx, Bin::Xor, Ty::I32, ok, 1)
        }
    };
    (r, o)
}

/// `x op y` saturated to the range of `bits`-bit integers.
fn saturate(fx: &mut FnCx, op: Opcode, signed: bool, bits: u32, x: VReg, y: VReg) -> VReg {
    let ty = int_ty(bits);
    let max_u = u64::MAX >> (64 - bits);
    let (smin, smax) = (1u64 << (bits - 1), (1u64 << (bits - 1)) - 1);
    let neg = |fx: &mut FnCx, v: VReg| {
        let s = bin_k(fx, Bin::ShrU, ty, v, u64::from(bits - 1));
        cmp_k(fx, Cmp::Ne, ty, s, 0)
    };
    match (op, signed) {
        (Opcode::Add | Opcode::Sub, false) => {
            let (r, o) = overflow(fx, op, false, bits, x, y);
            let k = fx.iconst(ty, if op == Opcode::Add { max_u } else { 0 });
            select(fx, ty, o, k, r)
        }
        (Opcode::Add | Opcode::Sub, true) => {
            let (r, o) = overflow(fx, op, true, bits, x, y);
            let n = neg(fx, x);
            let (lo, hi) = (fx.iconst(ty, smin), fx.iconst(ty, smax));
            let k = select(fx, ty, n, lo, hi);
            select(fx, ty, o, k, r)
        }
        (_, false) => {
            let r = int_binop(fx, Opcode::Shl, ty, bits, x, y);
            let back = int_binop(fx, Opcode::LShr, ty, bits, r, y);
            let o = cmp(fx, Cmp::Ne, ty, back, x);
            let k = fx.iconst(ty, max_u);
            select(fx, ty, o, k, r)
        }
        (_, true) => {
            let r = int_binop(fx, Opcode::Shl, ty, bits, x, y);
            let back = int_binop(fx, Opcode::AShr, ty, bits, r, y);
            let o = cmp(fx, Cmp::Ne, ty, back, x);
            let n = neg(fx, x);
            let (lo, hi) = (fx.iconst(ty, smin), fx.iconst(ty, smax));
            let k = select(fx, ty, n, lo, hi);
            select(fx, ty, o, k, r)
        }
    }
}

/// `llvm.is.fpclass` of `x` (lane type `t`) against test mask `test`, as 0/1 in `I32`.
fn is_fpclass(fx: &mut FnCx, t: TypeId, x: VReg, test: u32) -> VReg {
    let (it, w, e, mb) = match (small(fx.cx.m, t), fx.reg_ty(x)) {
        (Some(super::half::Small::Half), _) => (Ty::I32, 16, 5, 10),
        (Some(super::half::Small::BFloat), _) => (Ty::I32, 16, 8, 7),
        (None, Ty::F32) => (Ty::I32, 32, 8, 23),
        (None, _) => (Ty::I64, 64, 11, 52),
    };
    let u = if small(fx.cx.m, t).is_some() { x } else { un(fx, Un::Bitcast, it, x) };
    let abs = bin_k(fx, Bin::And, it, u, (1u64 << (w - 1)) - 1);
    let sbit = bin_k(fx, Bin::And, it, u, 1u64 << (w - 1));
    let neg = cmp_k(fx, Cmp::Ne, it, sbit, 0);
    let pos = bin_k(fx, Bin::Xor, Ty::I32, neg, 1);
    let inf_bits = ((1u64 << e) - 1) << mb;
    let is_nan = cmp_k(fx, Cmp::GtU, it, abs, inf_bits);
    let quiet_bit = bin_k(fx, Bin::And, it, abs, 1u64 << (mb - 1));
    let quiet = cmp_k(fx, Cmp::Ne, it, quiet_bit, 0);
    let snan = {
        let nq = bin_k(fx, Bin::Xor, Ty::I32, quiet, 1);
        bin(fx, Bin::And, Ty::I32, is_nan, nq)
    };
    let qnan = bin(fx, Bin::And, Ty::I32, is_nan, quiet);
    let is_inf = cmp_k(fx, Cmp::Eq, it, abs, inf_bits);
    let is_zero = cmp_k(fx, Cmp::Eq, it, abs, 0);
    let am1 = bin_k(fx, Bin::Sub, it, abs, 1);
    let is_sub = cmp_k(fx, Cmp::LtU, it, am1, (1u64 << mb) - 1);
    let ge_norm = cmp_k(fx, Cmp::GeU, it, abs, 1u64 << mb);
    let lt_inf = cmp_k(fx, Cmp::LtU, it, abs, inf_bits);
    let is_norm = bin(fx, Bin::And, Ty::I32, ge_norm, lt_inf);
    // (test bit for negative, for positive, the class).
    let classes = [(2, 9, is_inf), (3, 8, is_norm), (4, 7, is_sub), (5, 6, is_zero)];
    let mut r = fx.iconst(Ty::I32, 0);
    let mut add = |fx: &mut FnCx, c: VReg| {
        r = bin(fx, Bin::Or, Ty::I32, r, c);
    };
    if test & 1 != 0 {
        add(fx, snan);
    }
    if test & 2 != 0 {
        add(fx, qnan);
    }
    for (nb, pb, c) in classes {
        let (n, p) = (test >> nb & 1 != 0, test >> pb & 1 != 0);
        let v = match (n, p) {
            (true, true) => c,
            (true, false) => bin(fx, Bin::And, Ty::I32, c, neg),
            (false, true) => bin(fx, Bin::And, Ty::I32, c, pos),
            (false, false) => continue,
        };
        add(fx, v);
    }
    r
}

/// C's `scalbn`/`scalbnf` (musl's, as the interpreter's `libm`): `x * 2^e` in `ty`, scaling
/// in at most three exact steps so that only the last one rounds.
fn scalbn(fx: &mut FnCx, ty: Ty, x: VReg, e: VReg) -> VReg {
    let (hi, lo, sub, mb, bias): (i64, i64, i64, u32, i64) = match ty {
        Ty::F32 => (127, -126, 24, 23, 127),
        _ => (1023, -1022, 53, 52, 1023),
    };
    let pow2 = |fx: &mut FnCx, k: i64| -> VReg {
        let bits = ((bias + k) as u64) << mb;
        match ty {
            Ty::F32 => fx.konst(ty, Const::F32(bits as u32)),
            _ => fx.konst(ty, Const::F64(bits)),
        }
    };
    let i = Ty::I32;
    let (mut y, mut n) = (x, e);
    for _ in 0..2 {
        let c = cmp_k(fx, Cmp::GtS, i, n, hi as u64);
        let k = pow2(fx, hi);
        let yk = bin(fx, Bin::FMul, ty, y, k);
        let nk = bin_k(fx, Bin::Sub, i, n, hi as u64);
        y = select(fx, ty, c, yk, y);
        n = select(fx, i, c, nk, n);
    }
    let c = cmp_k(fx, Cmp::GtS, i, n, hi as u64);
    let k = fx.iconst(i, hi as u64);
    n = select(fx, i, c, k, n);
    for _ in 0..2 {
        let c = cmp_k(fx, Cmp::LtS, i, n, lo as u64);
        let k = pow2(fx, lo + sub);
        let yk = bin(fx, Bin::FMul, ty, y, k);
        let nk = bin_k(fx, Bin::Add, i, n, (-lo - sub) as u64);
        y = select(fx, ty, c, yk, y);
        n = select(fx, i, c, nk, n);
    }
    let c = cmp_k(fx, Cmp::LtS, i, n, lo as u64);
    let k = fx.iconst(i, lo as u64);
    n = select(fx, i, c, k, n);
    // 2^n from its bits.
    let it = if ty == Ty::F32 { Ty::I32 } else { Ty::I64 };
    let nb = if it == Ty::I64 { un(fx, Un::ExtendS, Ty::I64, n) } else { n };
    let be = bin_k(fx, Bin::Add, it, nb, bias as u64);
    let be = bin_k(fx, Bin::Shl, it, be, u64::from(mb));
    let scale = un(fx, Un::Bitcast, ty, be);
    bin(fx, Bin::FMul, ty, y, scale)
}

/// `x` (an `F32` or `F64`, `f`) to the power `e` (an `I32`) by repeated squaring, as
/// compiler-rt's `__powisf2`/`__powidf2` and the interpreter: a loop of its own blocks.
fn powi(fx: &mut FnCx, f: Ty, x: VReg, e: VReg) -> VReg {
    let i = Ty::I32;
    let r = fx.new_reg(f);
    let b = fx.new_reg(f);
    let n = fx.new_reg(i);
    let one = fconst(fx, f, 1.0);
    super::inst::copy(fx, r, one);
    super::inst::copy(fx, b, x);
    let zero = fx.iconst(i, 0);
    let neg_e = bin(fx, Bin::Sub, i, zero, e);
    let is_neg = cmp_k(fx, Cmp::LtS, i, e, 0);
    let abs = select(fx, i, is_neg, neg_e, e);
    super::inst::copy(fx, n, abs);
    let (head, body, done) = (fx.new_block(), fx.new_block(), fx.new_block());
    fx.finish(Term::Jump(head));
    fx.cur_id = head;
    let more = cmp_k(fx, Cmp::Ne, i, n, 0);
    fx.finish(Term::Branch { cond: more, then: body, else_: done });
    fx.cur_id = body;
    let bit = bin_k(fx, Bin::And, i, n, 1);
    let rb = bin(fx, Bin::FMul, f, r, b);
    let r2 = select(fx, f, bit, rb, r);
    super::inst::copy(fx, r, r2);
    let bb = bin(fx, Bin::FMul, f, b, b);
    super::inst::copy(fx, b, bb);
    let n2 = bin_k(fx, Bin::ShrU, i, n, 1);
    super::inst::copy(fx, n, n2);
    fx.finish(Term::Jump(head));
    fx.cur_id = done;
    let one = fconst(fx, f, 1.0);
    let inv = bin(fx, Bin::FDiv, f, one, r);
    select(fx, f, is_neg, inv, r)
}
