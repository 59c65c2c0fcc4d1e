//! `half` and `bfloat`: a 16-bit float lives as its bits in an `I32` register (like an
//! `i16`), and is computed in `F32`. Widening to `F32` is exact; narrowing from `F32` or
//! `F64` rounds once, to nearest with ties to even, in integer arithmetic (no target has to
//! know the formats). An operation of `+ - * / %`, `sqrt` or a comparison done in `F32` on
//! widened operands and narrowed once is the correctly rounded 16-bit result (24 bits of
//! `F32` precision are at least twice the 11 of `half` plus two), which is what the
//! interpreter computes.

use super::form::{Bin, Cmp, Const, Ty, Un, VReg};
use super::func::FnCx;
use super::lanes::{bin, bin_k, cmp_k, select, un};
use crate::ir::{FloatKind, Module, Type, TypeId};

/// A 16-bit float format.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Small {
    /// IEEE binary16: 5 exponent bits, 10 fraction bits.
    Half,
    /// bfloat16: 8 exponent bits, 7 fraction bits.
    BFloat,
}

impl Small {
    /// Fraction bits.
    fn mant(self) -> u32 {
        match self {
            Small::Half => 10,
            Small::BFloat => 7,
        }
    }
    /// Exponent bias.
    fn bias(self) -> i64 {
        match self {
            Small::Half => 15,
            Small::BFloat => 127,
        }
    }
    /// Exponent bits.
    fn exp_bits(self) -> u32 {
        match self {
            Small::Half => 5,
            Small::BFloat => 8,
        }
    }
}

/// The 16-bit float format of scalar type `t`, if it is one.
pub fn small(m: &Module, t: TypeId) -> Option<Small> {
    match m.types.get(t) {
        Type::Float(FloatKind::Half) => Some(Small::Half),
        Type::Float(FloatKind::BFloat) => Some(Small::BFloat),
        _ => None,
    }
}

/// The `F32` value of the 16-bit float whose bits are in `h` (an `I32`), exactly.
pub fn widen(fx: &mut FnCx, s: Small, h: VReg) -> VReg {
    let i = Ty::I32;
    if s == Small::BFloat {
        let o = bin_k(fx, Bin::Shl, i, h, 16);
        return un(fx, Un::Bitcast, Ty::F32, o);
    }
    // The exponent field moved to its F32 place and rebiased; infinities and NaNs get the
    // F32 maximum exponent, subnormals are renormalized by one float subtraction.
    let abs = bin_k(fx, Bin::And, i, h, 0x7fff);
    let o = bin_k(fx, Bin::Shl, i, abs, 13);
    let exp = bin_k(fx, Bin::And, i, o, 0x0f80_0000);
    let normal = bin_k(fx, Bin::Add, i, o, 112 << 23);
    let special = bin_k(fx, Bin::Add, i, normal, 112 << 23);
    let sub_bits = bin_k(fx, Bin::Add, i, normal, 1 << 23);
    let sub_f = un(fx, Un::Bitcast, Ty::F32, sub_bits);
    let magic = fx.konst(Ty::F32, Const::F32(113 << 23));
    let sub_f = bin(fx, Bin::FSub, Ty::F32, sub_f, magic);
    let sub = un(fx, Un::Bitcast, i, sub_f);
    let is_special = cmp_k(fx, Cmp::Eq, i, exp, 0x0f80_0000);
    let is_sub = cmp_k(fx, Cmp::Eq, i, exp, 0);
    let r = select(fx, i, is_sub, sub, normal);
    let r = select(fx, i, is_special, special, r);
    let sign = bin_k(fx, Bin::And, i, h, 0x8000);
    let sign = bin_k(fx, Bin::Shl, i, sign, 16);
    let r = bin(fx, Bin::Or, i, r, sign);
    un(fx, Un::Bitcast, Ty::F32, r)
}

/// The bits (in an `I32`) of `x` (an `F32` or `F64`) rounded to format `s`: to nearest,
/// ties to even; too large becomes infinity, NaN stays a (quiet) NaN.
pub fn narrow(fx: &mut FnCx, s: Small, x: VReg) -> VReg {
    let (it, sb, sm, sbias): (Ty, u32, u32, i64) = match fx.reg_ty(x) {
        Ty::F64 => (Ty::I64, 64, 52, 1023),
        _ => (Ty::I32, 32, 23, 127),
    };
    let (m, tb) = (s.mant(), s.bias());
    let ones = |n: u32| (1u64 << n) - 1;
    let shift = sm - m;
    let u = un(fx, Un::Bitcast, it, x);
    let sign = bin_k(fx, Bin::ShrU, it, u, u64::from(sb - 1));
    let a = bin_k(fx, Bin::And, it, u, ones(sb - 1));
    // NaN: the top fraction bits, made quiet.
    let top = bin_k(fx, Bin::ShrU, it, a, u64::from(shift));
    let top = bin_k(fx, Bin::And, it, top, ones(m));
    let texp = ones(s.exp_bits()) << m;
    let nan = bin_k(fx, Bin::Or, it, top, texp | 1 << (m - 1));
    let inf = fx.iconst(it, texp);
    // Subnormal results: adding 2^k, whose unit in the last place is the target's smallest
    // subnormal, rounds in the float unit; the low bits are the result.
    let magic_exp = (sbias - tb + i64::from(sm) - i64::from(m) + 1) as u64;
    let magic_bits = magic_exp << sm;
    let magic = match it {
        Ty::I64 => fx.konst(Ty::F64, Const::F64(magic_bits)),
        _ => fx.konst(Ty::F32, Const::F32(magic_bits as u32)),
    };
    let ft = fx.reg_ty(x);
    let af = un(fx, Un::Bitcast, ft, a);
    let sf = bin(fx, Bin::FAdd, ft, af, magic);
    let sbits = un(fx, Un::Bitcast, it, sf);
    let sub = bin_k(fx, Bin::Sub, it, sbits, magic_bits);
    // Normal results: rebias, round half to even on the dropped bits, shift.
    let odd = bin_k(fx, Bin::And, it, top, 1);
    let rebias = ((tb - sbias) << sm) as u64;
    let n = bin_k(fx, Bin::Add, it, a, rebias.wrapping_add(ones(shift - 1)));
    let n = bin(fx, Bin::Add, it, n, odd);
    let norm = bin_k(fx, Bin::ShrU, it, n, u64::from(shift));
    let src_inf = ones(sb - 1 - sm) << sm;
    let ovf = ((tb + 1 + sbias) as u64) << sm;
    let norm_min = ((sbias - tb + 1) as u64) << sm;
    let is_nan = cmp_k(fx, Cmp::GtU, it, a, src_inf);
    let is_big = cmp_k(fx, Cmp::GeU, it, a, ovf.min(src_inf));
    let is_sub = cmp_k(fx, Cmp::LtU, it, a, norm_min);
    let r = select(fx, it, is_sub, sub, norm);
    let r = select(fx, it, is_big, inf, r);
    let r = select(fx, it, is_nan, nan, r);
    let sign = bin_k(fx, Bin::Shl, it, sign, 15);
    let r = bin(fx, Bin::Or, it, r, sign);
    if it == Ty::I64 {
        un(fx, Un::Wrap, Ty::I32, r)
    } else {
        r
    }
}
