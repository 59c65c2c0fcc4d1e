//! Aggregates as values: a struct or array of supported scalars (at most 64 leaves) lives in
//! one register per scalar leaf, in memory order, like a vector's lanes. Loads and stores go
//! leaf by leaf at the data layout's field offsets; `extractvalue` and `insertvalue` pick or
//! replace a run of leaves; calls and returns pass the leaves as multiple values.

use super::abi::{reg_ty, type_text};
use super::form::{Const, Inst, Ty, VReg};
use super::func::FnCx;
use super::inst::copy;
use super::legal::mask;
use super::{LResult, LowerError};
use crate::ir::layout::Class;
use crate::ir::{ConstId, ConstKind, Extra, InstData, Opcode, Operand, Type, TypeId};

/// The scalar leaves of an aggregate type with their byte offsets.
pub fn leaves(fx: &FnCx, t: TypeId, base: u64, out: &mut Vec<(TypeId, u64)>) {
    match fx.cx.lay.class(t).clone() {
        Class::Struct(fields, offs) => {
            for (f, o) in fields.iter().zip(offs.iter()) {
                leaves(fx, *f, base + o, out);
            }
        }
        Class::Array(n, et) => {
            let stride = fx.cx.lay.get(et).alloc;
            for k in 0..n.min(65) {
                leaves(fx, et, base + k * stride, out);
            }
        }
        Class::Vector(n, et) => {
            let size = fx.cx.lay.get(et).size;
            for k in 0..u64::from(n.min(65)) {
                out.push((et, base + k * size));
            }
        }
        _ => out.push((t, base)),
    }
}

/// True when type `t` holds a vector whose lanes are not whole bytes (packed as bits in
/// memory, so [`leaves`] has no byte offsets for them).
fn has_packed_lanes(fx: &FnCx, t: TypeId) -> bool {
    match fx.cx.lay.class(t).clone() {
        Class::Struct(fields, _) => fields.iter().any(|f| has_packed_lanes(fx, *f)),
        Class::Array(_, et) => has_packed_lanes(fx, et),
        Class::Vector(_, et) => fx.cx.m.types.int_bits(et).is_some_and(|b| b % 8 != 0),
        _ => false,
    }
}

/// Number of leaves of a type (1 for a scalar).
fn count(fx: &FnCx, t: TypeId) -> usize {
    let m = fx.cx.m;
    if m.types.is_aggregate(t) || m.types.is_vector(t) {
        super::abi::leaf_regs(m, t).map_or(0, |v| v.len())
    } else if super::wide::is_wide_ty(m, t) {
        2
    } else {
        1
    }
}

/// Materializes the leaves of an aggregate constant.
pub fn const_leaves(fx: &mut FnCx, c: ConstId, t: TypeId, out: &mut Vec<VReg>) -> LResult<()> {
    let m = fx.cx.m;
    if let Some((false, n, _)) = m.types.vector(t) {
        out.extend(super::vector::lanes(fx, Operand::Const(c), n)?);
        return Ok(());
    }
    if super::wide::is_wide_ty(m, t) {
        let (lo, hi) = super::wide::halves(fx, Operand::Const(c))?;
        out.extend([lo, hi]);
        return Ok(());
    }
    if !m.types.is_aggregate(t) {
        out.push(fx.constant(c)?);
        return Ok(());
    }
    match m.consts.kind(c) {
        ConstKind::Zero | ConstKind::Undef | ConstKind::Poison => {
            let regs = super::abi::leaf_regs(m, t).ok_or_else(|| {
                LowerError::unsupported(fx.span, format!("constants of type {}", type_text(m, t)))
            })?;
            for ty in regs {
                let z = match ty {
                    super::form::Ty::F32 => fx.konst(ty, Const::F32(0)),
                    super::form::Ty::F64 => fx.konst(ty, Const::F64(0)),
                    _ => fx.iconst(ty, 0),
                };
                out.push(z);
            }
            Ok(())
        }
        ConstKind::Bytes(b) => {
            for x in b.iter() {
                out.push(fx.iconst(super::form::Ty::I32, *x as u64));
            }
            Ok(())
        }
        ConstKind::Aggregate(es) => {
            let elem_tys: Vec<TypeId> = match m.types.struct_fields(t) {
                Some((_, fs)) => fs.to_vec(),
                None => match m.types.array(t) {
                    Some((n, et)) => vec![et; n as usize],
                    None => {
                        return Err(LowerError::unsupported(fx.span, "this aggregate constant"))
                    }
                },
            };
            for (e, et) in es.iter().zip(elem_tys) {
                const_leaves(fx, *e, et, out)?;
            }
            Ok(())
        }
        _ => Err(LowerError::unsupported(fx.span, "this aggregate constant")),
    }
}

/// The leaf range `(start, len)` that `indices` select inside type `t`, and its type.
fn select(fx: &FnCx, t: TypeId, indices: &[u32]) -> Option<(usize, usize, TypeId)> {
    let m = fx.cx.m;
    let (mut start, mut ty) = (0usize, t);
    for &i in indices {
        let fields: Vec<TypeId> = match m.types.struct_fields(ty) {
            Some((_, fs)) => fs.to_vec(),
            None => {
                let (n, et) = m.types.array(ty)?;
                vec![et; n as usize]
            }
        };
        start += fields.iter().take(i as usize).map(|f| count(fx, *f)).sum::<usize>();
        ty = *fields.get(i as usize)?;
    }
    Some((start, count(fx, ty), ty))
}

/// The leaves of an aggregate operand.
fn operand_leaves(fx: &mut FnCx, op: Operand) -> LResult<Vec<VReg>> {
    let t = fx.cx.m.operand_ty(fx.body, op);
    if let Some((false, n, _)) = fx.cx.m.types.vector(t) {
        return super::vector::lanes(fx, op, n);
    }
    if super::wide::is_wide_ty(fx.cx.m, t) {
        let (lo, hi) = super::wide::halves(fx, op)?;
        return Ok(vec![lo, hi]);
    }
    match op {
        Operand::Value(v) if !fx.cx.m.types.is_aggregate(t) => {
            Ok(vec![fx.operand(Operand::Value(v))?])
        }
        Operand::Value(v) => fx.vecs.get(&v).cloned().ok_or_else(|| {
            LowerError::unsupported(fx.span, format!("values of type {}", type_text(fx.cx.m, t)))
        }),
        Operand::Const(c) => {
            let mut out = Vec::new();
            const_leaves(fx, c, t, &mut out)?;
            Ok(out)
        }
        Operand::Md(_) => Err(LowerError::unsupported(fx.span, "a metadata operand")),
    }
}

/// Lowers an instruction on aggregate values.
pub fn lower(fx: &mut FnCx, data: &InstData) -> LResult<()> {
    let span = data.span;
    let m = fx.cx.m;
    let unsupported = || {
        LowerError::unsupported(
            span,
            format!("`{}` on aggregate type {}", data.op.name(), type_text(m, data.ty)),
        )
    };
    // A vector result kept in one register is computed in lane registers, then packed.
    let packed = super::simd::packed_result(fx, data);
    let dst: Vec<VReg> = match (data.result, packed) {
        (_, Some((_, shape))) => (0..shape.lanes()).map(|_| fx.new_reg(shape.lane_ty())).collect(),
        (Some(v), None)
            if m.types.is_aggregate(data.ty)
                || m.types.is_vector(data.ty)
                || super::wide::is_wide_ty(m, data.ty) =>
        {
            fx.vecs.get(&v).cloned().ok_or_else(unsupported)?
        }
        (Some(_), None) => vec![super::inst::dst_of(fx, data)?],
        (None, _) => Vec::new(),
    };
    lower_leaves(fx, data, &dst)?;
    if let Some((r, shape)) = packed {
        super::simd::pack(fx, r, shape, &dst);
    }
    Ok(())
}

/// Lowers an instruction on aggregates, its result's leaves in `dst`.
fn lower_leaves(fx: &mut FnCx, data: &InstData, dst: &[VReg]) -> LResult<()> {
    let span = data.span;
    let m = fx.cx.m;
    let unsupported = || {
        LowerError::unsupported(
            span,
            format!("`{}` on aggregate type {}", data.op.name(), type_text(m, data.ty)),
        )
    };
    let arg0 = *data.args.first().ok_or_else(unsupported)?;
    match (data.op, &data.extra) {
        (Opcode::ExtractValue, Extra::Indices(ix)) => {
            let src = operand_leaves(fx, arg0)?;
            let t = m.operand_ty(fx.body, arg0);
            let (start, len, _) = select(fx, t, ix).ok_or_else(unsupported)?;
            for (d, s) in dst.iter().zip(src.iter().skip(start).take(len)) {
                copy(fx, *d, *s);
            }
        }
        (Opcode::InsertValue, Extra::Indices(ix)) => {
            let src = operand_leaves(fx, arg0)?;
            let elem = operand_leaves(fx, *data.args.get(1).ok_or_else(unsupported)?)?;
            let (start, len, _) = select(fx, data.ty, ix).ok_or_else(unsupported)?;
            for (k, (d, s)) in dst.iter().zip(src).enumerate() {
                let v = if k >= start && k < start + len {
                    elem.get(k - start).copied().unwrap_or(s)
                } else {
                    s
                };
                copy(fx, *d, v);
            }
        }
        (Opcode::Load, _) if has_packed_lanes(fx, data.ty) => return Err(unsupported()),
        (Opcode::Load, _) => {
            let addr = fx.operand(arg0)?;
            let mut ls = Vec::new();
            leaves(fx, data.ty, 0, &mut ls);
            let mut regs = dst.iter().copied();
            for (t, off) in ls {
                let off = off as u32;
                if let Some(b) = m.types.int_bits(t).filter(|b| *b > 64) {
                    // Two registers: the low 8 bytes, then the rest of the store size.
                    let (Some(lo), Some(hi)) = (regs.next(), regs.next()) else {
                        return Err(unsupported());
                    };
                    let hs = (fx.cx.lay.get(t).size.saturating_sub(8)).clamp(1, 8) as u8;
                    fx.emit(Inst::Load {
                        dst: lo,
                        ty: Ty::I64,
                        size: 8,
                        signed: false,
                        addr,
                        offset: off,
                    });
                    let tmp = fx.new_reg(Ty::I64);
                    fx.emit(Inst::Load {
                        dst: tmp,
                        ty: Ty::I64,
                        size: hs,
                        signed: false,
                        addr,
                        offset: off + 8,
                    });
                    let r = mask(fx, tmp, b - 64);
                    copy(fx, hi, r);
                    continue;
                }
                let d = regs.next().ok_or_else(unsupported)?;
                let ty = reg_ty(m, t, span)?;
                let size = fx.cx.lay.get(t).size as u8;
                match m.types.get(t) {
                    Type::Int(b) if b % 8 != 0 => {
                        let tmp = fx.new_reg(ty);
                        fx.emit(Inst::Load {
                            dst: tmp,
                            ty,
                            size,
                            signed: false,
                            addr,
                            offset: off,
                        });
                        let r = mask(fx, tmp, *b);
                        copy(fx, d, r);
                    }
                    _ => fx.emit(Inst::Load { dst: d, ty, size, signed: false, addr, offset: off }),
                }
            }
        }
        (Opcode::Store, _) if has_packed_lanes(fx, m.operand_ty(fx.body, arg0)) => {
            return Err(unsupported())
        }
        (Opcode::Store, _) => {
            let vt = m.operand_ty(fx.body, arg0);
            let src = operand_leaves(fx, arg0)?;
            let addr = fx.operand(*data.args.get(1).ok_or_else(unsupported)?)?;
            let mut ls = Vec::new();
            leaves(fx, vt, 0, &mut ls);
            let mut regs = src.into_iter();
            for (t, off) in ls {
                let off = off as u32;
                if m.types.int_bits(t).is_some_and(|b| b > 64) {
                    let (Some(lo), Some(hi)) = (regs.next(), regs.next()) else {
                        return Err(unsupported());
                    };
                    let hs = (fx.cx.lay.get(t).size.saturating_sub(8)).clamp(1, 8) as u8;
                    fx.emit(Inst::Store { ty: Ty::I64, size: 8, addr, offset: off, src: lo });
                    fx.emit(Inst::Store { ty: Ty::I64, size: hs, addr, offset: off + 8, src: hi });
                    continue;
                }
                let s = regs.next().ok_or_else(unsupported)?;
                let ty = reg_ty(m, t, span)?;
                let size = fx.cx.lay.get(t).size as u8;
                fx.emit(Inst::Store { ty, size, addr, offset: off, src: s });
            }
        }
        (Opcode::CmpXchg, _) => {
            // Load, compare, store the new or the old value: the module runs on one thread.
            let (Some(&old), Some(&ok)) = (dst.first(), dst.get(1)) else {
                return Err(unsupported());
            };
            let vt = m.operand_ty(fx.body, *data.args.get(1).ok_or_else(unsupported)?);
            let ty = reg_ty(m, vt, span)?;
            let bits = match m.types.get(vt) {
                Type::Int(b) => *b,
                _ => fx.cx.ptr_bytes as u32 * 8,
            };
            let addr = fx.operand(arg0)?;
            let cmp = fx.operand(*data.args.get(1).ok_or_else(unsupported)?)?;
            let new = fx.operand(*data.args.get(2).ok_or_else(unsupported)?)?;
            let size = fx.cx.lay.get(vt).size as u8;
            fx.emit(Inst::Load { dst: old, ty, size, signed: false, addr, offset: 0 });
            super::inst::icmp_into(fx, crate::ir::IntPredicate::Eq, ty, bits, old, cmp, ok);
            let put = fx.new_reg(ty);
            fx.emit(Inst::Select { dst: put, cond: ok, a: new, b: old });
            fx.emit(Inst::Store { ty, size, addr, offset: 0, src: put });
        }
        (Opcode::Freeze, _) => {
            let src = operand_leaves(fx, arg0)?;
            for (d, s) in dst.iter().zip(src) {
                copy(fx, *d, s);
            }
        }
        (Opcode::Select, _) => {
            let c = fx.operand(arg0)?;
            let a = operand_leaves(fx, *data.args.get(1).ok_or_else(unsupported)?)?;
            let b = operand_leaves(fx, *data.args.get(2).ok_or_else(unsupported)?)?;
            for ((d, x), y) in dst.iter().zip(a).zip(b) {
                fx.emit(Inst::Select { dst: *d, cond: c, a: x, b: y });
            }
        }
        _ => return Err(unsupported()),
    }
    Ok(())
}

/// True when the instruction reads or produces an aggregate value.
pub fn involves_aggregates(fx: &FnCx, data: &InstData) -> bool {
    let m = fx.cx.m;
    m.types.is_aggregate(data.ty)
        || data.args.iter().any(|op| m.types.is_aggregate(m.operand_ty(fx.body, *op)))
}
