//! Vectors of integers of 65 to 128 bits (`<2 x i128>`, `<4 x i72>`): a value lives in two
//! `I64` registers per lane, `[low 0, high 0, low 1, high 1, ...]` (in
//! [`super::func::FnCx::vecs`], so phis, calls and returns move them all), and each
//! instruction works lane by lane with the operations of [`super::wide`]. Lanes are whole
//! bytes in memory only when the width is (`i72`, `i128`); others are refused there.

use super::form::{Inst, Ty, VReg};
use super::func::FnCx;
use super::inst::copy;
use super::lanes::Lane;
use super::legal::{resize, sresize};
use super::vector::{const_index, lane_is};
use super::wide::{binop, halves, icmp, is_wide_ty, W};
use super::wide_lanes::{masked, sel, sext};
use super::{LResult, LowerError};
use crate::ir::{ConstKind, Extra, InstData, IntPredicate, Module, Opcode, Operand, TypeId};

/// The lane count and width of a vector of 65- to 128-bit integers.
pub fn wide_vector(m: &Module, t: TypeId) -> Option<(u32, u32)> {
    match m.types.vector(t) {
        Some((false, n, et)) if is_wide_ty(m, et) => Some((n, m.types.int_bits(et)?)),
        _ => None,
    }
}

/// True when the instruction reads or produces such a vector.
pub fn involves(fx: &FnCx, data: &InstData) -> bool {
    let m = fx.cx.m;
    std::iter::once(data.ty)
        .chain(data.args.iter().map(|op| m.operand_ty(fx.body, *op)))
        .any(|t| wide_vector(m, t).is_some())
}

/// The lanes of a wide-vector operand as pairs (constants are materialized).
pub fn pairs(fx: &mut FnCx, op: Operand, n: u32) -> LResult<Vec<W>> {
    let m = fx.cx.m;
    match op {
        Operand::Value(v) => {
            let regs = fx.vecs.get(&v).cloned().unwrap_or_default();
            if regs.len() != 2 * n as usize {
                return Err(LowerError::unsupported(fx.span, "a wide vector without registers"));
            }
            Ok(regs.chunks(2).map(|c| (c[0], c[1])).collect())
        }
        Operand::Const(c) => match m.consts.kind(c) {
            ConstKind::Aggregate(es) => es.iter().map(|e| halves(fx, Operand::Const(*e))).collect(),
            ConstKind::Zero | ConstKind::Undef | ConstKind::Poison => {
                let z = fx.iconst(Ty::I64, 0);
                Ok(vec![(z, z); n as usize])
            }
            _ => Err(LowerError::unsupported(fx.span, "this kind of wide vector constant")),
        },
        Operand::Md(_) => Err(LowerError::unsupported(fx.span, "a metadata operand")),
    }
}

fn flat(ws: &[W]) -> Vec<VReg> {
    ws.iter().flat_map(|(l, h)| [*l, *h]).collect()
}

/// Writes the result: pairs for a wide vector or scalar, lane registers otherwise.
fn write(fx: &mut FnCx, data: &InstData, regs: Vec<VReg>) -> LResult<()> {
    let v = data.result.ok_or_else(|| LowerError::unsupported(data.span, "a missing result"))?;
    if let Some(dst) = fx.vecs.get(&v).cloned() {
        if dst.len() != regs.len() {
            return Err(LowerError::unsupported(data.span, "a result of another shape"));
        }
        for (d, s) in dst.iter().zip(regs) {
            copy(fx, *d, s);
        }
        return Ok(());
    }
    if let Some((r, shape)) = super::simd::packed_result(fx, data) {
        super::simd::pack(fx, r, shape, &regs);
        return Ok(());
    }
    let d = super::inst::dst_of(fx, data)?;
    let r = *regs.first().ok_or_else(|| LowerError::unsupported(data.span, "a missing result"))?;
    copy(fx, d, r);
    Ok(())
}

/// Lowers an instruction on vectors of 65- to 128-bit integers.
pub fn lower(fx: &mut FnCx, data: &InstData) -> LResult<()> {
    use Opcode as O;
    let span = data.span;
    let m = fx.cx.m;
    let unsupported = || {
        LowerError::unsupported(
            span,
            format!("`{}` on {}", data.op.name(), super::abi::type_text(m, data.ty)),
        )
    };
    let ty_of =
        |k: usize| data.args.get(k).map(|op| m.operand_ty(fx.body, *op)).unwrap_or(TypeId::VOID);
    let arg = |k: usize| data.args.get(k).copied().ok_or_else(unsupported);
    match data.op {
        O::InsertElement => {
            let (n, _) = wide_vector(m, data.ty).ok_or_else(unsupported)?;
            let xs = pairs(fx, arg(0)?, n)?;
            let e = halves(fx, arg(1)?)?;
            let out: Vec<W> = match const_index(fx, data.args.get(2)) {
                Some(i) => {
                    xs.iter().enumerate().map(|(k, x)| if k as u64 == i { e } else { *x }).collect()
                }
                None => {
                    let idx = fx.operand(arg(2)?)?;
                    let mut out = Vec::with_capacity(xs.len());
                    for (k, x) in xs.iter().enumerate() {
                        let c = lane_is(fx, idx, k as u64);
                        out.push(sel(fx, c, e, *x));
                    }
                    out
                }
            };
            write(fx, data, flat(&out))
        }
        O::ExtractElement => {
            let (n, _) = wide_vector(m, ty_of(0)).ok_or_else(unsupported)?;
            let xs = pairs(fx, arg(0)?, n)?;
            let first = *xs.first().ok_or_else(unsupported)?;
            let r = match const_index(fx, data.args.get(1)) {
                Some(i) => xs.get(i as usize).copied().unwrap_or(first),
                None => {
                    let idx = fx.operand(arg(1)?)?;
                    let mut r = first;
                    for (k, x) in xs.iter().enumerate().skip(1) {
                        let c = lane_is(fx, idx, k as u64);
                        r = sel(fx, c, *x, r);
                    }
                    r
                }
            };
            write(fx, data, vec![r.0, r.1])
        }
        O::ShuffleVector => {
            let (n, _) = wide_vector(m, ty_of(0)).ok_or_else(unsupported)?;
            let mut src = pairs(fx, arg(0)?, n)?;
            src.extend(pairs(fx, arg(1)?, n)?);
            let Some(Operand::Const(mc)) = data.args.get(2) else { return Err(unsupported()) };
            let (rn, _) = wide_vector(m, data.ty).ok_or_else(unsupported)?;
            let idx: Vec<Option<u64>> = match m.consts.kind(*mc) {
                ConstKind::Aggregate(es) => {
                    es.iter().map(|e| const_index(fx, Some(&Operand::Const(*e)))).collect()
                }
                _ => vec![Some(0); rn as usize],
            };
            let z = fx.iconst(Ty::I64, 0);
            let out: Vec<W> = idx
                .iter()
                .map(|i| i.and_then(|i| src.get(i as usize).copied()).unwrap_or((z, z)))
                .collect();
            write(fx, data, flat(&out))
        }
        O::Add
        | O::Sub
        | O::Mul
        | O::And
        | O::Or
        | O::Xor
        | O::Shl
        | O::LShr
        | O::AShr
        | O::UDiv
        | O::SDiv
        | O::URem
        | O::SRem => {
            let (n, bits) = wide_vector(m, data.ty).ok_or_else(unsupported)?;
            let (xs, ys) = (pairs(fx, arg(0)?, n)?, pairs(fx, arg(1)?, n)?);
            let mut out = Vec::with_capacity(xs.len());
            for (x, y) in xs.into_iter().zip(ys) {
                let r = match data.op {
                    O::UDiv | O::URem | O::SDiv | O::SRem => {
                        let signed = matches!(data.op, O::SDiv | O::SRem);
                        let (x, y) =
                            if signed { (sext(fx, x, bits), sext(fx, y, bits)) } else { (x, y) };
                        let name = match data.op {
                            O::UDiv => "__udivti3",
                            O::SDiv => "__divti3",
                            O::URem => "__umodti3",
                            _ => "__modti3",
                        };
                        super::wide_lanes::divmod(fx, name, x, y)?
                    }
                    O::AShr => {
                        let sx = sext(fx, x, bits);
                        binop(fx, O::AShr, sx, y)
                    }
                    op => binop(fx, op, x, y),
                };
                out.push(masked(fx, r, bits));
            }
            write(fx, data, flat(&out))
        }
        O::ICmp => {
            let Extra::ICmp(p) = data.extra else { return Err(unsupported()) };
            let (n, bits) = wide_vector(m, ty_of(0)).ok_or_else(unsupported)?;
            let (xs, ys) = (pairs(fx, arg(0)?, n)?, pairs(fx, arg(1)?, n)?);
            let signed = matches!(
                p,
                IntPredicate::Sgt | IntPredicate::Sge | IntPredicate::Slt | IntPredicate::Sle
            );
            let mut out = Vec::with_capacity(xs.len());
            for (x, y) in xs.into_iter().zip(ys) {
                let (x, y) = if signed { (sext(fx, x, bits), sext(fx, y, bits)) } else { (x, y) };
                out.push(icmp(fx, p, x, y));
            }
            write(fx, data, out)
        }
        O::Select => {
            let (n, _) = wide_vector(m, data.ty).ok_or_else(unsupported)?;
            let (xs, ys) = (pairs(fx, arg(1)?, n)?, pairs(fx, arg(2)?, n)?);
            let conds = if m.types.is_vector(ty_of(0)) {
                super::vector::lanes(fx, arg(0)?, n)?
            } else {
                vec![fx.operand(arg(0)?)?; n as usize]
            };
            let mut out = Vec::with_capacity(xs.len());
            for ((c, x), y) in conds.into_iter().zip(xs).zip(ys) {
                out.push(sel(fx, c, x, y));
            }
            write(fx, data, flat(&out))
        }
        O::Freeze => {
            let (n, _) = wide_vector(m, data.ty).ok_or_else(unsupported)?;
            let xs = pairs(fx, arg(0)?, n)?;
            write(fx, data, flat(&xs))
        }
        O::Trunc | O::ZExt | O::SExt => {
            let (st, dt) = (ty_of(0), data.ty);
            let (n, _) = super::vector::lanes_of(fx, st).ok_or_else(unsupported)?;
            let (se, de) = (m.types.scalar(st), m.types.scalar(dt));
            let (sb, db) = (
                m.types.int_bits(se).ok_or_else(unsupported)?,
                m.types.int_bits(de).ok_or_else(unsupported)?,
            );
            let signed = data.op == O::SExt;
            // Every lane as a pair, then to the destination's representation.
            let xs: Vec<W> = if is_wide_ty(m, se) {
                pairs(fx, arg(0)?, n)?
            } else {
                let lanes = super::vector::lanes(fx, arg(0)?, n)?;
                let z = fx.iconst(Ty::I64, 0);
                lanes
                    .into_iter()
                    .map(|x| {
                        let x64 = if signed {
                            sresize(fx, x, sb, 64, Ty::I64)
                        } else {
                            resize(fx, x, sb, 64, Ty::I64)
                        };
                        // `sresize` to 64 bits leaves the whole register sign-extended.
                        let hi = if signed {
                            super::lanes::bin_k(fx, super::form::Bin::ShrS, Ty::I64, x64, 63)
                        } else {
                            z
                        };
                        (x64, hi)
                    })
                    .collect()
            };
            let xs: Vec<W> = if signed && is_wide_ty(m, se) {
                xs.into_iter().map(|x| sext(fx, x, sb)).collect()
            } else {
                xs
            };
            if is_wide_ty(m, de) {
                let out: Vec<W> = xs.into_iter().map(|x| masked(fx, x, db)).collect();
                write(fx, data, flat(&out))
            } else {
                let dty = super::legal::int_ty(db);
                let out: Vec<VReg> =
                    xs.into_iter().map(|(lo, _)| resize(fx, lo, 64, db, dty)).collect();
                write(fx, data, out)
            }
        }
        O::FPToSI | O::FPToUI => {
            let (n, bits) = wide_vector(m, data.ty).ok_or_else(unsupported)?;
            let se = m.types.scalar(ty_of(0));
            let xs = super::vector::lanes(fx, arg(0)?, n)?;
            let mut out = Vec::with_capacity(xs.len());
            for x in xs {
                let d = super::wide::to_f64(fx, se, x);
                let r = super::wide::float_to_wide(fx, d, data.op == O::FPToSI);
                out.push(masked(fx, r, bits));
            }
            write(fx, data, flat(&out))
        }
        O::SIToFP | O::UIToFP => {
            let (n, bits) = wide_vector(m, ty_of(0)).ok_or_else(unsupported)?;
            let de = m.types.scalar(data.ty);
            let small = super::half::small(m, de);
            let fty = match (small, super::abi::scalar_ty(m, de)) {
                (Some(_), _) => Ty::F64,
                (None, Some(t)) => t,
                _ => return Err(unsupported()),
            };
            let xs = pairs(fx, arg(0)?, n)?;
            let signed = data.op == O::SIToFP;
            let mut out = Vec::with_capacity(xs.len());
            for x in xs {
                let x = if signed { sext(fx, x, bits) } else { x };
                let r = super::wide::wide_to_float(fx, x.0, x.1, signed, fty);
                out.push(match small {
                    Some(s) => super::half::narrow(fx, s, r),
                    None => r,
                });
            }
            write(fx, data, out)
        }
        O::Load | O::Store => {
            let vt = if data.op == O::Load { data.ty } else { ty_of(0) };
            let (n, bits) = wide_vector(m, vt).ok_or_else(unsupported)?;
            if !bits.is_multiple_of(8) {
                return Err(unsupported());
            }
            let size = bits / 8;
            let hs = (size - 8) as u8;
            if data.op == O::Load {
                let addr = fx.operand(arg(0)?)?;
                let mut out = Vec::with_capacity(2 * n as usize);
                for k in 0..n {
                    let (lo, hi) = (fx.new_reg(Ty::I64), fx.new_reg(Ty::I64));
                    let off = k * size;
                    fx.emit(Inst::Load {
                        dst: lo,
                        ty: Ty::I64,
                        size: 8,
                        signed: false,
                        addr,
                        offset: off,
                    });
                    fx.emit(Inst::Load {
                        dst: hi,
                        ty: Ty::I64,
                        size: hs,
                        signed: false,
                        addr,
                        offset: off + 8,
                    });
                    out.extend([lo, hi]);
                }
                write(fx, data, out)
            } else {
                let xs = pairs(fx, arg(0)?, n)?;
                let addr = fx.operand(arg(1)?)?;
                for (k, (lo, hi)) in xs.into_iter().enumerate() {
                    let off = k as u32 * size;
                    fx.emit(Inst::Store { ty: Ty::I64, size: 8, addr, offset: off, src: lo });
                    fx.emit(Inst::Store { ty: Ty::I64, size: hs, addr, offset: off + 8, src: hi });
                }
                Ok(())
            }
        }
        _ => Err(unsupported()),
    }
}

/// A lane operation of an intrinsic call on vectors of 65- to 128-bit integers (or with such a
/// result), lane by lane through [`super::wide_lanes::lane_w`].
pub fn intrinsic(
    fx: &mut FnCx,
    data: &InstData,
    lane: Lane,
    args: &[Operand],
    refused: &dyn Fn() -> LowerError,
) -> LResult<()> {
    let m = fx.cx.m;
    let shape = super::lanes::CallShape::of(fx, data, args);
    let (n, _) = shape.all().find_map(|t| super::vector::lanes_of(fx, t)).ok_or_else(refused)?;
    let wide_t =
        shape.all().map(|t| m.types.scalar(t)).find(|t| is_wide_ty(m, *t)).ok_or_else(refused)?;
    let tys = shape.tys;
    // Per operand, per lane: its registers.
    let mut ops: Vec<Vec<Vec<VReg>>> = Vec::with_capacity(args.len());
    for (op, t) in args.iter().zip(&tys) {
        let lanes: Vec<Vec<VReg>> = if wide_vector(m, *t).is_some() {
            pairs(fx, *op, n)?.into_iter().map(|(l, h)| vec![l, h]).collect()
        } else if m.types.is_vector(*t) {
            super::vector::lanes(fx, *op, n)?.into_iter().map(|r| vec![r]).collect()
        } else if is_wide_ty(m, *t) {
            let (l, h) = halves(fx, *op)?;
            vec![vec![l, h]; n as usize]
        } else {
            vec![vec![fx.operand(*op)?]; n as usize]
        };
        ops.push(lanes);
    }
    let scalar_tys: Vec<TypeId> = tys.iter().map(|t| m.types.scalar(*t)).collect();
    let mut values = Vec::new();
    let mut flags = Vec::new();
    for k in 0..n as usize {
        let a: Vec<Vec<VReg>> = ops.iter().filter_map(|o| o.get(k).cloned()).collect();
        let r = super::wide_lanes::lane_w(fx, lane, wide_t, &scalar_tys, &a, refused)?;
        values.extend(r.iter().take(2).copied());
        flags.extend(r.get(2).copied());
    }
    values.extend(flags);
    write(fx, data, values)
}
