//! 128-bit vectors in one register ([`super::Options::v128`]): a `<4 x i32>`, `<2 x double>`,
//! ... value is one [`Ty::V128`] register, and the instructions that have a vector form with
//! the IR's semantics lane by lane become one vector instruction:
//!
//! - `add`, `sub`, `and`, `or`, `xor` (any integer lanes), `mul` (16-, 32- and 64-bit lanes):
//!   wrapping, as the IR without `nuw`/`nsw` (with them, overflow is poison, which the
//!   wrapped value refines);
//! - `shl`, `lshr`, `ashr` by a constant splat amount below the lane width (the IR makes a
//!   larger amount poison, where vector instruction sets mask or saturate it, so other
//!   amounts go lane by lane);
//! - `fadd`, `fsub`, `fmul`, `fdiv`, `fneg` (IEEE, lane by lane);
//! - `load` and `store` of the whole vector, `select` on a scalar condition, `freeze`,
//!   `extractelement`/`insertelement` at a constant index, `shufflevector` with a constant
//!   mask into the same vector type, `bitcast` between two such types.
//!
//! Everything else ([`super::vector`]) works on the lanes: [`extract_all`] takes them out,
//! the scalar code runs, [`pack`] puts the result back together.

use super::abi::v128_shape;
use super::form::{Bin, Const, Inst, Shape, Ty, Un, VReg};
use super::func::FnCx;
use super::inst::copy;
use super::LResult;
use crate::ir::{ConstId, ConstKind, InstData, Opcode, Operand, TypeId};

/// The shape of values of IR type `t` when they live in one `V128` register.
pub fn shape_of(fx: &FnCx, t: TypeId) -> Option<Shape> {
    v128_shape(fx.cx.m, fx.cx.opts, t)
}

/// The lanes of vector register `v`, each in a new register of the lane type.
pub fn extract_all(fx: &mut FnCx, v: VReg, shape: Shape) -> Vec<VReg> {
    (0..shape.lanes())
        .map(|k| {
            let dst = fx.new_reg(shape.lane_ty());
            fx.emit(Inst::VExtract { shape, lane: k as u8, dst, a: v });
            dst
        })
        .collect()
}

/// Puts lane registers back together into vector register `dst`.
pub fn pack(fx: &mut FnCx, dst: VReg, shape: Shape, lanes: &[VReg]) {
    let Some((&first, rest)) = lanes.split_first() else { return };
    let mut acc = fx.new_reg(Ty::V128);
    fx.emit(Inst::VSplat { shape, dst: acc, a: first });
    for (k, &x) in rest.iter().enumerate() {
        let next = if k + 2 == lanes.len() { dst } else { fx.new_reg(Ty::V128) };
        fx.emit(Inst::VReplace { shape, lane: k as u8 + 1, dst: next, a: acc, b: x });
        acc = next;
    }
    if rest.is_empty() {
        copy(fx, dst, acc);
    }
}

/// The bits of a lane constant, if it is a plain number (or undefined, taken as 0).
fn lane_bits(fx: &FnCx, c: ConstId) -> Option<u64> {
    match fx.cx.m.consts.kind(c) {
        ConstKind::Int(v) => Some(v.low_u64()),
        ConstKind::Float(b) => Some(*b as u64),
        ConstKind::Zero | ConstKind::Undef | ConstKind::Poison => Some(0),
        _ => None,
    }
}

/// The bits of a vector constant of shape `shape`, if every lane is a plain number.
fn const_bits(fx: &FnCx, c: ConstId, shape: Shape) -> Option<u128> {
    match fx.cx.m.consts.kind(c) {
        ConstKind::Zero | ConstKind::Undef | ConstKind::Poison => Some(0),
        ConstKind::Aggregate(es) => {
            let w = shape.lane_bytes() * 8;
            let mask = if w == 64 { u64::MAX } else { (1u64 << w) - 1 };
            let mut bits = 0u128;
            for (k, e) in es.iter().enumerate() {
                bits |= u128::from(lane_bits(fx, *e)? & mask) << (k as u32 * w);
            }
            Some(bits)
        }
        _ => None,
    }
}

/// Materializes a vector constant of shape `shape` in a new register.
pub fn constant(fx: &mut FnCx, c: ConstId, shape: Shape) -> LResult<VReg> {
    if let Some(bits) = const_bits(fx, c, shape) {
        return Ok(fx.konst(Ty::V128, Const::V128(bits)));
    }
    // Lanes that are addresses or constant expressions: built lane by lane.
    let lanes = super::vector::lanes(fx, Operand::Const(c), shape.lanes())?;
    let dst = fx.new_reg(Ty::V128);
    pack(fx, dst, shape, &lanes);
    Ok(dst)
}

/// The constant shift amount of every lane of `op`, if it is the same plain number.
fn splat_amount(fx: &FnCx, op: Operand) -> Option<u64> {
    let Operand::Const(c) = op else { return None };
    match fx.cx.m.consts.kind(c) {
        ConstKind::Zero => Some(0),
        ConstKind::Aggregate(es) => {
            let mut it = es.iter().map(|e| match fx.cx.m.consts.kind(*e) {
                ConstKind::Int(v) => v.to_u64(),
                _ => None,
            });
            let first = it.next()??;
            it.all(|x| x == Some(first)).then_some(first)
        }
        _ => None,
    }
}

/// A constant lane index below `n`.
fn index(fx: &FnCx, op: Option<&Operand>, n: u32) -> Option<u8> {
    let Some(Operand::Const(c)) = op else { return None };
    let i = match fx.cx.m.consts.kind(*c) {
        ConstKind::Int(v) => v.to_u64()?,
        ConstKind::Zero => 0,
        _ => return None,
    };
    (i < u64::from(n)).then_some(i as u8)
}

/// Lowers `data` with vector instructions when it has a direct form (see the module
/// documentation); false when it must go lane by lane.
pub fn lower(fx: &mut FnCx, data: &InstData) -> LResult<bool> {
    use Opcode as O;
    let m = fx.cx.m;
    let arg_ty = |k: usize| data.args.get(k).map(|op| m.operand_ty(fx.body, *op));
    let dst_shape = shape_of(fx, data.ty);
    let dst = || data.result.and_then(|v| fx.vals.get(&v).copied());
    let op = |k: usize| data.args.get(k).copied();
    match (data.op, dst_shape) {
        (
            O::Add
            | O::Sub
            | O::Mul
            | O::And
            | O::Or
            | O::Xor
            | O::FAdd
            | O::FSub
            | O::FMul
            | O::FDiv,
            Some(shape),
        ) => {
            let bin = match data.op {
                O::Add => Bin::Add,
                O::Sub => Bin::Sub,
                O::Mul => Bin::Mul,
                O::And => Bin::And,
                O::Or => Bin::Or,
                O::Xor => Bin::Xor,
                O::FAdd => Bin::FAdd,
                O::FSub => Bin::FSub,
                O::FMul => Bin::FMul,
                _ => Bin::FDiv,
            };
            let (Some(d), Some(x), Some(y), true) = (dst(), op(0), op(1), shape.has_bin(bin))
            else {
                return Ok(false);
            };
            let (a, b) = (fx.operand(x)?, fx.operand(y)?);
            fx.emit(Inst::VBin { op: bin, shape, dst: d, a, b });
        }
        (O::Shl | O::LShr | O::AShr, Some(shape)) => {
            let k = match op(1).and_then(|o| splat_amount(fx, o)) {
                Some(k) if k < u64::from(shape.lane_bytes() * 8) => k,
                _ => return Ok(false),
            };
            let (Some(d), Some(x)) = (dst(), op(0)) else { return Ok(false) };
            let a = fx.operand(x)?;
            let amount = fx.iconst(Ty::I32, k);
            let bin = match data.op {
                O::Shl => Bin::Shl,
                O::LShr => Bin::ShrU,
                _ => Bin::ShrS,
            };
            fx.emit(Inst::VShift { op: bin, shape, dst: d, a, amount });
        }
        (O::FNeg, Some(shape)) => {
            let (Some(d), Some(x)) = (dst(), op(0)) else { return Ok(false) };
            let a = fx.operand(x)?;
            fx.emit(Inst::VUn { op: Un::FNeg, shape, dst: d, a });
        }
        (O::Load, Some(_)) => {
            let (Some(d), Some(p)) = (dst(), op(0)) else { return Ok(false) };
            let addr = fx.operand(p)?;
            fx.emit(Inst::Load { dst: d, ty: Ty::V128, size: 16, signed: false, addr, offset: 0 });
        }
        (O::Store, _) => {
            let (Some(_), Some(v), Some(p)) =
                (arg_ty(0).and_then(|t| shape_of(fx, t)), op(0), op(1))
            else {
                return Ok(false);
            };
            let src = fx.operand(v)?;
            let addr = fx.operand(p)?;
            fx.emit(Inst::Store { ty: Ty::V128, size: 16, addr, offset: 0, src });
        }
        (O::Select, Some(_)) => {
            if arg_ty(0).is_some_and(|t| m.types.is_vector(t)) {
                return Ok(false);
            }
            let (Some(d), Some(c), Some(x), Some(y)) = (dst(), op(0), op(1), op(2)) else {
                return Ok(false);
            };
            let cond = fx.operand(c)?;
            let (a, b) = (fx.operand(x)?, fx.operand(y)?);
            fx.emit(Inst::Select { dst: d, cond, a, b });
        }
        (O::Freeze, Some(_)) => {
            let (Some(d), Some(x)) = (dst(), op(0)) else { return Ok(false) };
            let a = fx.operand(x)?;
            copy(fx, d, a);
        }
        (O::ExtractElement, _) => {
            let Some(shape) = arg_ty(0).and_then(|t| shape_of(fx, t)) else { return Ok(false) };
            let (Some(lane), Some(d), Some(x)) =
                (index(fx, data.args.get(1), shape.lanes()), dst(), op(0))
            else {
                return Ok(false);
            };
            let a = fx.operand(x)?;
            fx.emit(Inst::VExtract { shape, lane, dst: d, a });
        }
        (O::InsertElement, Some(shape)) => {
            let (Some(lane), Some(d), Some(x), Some(e)) =
                (index(fx, data.args.get(2), shape.lanes()), dst(), op(0), op(1))
            else {
                return Ok(false);
            };
            let a = fx.operand(x)?;
            let b = fx.operand(e)?;
            fx.emit(Inst::VReplace { shape, lane, dst: d, a, b });
        }
        (O::ShuffleVector, Some(shape)) => {
            if arg_ty(0) != Some(data.ty) {
                return Ok(false);
            }
            let (Some(d), Some(x), Some(y), Some(Operand::Const(mc))) =
                (dst(), op(0), op(1), op(2))
            else {
                return Ok(false);
            };
            let n = shape.lanes();
            let idx: Vec<u32> = match m.consts.kind(mc) {
                ConstKind::Aggregate(es) => es
                    .iter()
                    .map(|e| index(fx, Some(&Operand::Const(*e)), 2 * n).map_or(0, u32::from))
                    .collect(),
                _ => vec![0; n as usize],
            };
            let lb = shape.lane_bytes();
            let mut bytes = [0u8; 16];
            for (k, b) in bytes.iter_mut().enumerate() {
                let lane = idx.get(k / lb as usize).copied().unwrap_or(0);
                *b = (lane * lb + k as u32 % lb) as u8;
            }
            let (a, b) = (fx.operand(x)?, fx.operand(y)?);
            fx.emit(Inst::VShuffle { dst: d, a, b, bytes });
        }
        (O::BitCast, Some(_)) => {
            if arg_ty(0).and_then(|t| shape_of(fx, t)).is_none() {
                return Ok(false);
            }
            let (Some(d), Some(x)) = (dst(), op(0)) else { return Ok(false) };
            let a = fx.operand(x)?;
            copy(fx, d, a);
        }
        _ => return Ok(false),
    }
    Ok(true)
}

/// The vector register and shape of an instruction's result when it lives in one `V128`.
pub fn packed_result(fx: &FnCx, data: &InstData) -> Option<(VReg, Shape)> {
    let shape = shape_of(fx, data.ty)?;
    let r = data.result.and_then(|v| fx.vals.get(&v).copied())?;
    (fx.reg_ty(r) == Ty::V128).then_some((r, shape))
}
