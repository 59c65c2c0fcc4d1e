//! `bitcast` between vectors, and between a vector or `i128` and a scalar: the source's
//! lanes are laid end to end as one bit string (lane 0 in the lowest bits, as a
//! little-endian store of the vector would put them in memory; `<N x i1>` lanes one bit
//! each) and each destination lane is cut out of it with shifts and masks, in 64-bit
//! registers. Big-endian layouts are refused by the module driver.

use super::abi::{reg_ty, type_text};
use super::form::{Bin, Ty, Un, VReg};
use super::func::FnCx;
use super::inst::{copy, dst_of};
use super::lanes::{bin, un};
use super::legal::mask;
use super::{LResult, LowerError};
use crate::ir::{InstData, Type, TypeId};

/// True for a `bitcast` that [`lower`] handles (a vector or `i128` on either side).
pub fn is_wide_bitcast(fx: &FnCx, data: &InstData) -> bool {
    let m = fx.cx.m;
    let special = |t: TypeId| m.types.is_vector(t) || matches!(m.types.get(t), Type::Int(128));
    data.op == crate::ir::Opcode::BitCast
        && (special(data.ty)
            || data.args.first().is_some_and(|op| special(m.operand_ty(fx.body, *op))))
}

/// The element type and lane count of a value of type `t` as this module lays out bits.
fn shape(fx: &FnCx, t: TypeId) -> Option<(u32, TypeId, u32)> {
    let m = fx.cx.m;
    let (n, et) = match m.types.vector(t) {
        Some((false, n, et)) => (n, et),
        Some(_) => return None,
        None if matches!(m.types.get(t), Type::Int(128)) => return Some((2, t, 64)),
        None => (1, t),
    };
    let w = match m.types.get(et) {
        Type::Int(b) if *b <= 64 => *b,
        Type::Float(k) if k.bits() <= 64 => k.bits(),
        Type::Ptr(_) => fx.cx.ptr_bytes as u32 * 8,
        _ => return None,
    };
    Some((n, et, w))
}

/// A register's bits as a zero-extended `I64`.
fn to_i64(fx: &mut FnCx, r: VReg) -> VReg {
    let mut r = r;
    match fx.reg_ty(r) {
        Ty::F32 => r = un(fx, Un::Bitcast, Ty::I32, r),
        Ty::F64 => r = un(fx, Un::Bitcast, Ty::I64, r),
        Ty::Ptr => {
            let pi = fx.ptr_int_ty();
            r = un(fx, Un::PtrToInt, pi, r);
        }
        _ => {}
    }
    if fx.reg_ty(r) == Ty::I32 {
        r = un(fx, Un::ExtendU, Ty::I64, r);
    }
    r
}

/// A zero-extended `I64` holding `w` bits as a register of type `to`.
fn from_i64(fx: &mut FnCx, r: VReg, to: Ty) -> VReg {
    match to {
        Ty::I64 | Ty::V128 => r,
        Ty::I32 => un(fx, Un::Wrap, Ty::I32, r),
        Ty::F64 => un(fx, Un::Bitcast, Ty::F64, r),
        Ty::F32 => {
            let w = un(fx, Un::Wrap, Ty::I32, r);
            un(fx, Un::Bitcast, Ty::F32, w)
        }
        Ty::Ptr => {
            let i = if fx.ptr_int_ty() == Ty::I32 { un(fx, Un::Wrap, Ty::I32, r) } else { r };
            un(fx, Un::IntToPtr, Ty::Ptr, i)
        }
    }
}

/// Lowers a `bitcast` with a vector or `i128` on either side.
pub fn lower(fx: &mut FnCx, data: &InstData) -> LResult<()> {
    let span = data.span;
    let m = fx.cx.m;
    let unsupported =
        || LowerError::unsupported(span, format!("`bitcast` to {}", type_text(m, data.ty)));
    if super::simd::lower(fx, data)? {
        return Ok(());
    }
    let op = *data.args.first().ok_or_else(unsupported)?;
    let st = m.operand_ty(fx.body, op);
    let ((sn, _, sw), (dn, det, dw)) =
        (shape(fx, st).ok_or_else(unsupported)?, shape(fx, data.ty).ok_or_else(unsupported)?);
    if sn * sw != dn * dw {
        return Err(unsupported());
    }
    let srcs = if sn == 1 && !m.types.is_vector(st) {
        vec![fx.operand(op)?]
    } else {
        super::vector::lanes(fx, op, sn)?
    };
    // A result kept in one vector register is built in lane registers, then packed.
    let packed = super::simd::packed_result(fx, data);
    let dsts = match (data.result, packed) {
        (_, Some((_, shape))) => (0..shape.lanes()).map(|_| fx.new_reg(shape.lane_ty())).collect(),
        (Some(v), None) if dn > 1 || m.types.is_vector(data.ty) => {
            fx.vecs.get(&v).cloned().ok_or_else(unsupported)?
        }
        _ => vec![dst_of(fx, data)?],
    };
    if srcs.len() as u32 != sn || dsts.len() as u32 != dn {
        return Err(unsupported());
    }
    let dty = if matches!(m.types.get(data.ty), Type::Int(128)) {
        Ty::I64
    } else {
        reg_ty(m, det, span)?
    };
    let pieces: Vec<VReg> = srcs.into_iter().map(|r| to_i64(fx, r)).collect();
    for (j, &d) in dsts.iter().enumerate() {
        let (lo, hi) = (j as u32 * dw, (j as u32 + 1) * dw);
        let mut acc: Option<VReg> = None;
        for (k, &p) in pieces.iter().enumerate() {
            let (plo, phi) = (k as u32 * sw, (k as u32 + 1) * sw);
            let (s, e) = (lo.max(plo), hi.min(phi));
            if s >= e {
                continue;
            }
            let mut part = p;
            if s > plo {
                part = shift(fx, Bin::ShrU, part, s - plo);
            }
            if phi > e {
                part = mask(fx, part, e - s);
            }
            if s > lo {
                part = shift(fx, Bin::Shl, part, s - lo);
            }
            acc = Some(match acc {
                None => part,
                Some(a) => bin(fx, Bin::Or, Ty::I64, a, part),
            });
        }
        let acc = match acc {
            Some(a) => a,
            None => fx.iconst(Ty::I64, 0),
        };
        let r = from_i64(fx, acc, dty);
        copy(fx, d, r);
    }
    if let Some((r, shape)) = packed {
        super::simd::pack(fx, r, shape, &dsts);
    }
    Ok(())
}

fn shift(fx: &mut FnCx, op: Bin, a: VReg, by: u32) -> VReg {
    let k = fx.iconst(Ty::I64, u64::from(by));
    bin(fx, op, Ty::I64, a, k)
}
