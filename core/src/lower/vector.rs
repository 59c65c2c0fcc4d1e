//! Vector scalarization: a value of type `<N x T>` (T a supported scalar) lives in N
//! registers, one per lane, and element-wise instructions become N scalar ones. Loads and
//! stores touch lane k at byte offset k × size(T) (vectors of `i1`, packed as bits, are not
//! stored). Element extraction and insertion need constant indices; `shufflevector` a
//! constant mask. A vector kept in one `V128` register ([`super::simd`]) is worked on here
//! when it has no vector instruction: its lanes are extracted, and a result is packed.

use super::abi::{reg_ty, type_text};
use super::form::{Bin, Inst, Ty, VReg};
use super::func::FnCx;
use super::inst::{copy, icmp_into, int_binop};
use super::{LResult, LowerError};
use crate::ir::{ConstKind, Extra, InstData, Opcode, Operand, Type, TypeId};

/// The lane count and element type of a fixed vector type.
pub fn lanes_of(fx: &FnCx, t: TypeId) -> Option<(u32, TypeId)> {
    match fx.cx.m.types.vector(t) {
        Some((false, n, et)) => Some((n, et)),
        _ => None,
    }
}

/// True when the instruction produces or reads a vector.
pub fn involves_vectors(fx: &FnCx, data: &InstData) -> bool {
    let m = fx.cx.m;
    m.types.is_vector(data.ty)
        || data.args.iter().any(|op| m.types.is_vector(m.operand_ty(fx.body, *op)))
}

/// The registers of a vector operand's lanes (constants are materialized).
pub fn lanes(fx: &mut FnCx, op: Operand, n: u32) -> LResult<Vec<VReg>> {
    match op {
        Operand::Value(v) => {
            if let Some(lanes) = fx.vecs.get(&v) {
                return Ok(lanes.clone());
            }
            let packed = fx.vals.get(&v).copied().filter(|r| fx.reg_ty(*r) == Ty::V128);
            match (packed, super::simd::shape_of(fx, fx.body.value_ty(v))) {
                (Some(r), Some(shape)) => Ok(super::simd::extract_all(fx, r, shape)),
                _ => Err(LowerError::unsupported(fx.span, "a vector value of an unsupported type")),
            }
        }
        Operand::Const(c)
            if super::wide_vector::wide_vector(fx.cx.m, fx.cx.m.consts.ty(c)).is_some() =>
        {
            let ws = super::wide_vector::pairs(fx, op, n / 2)?;
            Ok(ws.into_iter().flat_map(|(l, h)| [l, h]).collect())
        }
        Operand::Const(c) if super::wide::is_wide_ty(fx.cx.m, fx.cx.m.consts.ty(c)) => {
            let (lo, hi) = super::wide::halves(fx, op)?;
            Ok(vec![lo, hi])
        }
        Operand::Const(c) if fx.cx.m.types.is_aggregate(fx.cx.m.consts.ty(c)) => {
            let mut out = Vec::new();
            super::agg::const_leaves(fx, c, fx.cx.m.consts.ty(c), &mut out)?;
            Ok(out)
        }
        Operand::Const(c) => {
            let m = fx.cx.m;
            let (_, et) = lanes_of(fx, m.consts.ty(c))
                .ok_or_else(|| LowerError::unsupported(fx.span, "a vector constant"))?;
            let ty = reg_ty(m, et, fx.span)?;
            match m.consts.kind(c) {
                ConstKind::Aggregate(es) => es.iter().map(|e| fx.constant(*e)).collect(),
                ConstKind::Zero | ConstKind::Undef | ConstKind::Poison => {
                    Ok((0..n).map(|_| zero(fx, ty)).collect())
                }
                _ => Err(LowerError::unsupported(fx.span, "this kind of vector constant")),
            }
        }
        Operand::Md(_) => Err(LowerError::unsupported(fx.span, "a metadata operand")),
    }
}

/// A register holding zero of type `ty`.
pub fn zero(fx: &mut FnCx, ty: Ty) -> VReg {
    match ty {
        Ty::F32 => fx.konst(ty, super::form::Const::F32(0)),
        Ty::F64 => fx.konst(ty, super::form::Const::F64(0)),
        _ => fx.iconst(ty, 0),
    }
}

fn arg(fx: &mut FnCx, data: &InstData, k: usize, n: u32) -> LResult<Vec<VReg>> {
    let op =
        *data.args.get(k).ok_or_else(|| LowerError::unsupported(data.span, "a missing operand"))?;
    lanes(fx, op, n)
}

pub(super) fn const_index(fx: &FnCx, op: Option<&Operand>) -> Option<u64> {
    match op {
        Some(Operand::Const(c)) => match fx.cx.m.consts.kind(*c) {
            ConstKind::Int(v) => v.to_u64(),
            ConstKind::Zero => Some(0),
            _ => None,
        },
        _ => None,
    }
}

fn bits(fx: &FnCx, t: TypeId) -> u32 {
    match fx.cx.m.types.get(t) {
        Type::Int(b) => *b,
        _ => fx.cx.ptr_bytes as u32 * 8,
    }
}

/// Lowers an instruction that involves vectors.
pub fn lower(fx: &mut FnCx, data: &InstData) -> LResult<()> {
    let span = data.span;
    let m = fx.cx.m;
    let unsupported = || {
        LowerError::unsupported(
            span,
            format!("`{}` on vector type {}", data.op.name(), type_text(m, data.ty)),
        )
    };
    let tys = std::iter::once(data.ty).chain(data.args.iter().map(|op| m.operand_ty(fx.body, *op)));
    if let Some(t) = tys.into_iter().find(|t| matches!(m.types.vector(*t), Some((true, _, _)))) {
        // The interpreter does not run them either: `vscale` is not fixed by the IR.
        return Err(LowerError::unsupported(
            span,
            format!(
                "scalable vector type {} (vscale is a property of the target)",
                type_text(m, t)
            ),
        ));
    }
    if super::simd::lower(fx, data)? {
        return Ok(());
    }
    // A result kept in one vector register is computed in lane registers, then packed.
    let packed = super::simd::packed_result(fx, data);
    let dst: Vec<VReg> = match (data.result, packed) {
        (_, Some((_, shape))) => (0..shape.lanes()).map(|_| fx.new_reg(shape.lane_ty())).collect(),
        (Some(v), None) if m.types.is_vector(data.ty) => {
            fx.vecs.get(&v).cloned().ok_or_else(unsupported)?
        }
        _ => Vec::new(),
    };
    lower_lanes(fx, data, &dst)?;
    if let Some((r, shape)) = packed {
        super::simd::pack(fx, r, shape, &dst);
    }
    Ok(())
}

/// Lowers an instruction lane by lane, the results in `dst` (one register per lane).
fn lower_lanes(fx: &mut FnCx, data: &InstData, dst: &[VReg]) -> LResult<()> {
    use Opcode as O;
    let span = data.span;
    let m = fx.cx.m;
    let unsupported = || {
        LowerError::unsupported(
            span,
            format!("`{}` on vector type {}", data.op.name(), type_text(m, data.ty)),
        )
    };
    let n = dst.len() as u32;
    match data.op {
        O::Add
        | O::Sub
        | O::Mul
        | O::UDiv
        | O::SDiv
        | O::URem
        | O::SRem
        | O::Shl
        | O::LShr
        | O::AShr
        | O::And
        | O::Or
        | O::Xor => {
            let (_, et) = lanes_of(fx, data.ty).ok_or_else(unsupported)?;
            let ty = reg_ty(m, et, span)?;
            let b = bits(fx, et);
            let (xs, ys) = (arg(fx, data, 0, n)?, arg(fx, data, 1, n)?);
            for ((d, x), y) in dst.iter().zip(xs).zip(ys) {
                let r = int_binop(fx, data.op, ty, b, x, y);
                copy(fx, *d, r);
            }
        }
        O::FAdd | O::FSub | O::FMul | O::FDiv | O::FRem => {
            let (_, et) = lanes_of(fx, data.ty).ok_or_else(unsupported)?;
            reg_ty(m, et, span)?;
            let op = match data.op {
                O::FAdd => Bin::FAdd,
                O::FSub => Bin::FSub,
                O::FMul => Bin::FMul,
                _ => Bin::FDiv,
            };
            let (xs, ys) = (arg(fx, data, 0, n)?, arg(fx, data, 1, n)?);
            for ((d, a), b) in dst.iter().zip(xs).zip(ys) {
                let r = if data.op == O::FRem {
                    super::inst::frem(fx, et, a, b)?
                } else {
                    super::inst::fbin(fx, op, et, a, b)
                };
                copy(fx, *d, r);
            }
        }
        O::FNeg => {
            let (_, et) = lanes_of(fx, data.ty).ok_or_else(unsupported)?;
            reg_ty(m, et, span)?;
            let xs = arg(fx, data, 0, n)?;
            for (d, a) in dst.iter().zip(xs) {
                let r = super::inst::fneg(fx, et, a);
                copy(fx, *d, r);
            }
        }
        O::ICmp | O::FCmp => {
            let t = data.args.first().map(|op| m.operand_ty(fx.body, *op)).unwrap_or(TypeId::VOID);
            let (_, et) = lanes_of(fx, t).ok_or_else(unsupported)?;
            let ty = reg_ty(m, et, span)?;
            let b = bits(fx, et);
            let (xs, ys) = (arg(fx, data, 0, n)?, arg(fx, data, 1, n)?);
            for ((d, x), y) in dst.iter().zip(xs).zip(ys) {
                match &data.extra {
                    Extra::ICmp(p) => icmp_into(fx, *p, ty, b, x, y, *d),
                    Extra::FCmp(p) => super::inst::fcmp_into(fx, *p, et, x, y, *d),
                    _ => return Err(unsupported()),
                }
            }
        }
        O::Select => {
            let ct = data.args.first().map(|op| m.operand_ty(fx.body, *op)).unwrap_or(TypeId::VOID);
            let conds = if m.types.is_vector(ct) {
                arg(fx, data, 0, n)?
            } else {
                let c = fx.operand(*data.args.first().ok_or_else(unsupported)?)?;
                vec![c; n as usize]
            };
            let (xs, ys) = (arg(fx, data, 1, n)?, arg(fx, data, 2, n)?);
            for (((d, c), a), b) in dst.iter().zip(conds).zip(xs).zip(ys) {
                fx.emit(Inst::Select { dst: *d, cond: c, a, b });
            }
        }
        O::Freeze => {
            let xs = arg(fx, data, 0, n)?;
            for (d, x) in dst.iter().zip(xs) {
                copy(fx, *d, x);
            }
        }
        O::Trunc
        | O::ZExt
        | O::SExt
        | O::FPTrunc
        | O::FPExt
        | O::FPToUI
        | O::FPToSI
        | O::UIToFP
        | O::SIToFP
        | O::PtrToInt
        | O::IntToPtr
        | O::BitCast
        | O::AddrSpaceCast => {
            let st = data.args.first().map(|op| m.operand_ty(fx.body, *op)).unwrap_or(TypeId::VOID);
            let ((sn, se), (_, de)) = (
                lanes_of(fx, st).ok_or_else(unsupported)?,
                lanes_of(fx, data.ty).ok_or_else(unsupported)?,
            );
            if sn != n {
                return Err(unsupported());
            }
            reg_ty(m, se, span)?;
            reg_ty(m, de, span)?;
            let xs = arg(fx, data, 0, n)?;
            for (d, x) in dst.iter().zip(xs) {
                let r = super::inst::cast(fx, data.op, se, de, x);
                copy(fx, *d, r);
            }
        }
        O::Load => {
            let (_, et) = lanes_of(fx, data.ty).ok_or_else(unsupported)?;
            let ty = reg_ty(m, et, span)?;
            let size = fx.cx.lay.get(et).size as u32;
            if let Type::Int(b @ (1 | 2 | 4)) = m.types.get(et) {
                let addr = fx.operand(*data.args.first().ok_or_else(unsupported)?)?;
                return load_packed(fx, addr, *b, dst);
            }
            if matches!(m.types.get(et), Type::Int(b) if *b % 8 != 0) {
                return Err(unsupported());
            }
            let addr = fx.operand(*data.args.first().ok_or_else(unsupported)?)?;
            for (k, d) in dst.iter().enumerate() {
                fx.emit(Inst::Load {
                    dst: *d,
                    ty,
                    size: size as u8,
                    signed: false,
                    addr,
                    offset: k as u32 * size,
                });
            }
        }
        O::Store => {
            let vt = data.args.first().map(|op| m.operand_ty(fx.body, *op)).unwrap_or(TypeId::VOID);
            let (vn, et) = lanes_of(fx, vt).ok_or_else(unsupported)?;
            let ty = reg_ty(m, et, span)?;
            let size = fx.cx.lay.get(et).size as u32;
            if let Type::Int(b @ (1 | 2 | 4)) = m.types.get(et) {
                let xs = arg(fx, data, 0, vn)?;
                let addr = fx.operand(*data.args.get(1).ok_or_else(unsupported)?)?;
                store_packed(fx, addr, *b, &xs);
                return Ok(());
            }
            if matches!(m.types.get(et), Type::Int(b) if *b % 8 != 0) {
                return Err(LowerError::unsupported(
                    span,
                    format!("storing vector type {}", type_text(m, vt)),
                ));
            }
            let xs = arg(fx, data, 0, vn)?;
            let addr = fx.operand(*data.args.get(1).ok_or_else(unsupported)?)?;
            for (k, x) in xs.into_iter().enumerate() {
                fx.emit(Inst::Store {
                    ty,
                    size: size as u8,
                    addr,
                    offset: k as u32 * size,
                    src: x,
                });
            }
        }
        O::ExtractElement => {
            let vt = data.args.first().map(|op| m.operand_ty(fx.body, *op)).unwrap_or(TypeId::VOID);
            let (vn, _) = lanes_of(fx, vt).ok_or_else(unsupported)?;
            let xs = arg(fx, data, 0, vn)?;
            let d = super::inst::dst_of(fx, data)?;
            let Some(i) = const_index(fx, data.args.get(1)) else {
                // A chain of selects (an index out of range gives poison: any lane).
                let idx = index_reg(fx, data, 1)?;
                let mut r = *xs.first().ok_or_else(unsupported)?;
                for (k, x) in xs.iter().enumerate().skip(1) {
                    let c = lane_is(fx, idx, k as u64);
                    let t = fx.new_reg(fx.reg_ty(r));
                    fx.emit(Inst::Select { dst: t, cond: c, a: *x, b: r });
                    r = t;
                }
                copy(fx, d, r);
                return Ok(());
            };
            match xs.get(i as usize) {
                Some(&x) => copy(fx, d, x),
                None => {
                    let ty = fx.reg_ty(d);
                    let z = zero(fx, ty);
                    copy(fx, d, z);
                }
            }
        }
        O::InsertElement => {
            let xs = arg(fx, data, 0, n)?;
            let e = fx.operand(*data.args.get(1).ok_or_else(unsupported)?)?;
            let Some(i) = const_index(fx, data.args.get(2)) else {
                let idx = index_reg(fx, data, 2)?;
                for (k, (d, x)) in dst.iter().zip(xs).enumerate() {
                    let c = lane_is(fx, idx, k as u64);
                    fx.emit(Inst::Select { dst: *d, cond: c, a: e, b: x });
                }
                return Ok(());
            };
            for (k, (d, x)) in dst.iter().zip(xs).enumerate() {
                copy(fx, *d, if k as u64 == i { e } else { x });
            }
        }
        O::ShuffleVector => {
            let vt = data.args.first().map(|op| m.operand_ty(fx.body, *op)).unwrap_or(TypeId::VOID);
            let (vn, et) = lanes_of(fx, vt).ok_or_else(unsupported)?;
            let ty = reg_ty(m, et, span)?;
            let mut src = arg(fx, data, 0, vn)?;
            src.extend(arg(fx, data, 1, vn)?);
            let Some(Operand::Const(mc)) = data.args.get(2) else {
                return Err(LowerError::unsupported(span, "shufflevector with a variable mask"));
            };
            let idx: Vec<Option<u64>> = match m.consts.kind(*mc) {
                ConstKind::Aggregate(es) => {
                    es.iter().map(|e| const_index(fx, Some(&Operand::Const(*e)))).collect()
                }
                ConstKind::Zero => vec![Some(0); n as usize],
                _ => vec![None; n as usize],
            };
            for (d, i) in dst.iter().zip(idx) {
                match i.and_then(|i| src.get(i as usize).copied()) {
                    Some(x) => copy(fx, *d, x),
                    None => {
                        let z = zero(fx, ty);
                        copy(fx, *d, z);
                    }
                }
            }
        }
        _ => return Err(unsupported()),
    }
    Ok(())
}

/// Loads a vector of `bits`-bit lanes (1, 2 or 4) packed in bytes, lane 0 in the lowest
/// bits, as LLVM lays out vectors of narrow integers in memory.
fn load_packed(fx: &mut FnCx, addr: VReg, bits: u32, dst: &[VReg]) -> LResult<()> {
    let per = 8 / bits;
    let mut byte = None;
    for (k, d) in dst.iter().enumerate() {
        let k = k as u32;
        if k.is_multiple_of(per) {
            let b = fx.new_reg(Ty::I32);
            fx.emit(Inst::Load {
                dst: b,
                ty: Ty::I32,
                size: 1,
                signed: false,
                addr,
                offset: k / per,
            });
            byte = Some(b);
        }
        let Some(b) = byte else { continue };
        let sh = fx.iconst(Ty::I32, u64::from(k % per * bits));
        let v = fx.new_reg(Ty::I32);
        fx.emit(Inst::Bin { op: Bin::ShrU, ty: Ty::I32, dst: v, a: b, b: sh });
        let r = super::legal::mask(fx, v, bits);
        copy(fx, *d, r);
    }
    Ok(())
}

/// Stores lanes of `bits` bits (1, 2 or 4) packed in bytes (see [`load_packed`]); the
/// unused bits of a last partial byte are zero.
fn store_packed(fx: &mut FnCx, addr: VReg, bits: u32, xs: &[VReg]) {
    let per = (8 / bits) as usize;
    for (j, chunk) in xs.chunks(per).enumerate() {
        let mut acc = fx.iconst(Ty::I32, 0);
        for (k, x) in chunk.iter().enumerate() {
            let sh = fx.iconst(Ty::I32, k as u64 * u64::from(bits));
            let v = fx.new_reg(Ty::I32);
            fx.emit(Inst::Bin { op: Bin::Shl, ty: Ty::I32, dst: v, a: *x, b: sh });
            let o = fx.new_reg(Ty::I32);
            fx.emit(Inst::Bin { op: Bin::Or, ty: Ty::I32, dst: o, a: acc, b: v });
            acc = o;
        }
        fx.emit(Inst::Store { ty: Ty::I32, size: 1, addr, offset: j as u32, src: acc });
    }
}

/// The register of a variable lane index (operand `k`), and its register type.
fn index_reg(fx: &mut FnCx, data: &InstData, k: usize) -> LResult<VReg> {
    let op = *data
        .args
        .get(k)
        .ok_or_else(|| LowerError::unsupported(data.span, "a missing lane index"))?;
    fx.operand(op)
}

/// `idx == k` as 0/1 in an `I32`.
pub(super) fn lane_is(fx: &mut FnCx, idx: VReg, k: u64) -> VReg {
    let ty = fx.reg_ty(idx);
    let kk = fx.iconst(ty, k);
    let c = fx.new_reg(Ty::I32);
    fx.emit(Inst::Cmp { cc: super::form::Cmp::Eq, ty, dst: c, a: idx, b: kk });
    c
}
