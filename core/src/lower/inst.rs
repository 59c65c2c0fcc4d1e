//! Instruction selection for the non-terminator instructions: arithmetic with integer
//! legalization, comparisons, casts, memory access, GEP address arithmetic and `alloca`.
//! Calls and intrinsics are in [`super::calls`]; phis are lowered on the edges
//! ([`super::edges`]).

use super::abi::{reg_ty, type_text};
use super::form::{Bin, Cmp, FCmp, Inst, Ty, Un, VReg};
use super::func::FnCx;
use super::half::{narrow, small, widen};
use super::legal::{int_ty, mask, resize, sext_full, sresize, to_ptr, width};
use super::module::ModCx;
use super::{LResult, LowerError};
use crate::diag::Span;
use crate::ir::layout::Class;
use crate::ir::{
    ConstKind, FloatPredicate, Inst as IrInst, InstData, IntPredicate, Opcode, Operand, Type,
    TypeId,
};

/// The byte offset of a GEP with constant indices from its base.
pub fn const_gep_offset(cx: &ModCx, src: TypeId, idxs: &[i64], span: Span) -> LResult<i64> {
    let mut off: i64 = 0;
    let mut ty = src;
    for (k, &i) in idxs.iter().enumerate() {
        if k == 0 {
            off = off.wrapping_add(i.wrapping_mul(cx.lay.get(ty).alloc as i64));
            continue;
        }
        match cx.lay.class(ty).clone() {
            Class::Array(_, et) => {
                off = off.wrapping_add(i.wrapping_mul(cx.lay.get(et).alloc as i64));
                ty = et;
            }
            Class::Struct(fields, offs) => {
                let (Some(ft), Some(fo)) = (fields.get(i as usize), offs.get(i as usize)) else {
                    return Err(LowerError::unsupported(span, "a struct field index out of range"));
                };
                off = off.wrapping_add(*fo as i64);
                ty = *ft;
            }
            _ => {
                return Err(LowerError::unsupported(
                    span,
                    format!("getelementptr into {}", type_text(cx.m, ty)),
                ))
            }
        }
    }
    Ok(off)
}

/// The register of an instruction's result.
pub fn dst_of(fx: &FnCx, data: &InstData) -> LResult<VReg> {
    data.result.and_then(|v| fx.vals.get(&v).copied()).ok_or_else(|| {
        LowerError::unsupported(
            data.span,
            format!("`{}` producing {}", data.op.name(), type_text(fx.cx.m, data.ty)),
        )
    })
}

/// Writes `src` into `dst`.
pub fn copy(fx: &mut FnCx, dst: VReg, src: VReg) {
    if dst != src {
        fx.emit(Inst::ParCopy { moves: smallvec::smallvec![(dst, src)] });
    }
}

fn arg(fx: &mut FnCx, data: &InstData, k: usize) -> LResult<VReg> {
    let op =
        *data.args.get(k).ok_or_else(|| LowerError::unsupported(data.span, "a missing operand"))?;
    fx.operand(op)
}

fn arg_ty(fx: &FnCx, data: &InstData, k: usize) -> TypeId {
    data.args.get(k).map(|op| fx.cx.m.operand_ty(fx.body, *op)).unwrap_or(TypeId::VOID)
}

/// Bits of an integer type (64 for pointers and anything else).
fn bits_of(fx: &FnCx, t: TypeId) -> u32 {
    match fx.cx.m.types.get(t) {
        Type::Int(b) => *b,
        Type::Ptr(_) => fx.cx.ptr_bytes as u32 * 8,
        _ => 64,
    }
}

/// Rejects types that are not scalars of the supported kinds.
fn check_scalar(fx: &FnCx, t: TypeId, span: Span) -> LResult<Ty> {
    reg_ty(fx.cx.m, t, span)
}

/// Lowers one non-terminator instruction.
pub fn lower_inst(fx: &mut FnCx, _i: IrInst, data: &InstData) -> LResult<()> {
    use Opcode as O;
    let span = data.span;
    if data.op == O::LandingPad {
        return super::eh::landing_pad(fx, data);
    }
    if super::bits::is_wide_bitcast(fx, data) {
        return super::bits::lower(fx, data);
    }
    if !matches!(data.op, O::Phi | O::Call | O::ExtractValue | O::InsertValue)
        && super::wide_vector::involves(fx, data)
    {
        return super::wide_vector::lower(fx, data);
    }
    if !matches!(data.op, O::Phi | O::Call | O::ExtractValue | O::InsertValue)
        && super::wide::involves_wide(fx, data)
    {
        return super::wide::lower(fx, data);
    }
    if data.op != O::Phi && data.op != O::Call && super::agg::involves_aggregates(fx, data) {
        return super::agg::lower(fx, data);
    }
    if data.op != O::Phi && data.op != O::Call && super::vector::involves_vectors(fx, data) {
        return super::vector::lower(fx, data);
    }
    match data.op {
        O::Phi => Ok(()),
        // Operands with no set bit in common: `or` adds them (no carry, so no mask), which
        // lets address arithmetic fold constants (`or disjoint %i, 1` as `%i + 1`).
        O::Or if data.flags.has(crate::ir::InstFlags::DISJOINT) => {
            let ty = check_scalar(fx, data.ty, span)?;
            let (a, b) = (arg(fx, data, 0)?, arg(fx, data, 1)?);
            let dst = dst_of(fx, data)?;
            fx.emit(Inst::Bin { op: Bin::Add, ty, dst, a, b });
            Ok(())
        }
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
            let ty = check_scalar(fx, data.ty, span)?;
            let bits = bits_of(fx, data.ty);
            let (a, b) = (arg(fx, data, 0)?, arg(fx, data, 1)?);
            let dst = dst_of(fx, data)?;
            let r = int_binop(fx, data.op, ty, bits, a, b);
            copy(fx, dst, r);
            Ok(())
        }
        O::FAdd | O::FSub | O::FMul | O::FDiv => {
            check_scalar(fx, data.ty, span)?;
            let (a, b) = (arg(fx, data, 0)?, arg(fx, data, 1)?);
            let dst = dst_of(fx, data)?;
            let op = match data.op {
                O::FAdd => Bin::FAdd,
                O::FSub => Bin::FSub,
                O::FMul => Bin::FMul,
                _ => Bin::FDiv,
            };
            let r = fbin(fx, op, data.ty, a, b);
            copy(fx, dst, r);
            Ok(())
        }
        O::FRem => {
            check_scalar(fx, data.ty, span)?;
            let (a, b) = (arg(fx, data, 0)?, arg(fx, data, 1)?);
            let dst = dst_of(fx, data)?;
            let r = frem(fx, data.ty, a, b)?;
            copy(fx, dst, r);
            Ok(())
        }
        O::FNeg => {
            check_scalar(fx, data.ty, span)?;
            let a = arg(fx, data, 0)?;
            let dst = dst_of(fx, data)?;
            let r = fneg(fx, data.ty, a);
            copy(fx, dst, r);
            Ok(())
        }
        O::ICmp => {
            let crate::ir::Extra::ICmp(p) = data.extra else {
                return Err(LowerError::unsupported(span, "icmp without predicate"));
            };
            let t = arg_ty(fx, data, 0);
            let ty = check_scalar(fx, t, span)?;
            let bits = bits_of(fx, t);
            let (a, b) = (arg(fx, data, 0)?, arg(fx, data, 1)?);
            let dst = dst_of(fx, data)?;
            icmp_into(fx, p, ty, bits, a, b, dst);
            Ok(())
        }
        O::FCmp => {
            let crate::ir::Extra::FCmp(p) = data.extra else {
                return Err(LowerError::unsupported(span, "fcmp without predicate"));
            };
            let t = arg_ty(fx, data, 0);
            check_scalar(fx, t, span)?;
            let (a, b) = (arg(fx, data, 0)?, arg(fx, data, 1)?);
            let dst = dst_of(fx, data)?;
            fcmp_into(fx, p, t, a, b, dst);
            Ok(())
        }
        O::Select => {
            check_scalar(fx, data.ty, span)?;
            let ct = arg_ty(fx, data, 0);
            if fx.cx.m.types.is_vector(ct) {
                return Err(LowerError::unsupported(span, "select with a vector condition"));
            }
            let (c, a, b) = (arg(fx, data, 0)?, arg(fx, data, 1)?, arg(fx, data, 2)?);
            let dst = dst_of(fx, data)?;
            fx.emit(Inst::Select { dst, cond: c, a, b });
            Ok(())
        }
        O::VaArg => {
            // The next-argument pointer of the va_list (see calls::va_start), one 8-byte
            // cell per argument.
            let ty = check_scalar(fx, data.ty, span)?;
            let ap = arg(fx, data, 0)?;
            let dst = dst_of(fx, data)?;
            super::calls::va_list_size(fx)?;
            if fx.cx.opts.abi.is_native() {
                if fx.cx.lay.get(data.ty).size > 8 {
                    return Err(LowerError::unsupported(
                        span,
                        "va_arg of a value wider than 8 bytes",
                    ));
                }
                let t = fx.new_reg(ty);
                fx.emit(Inst::VaArg { dst: t, ty, ap });
                let r = if fx.cx.m.types.is_int(data.ty) {
                    mask(fx, t, bits_of(fx, data.ty))
                } else {
                    t
                };
                copy(fx, dst, r);
                return Ok(());
            }
            let off = super::calls::va_next_offset(fx);
            let pb = fx.cx.ptr_bytes;
            let cur = fx.new_reg(Ty::Ptr);
            fx.emit(Inst::Load {
                dst: cur,
                ty: Ty::Ptr,
                size: pb,
                signed: false,
                addr: ap,
                offset: off,
            });
            let size = fx.cx.lay.get(data.ty).size.max(1);
            if size > 8 {
                return Err(LowerError::unsupported(span, "va_arg of a value wider than 8 bytes"));
            }
            let bits = bits_of(fx, data.ty);
            if fx.cx.m.types.is_int(data.ty) && !bits.is_multiple_of(8) {
                let t = fx.new_reg(ty);
                fx.emit(Inst::Load {
                    dst: t,
                    ty,
                    size: size as u8,
                    signed: false,
                    addr: cur,
                    offset: 0,
                });
                let r = mask(fx, t, bits);
                copy(fx, dst, r);
            } else {
                fx.emit(Inst::Load {
                    dst,
                    ty,
                    size: size as u8,
                    signed: false,
                    addr: cur,
                    offset: 0,
                });
            }
            let cell = fx.iconst(Ty::Ptr, u64::from(super::abi::VARARG_CELL));
            let next = fx.new_reg(Ty::Ptr);
            fx.emit(Inst::Bin { op: Bin::Add, ty: Ty::Ptr, dst: next, a: cur, b: cell });
            fx.emit(Inst::Store { ty: Ty::Ptr, size: pb, addr: ap, offset: off, src: next });
            Ok(())
        }
        O::Freeze => {
            check_scalar(fx, data.ty, span)?;
            let a = arg(fx, data, 0)?;
            let dst = dst_of(fx, data)?;
            copy(fx, dst, a);
            Ok(())
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
        | O::AddrSpaceCast => lower_cast(fx, data),
        O::Load => {
            let ty = check_scalar(fx, data.ty, span)?;
            let addr = arg(fx, data, 0)?;
            let dst = dst_of(fx, data)?;
            let size = fx.cx.lay.get(data.ty).size as u8;
            let bits = bits_of(fx, data.ty);
            let is_int = fx.cx.m.types.is_int(data.ty);
            if is_int && !bits.is_multiple_of(8) {
                let t = fx.new_reg(ty);
                fx.emit(Inst::Load { dst: t, ty, size, signed: false, addr, offset: 0 });
                let r = mask(fx, t, bits);
                copy(fx, dst, r);
            } else {
                fx.emit(Inst::Load { dst, ty, size, signed: false, addr, offset: 0 });
            }
            Ok(())
        }
        O::Store => {
            let vt = arg_ty(fx, data, 0);
            let ty = check_scalar(fx, vt, span)?;
            let (src, addr) = (arg(fx, data, 0)?, arg(fx, data, 1)?);
            let size = fx.cx.lay.get(vt).size as u8;
            fx.emit(Inst::Store { ty, size, addr, offset: 0, src });
            Ok(())
        }
        O::GetElementPtr => lower_gep(fx, data),
        O::AtomicRmw => lower_rmw(fx, data),
        O::Alloca => super::frame::lower_alloca(fx, data),
        O::Call => super::calls::lower_call(fx, data),
        O::Fence => Ok(()),
        op => Err(LowerError::unsupported(span, format!("the `{}` instruction", op.name()))),
    }
}

/// An integer binary operation on legal registers, result zero-extended.
pub fn int_binop(fx: &mut FnCx, op: Opcode, ty: Ty, bits: u32, a: VReg, b: VReg) -> VReg {
    use Opcode as O;
    let (bop, sext_args, needs_mask) = match op {
        O::Add => (Bin::Add, false, true),
        O::Sub => (Bin::Sub, false, true),
        O::Mul => (Bin::Mul, false, true),
        O::UDiv => (Bin::DivU, false, false),
        O::SDiv => (Bin::DivS, true, true),
        O::URem => (Bin::RemU, false, false),
        O::SRem => (Bin::RemS, true, true),
        O::Shl => (Bin::Shl, false, true),
        O::LShr => (Bin::ShrU, false, false),
        O::AShr => (Bin::ShrS, false, true),
        O::And => (Bin::And, false, false),
        O::Or => (Bin::Or, false, false),
        _ => (Bin::Xor, false, false),
    };
    let (mut a, mut b) = (a, b);
    if sext_args {
        a = sext_full(fx, a, bits);
        b = sext_full(fx, b, bits);
    } else if op == O::AShr {
        a = sext_full(fx, a, bits);
    }
    let dst = fx.new_reg(ty);
    fx.emit(Inst::Bin { op: bop, ty, dst, a, b });
    if needs_mask {
        mask(fx, dst, bits)
    } else {
        dst
    }
}

/// An integer comparison of legal registers holding `bits`-bit values, 0/1 into `dst`.
pub fn icmp_into(fx: &mut FnCx, p: IntPredicate, ty: Ty, bits: u32, a: VReg, b: VReg, dst: VReg) {
    let signed =
        matches!(p, IntPredicate::Sgt | IntPredicate::Sge | IntPredicate::Slt | IntPredicate::Sle);
    let (mut a, mut b) = (a, b);
    if signed && ty != Ty::Ptr {
        a = sext_full(fx, a, bits);
        b = sext_full(fx, b, bits);
    }
    let cc = match p {
        IntPredicate::Eq => Cmp::Eq,
        IntPredicate::Ne => Cmp::Ne,
        IntPredicate::Ugt => Cmp::GtU,
        IntPredicate::Uge => Cmp::GeU,
        IntPredicate::Ult => Cmp::LtU,
        IntPredicate::Ule => Cmp::LeU,
        IntPredicate::Sgt => Cmp::GtS,
        IntPredicate::Sge => Cmp::GeS,
        IntPredicate::Slt => Cmp::LtS,
        IntPredicate::Sle => Cmp::LeS,
    };
    fx.emit(Inst::Cmp { cc, ty, dst, a, b });
}

/// The low predicate of an `fcmp` predicate.
pub fn fcmp_of(p: FloatPredicate) -> FCmp {
    use FloatPredicate as P;
    match p {
        P::False => FCmp::False,
        P::Oeq => FCmp::Oeq,
        P::Ogt => FCmp::Ogt,
        P::Oge => FCmp::Oge,
        P::Olt => FCmp::Olt,
        P::Ole => FCmp::Ole,
        P::One => FCmp::One,
        P::Ord => FCmp::Ord,
        P::Ueq => FCmp::Ueq,
        P::Ugt => FCmp::Ugt,
        P::Uge => FCmp::Uge,
        P::Ult => FCmp::Ult,
        P::Ule => FCmp::Ule,
        P::Une => FCmp::Une,
        P::Uno => FCmp::Uno,
        P::True => FCmp::True,
    }
}

fn lower_cast(fx: &mut FnCx, data: &InstData) -> LResult<()> {
    let span = data.span;
    let st = arg_ty(fx, data, 0);
    check_scalar(fx, st, span)?;
    check_scalar(fx, data.ty, span)?;
    let a = arg(fx, data, 0)?;
    let dst = dst_of(fx, data)?;
    let r = cast(fx, data.op, st, data.ty, a);
    copy(fx, dst, r);
    Ok(())
}

/// A float operation on scalars of IR type `t` (`half` and `bfloat` computed in `F32`).
pub fn fbin(fx: &mut FnCx, op: Bin, t: TypeId, a: VReg, b: VReg) -> VReg {
    match small(fx.cx.m, t) {
        Some(s) => {
            let (x, y) = (widen(fx, s, a), widen(fx, s, b));
            let r = fx.new_reg(Ty::F32);
            fx.emit(Inst::Bin { op, ty: Ty::F32, dst: r, a: x, b: y });
            narrow(fx, s, r)
        }
        None => {
            let ty = fx.reg_ty(a);
            let r = fx.new_reg(ty);
            fx.emit(Inst::Bin { op, ty, dst: r, a, b });
            r
        }
    }
}

/// `frem` on scalars of IR type `t`: C's `fmod` (exact, so `half` through `fmodf` is too).
pub fn frem(fx: &mut FnCx, t: TypeId, a: VReg, b: VReg) -> LResult<VReg> {
    let s = small(fx.cx.m, t);
    let (x, y) = match s {
        Some(s) => (widen(fx, s, a), widen(fx, s, b)),
        None => (a, b),
    };
    let ty = fx.reg_ty(x);
    let name = if ty == Ty::F32 { "fmodf" } else { "fmod" };
    let r = fx.new_reg(ty);
    super::calls::call_import(fx, name, vec![ty, ty], Some(ty), vec![x, y], Some(r))?;
    Ok(match s {
        Some(s) => narrow(fx, s, r),
        None => r,
    })
}

/// `fneg` of a scalar of IR type `t` (the sign bit flipped).
pub fn fneg(fx: &mut FnCx, t: TypeId, a: VReg) -> VReg {
    let r = fx.new_reg(fx.reg_ty(a));
    if small(fx.cx.m, t).is_some() {
        let k = fx.iconst(Ty::I32, 0x8000);
        fx.emit(Inst::Bin { op: Bin::Xor, ty: Ty::I32, dst: r, a, b: k });
    } else {
        let ty = fx.reg_ty(a);
        fx.emit(Inst::Un { op: Un::FNeg, to: ty, dst: r, a });
    }
    r
}

/// `fcmp p` of scalars of IR type `t`, 0/1 into `dst`.
pub fn fcmp_into(fx: &mut FnCx, p: FloatPredicate, t: TypeId, a: VReg, b: VReg, dst: VReg) {
    let (a, b) = match small(fx.cx.m, t) {
        Some(s) => (widen(fx, s, a), widen(fx, s, b)),
        None => (a, b),
    };
    let ty = fx.reg_ty(a);
    fx.emit(Inst::FCmp { cc: fcmp_of(p), ty, dst, a, b });
}

/// Cast `op` of a scalar of IR type `st` (in `a`) to IR type `dt`.
pub fn cast(fx: &mut FnCx, op: Opcode, st: TypeId, dt: TypeId, a: VReg) -> VReg {
    use Opcode as O;
    let m = fx.cx.m;
    let dty = super::abi::scalar_ty(m, dt).unwrap_or(Ty::I64);
    let (sb, db) = (bits_of(fx, st), bits_of(fx, dt));
    let (ss, ds) = (small(m, st), small(m, dt));
    let un = |fx: &mut FnCx, op: Un, to: Ty, a: VReg| {
        let d = fx.new_reg(to);
        fx.emit(Inst::Un { op, to, dst: d, a });
        d
    };
    // A 16-bit float source is widened to F32 first (exactly).
    let (a, sty) = match ss {
        Some(s) if op != O::BitCast => (widen(fx, s, a), Ty::F32),
        _ => (a, fx.reg_ty(a)),
    };
    match op {
        O::Trunc | O::ZExt => resize(fx, a, sb, db, dty),
        O::SExt => sresize(fx, a, sb, db, dty),
        O::FPTrunc | O::FPExt => match ds {
            Some(s) => narrow(fx, s, a),
            None if sty == dty => a,
            None if dty == Ty::F64 => un(fx, Un::Promote, dty, a),
            None => un(fx, Un::Demote, dty, a),
        },
        O::FPToSI | O::FPToUI => {
            let wide = int_ty(db);
            let op = if op == O::FPToSI { Un::FToS } else { Un::FToU };
            let r = un(fx, op, wide, a);
            mask(fx, r, db)
        }
        O::SIToFP | O::UIToFP => {
            let to = if ds.is_some() { Ty::F64 } else { dty };
            let r = if op == O::SIToFP {
                let s = sext_full(fx, a, sb);
                un(fx, Un::SToF, to, s)
            } else {
                un(fx, Un::UToF, to, a)
            };
            match ds {
                Some(s) => narrow(fx, s, r),
                None => r,
            }
        }
        O::PtrToInt => {
            let pi = fx.ptr_int_ty();
            let i = un(fx, Un::PtrToInt, pi, a);
            resize(fx, i, width(fx, Ty::Ptr), db, dty)
        }
        O::IntToPtr => to_ptr(fx, a, sb, false),
        O::BitCast if sty == dty => a,
        O::BitCast => un(fx, Un::Bitcast, dty, a),
        _ => a,
    }
}

/// `atomicrmw` as load, operation, store: the module runs on one thread.
fn lower_rmw(fx: &mut FnCx, data: &InstData) -> LResult<()> {
    use crate::ir::RmwOp as R;
    let span = data.span;
    let crate::ir::Extra::Rmw(op, _) = &data.extra else {
        return Err(LowerError::unsupported(span, "atomicrmw without an operation"));
    };
    let ty = check_scalar(fx, data.ty, span)?;
    let bits = bits_of(fx, data.ty);
    let (addr, v) = (arg(fx, data, 0)?, arg(fx, data, 1)?);
    let dst = dst_of(fx, data)?;
    let size = fx.cx.lay.get(data.ty).size as u8;
    fx.emit(Inst::Load { dst, ty, size, signed: false, addr, offset: 0 });
    let int = |fx: &mut FnCx, o: Opcode| int_binop(fx, o, ty, bits, dst, v);
    let minmax = |fx: &mut FnCx, p: IntPredicate| {
        let c = fx.new_reg(Ty::I32);
        icmp_into(fx, p, ty, bits, dst, v, c);
        let r = fx.new_reg(ty);
        fx.emit(Inst::Select { dst: r, cond: c, a: dst, b: v });
        r
    };
    let new = match op {
        R::Xchg => v,
        R::Add => int(fx, Opcode::Add),
        R::Sub => int(fx, Opcode::Sub),
        R::And => int(fx, Opcode::And),
        R::Or => int(fx, Opcode::Or),
        R::Xor => int(fx, Opcode::Xor),
        R::Nand => {
            let a = int(fx, Opcode::And);
            let ones = fx.iconst(ty, u64::MAX);
            let n = int_binop(fx, Opcode::Xor, ty, bits, a, ones);
            mask(fx, n, bits)
        }
        R::Max => minmax(fx, IntPredicate::Sgt),
        R::Min => minmax(fx, IntPredicate::Slt),
        R::UMax => minmax(fx, IntPredicate::Ugt),
        R::UMin => minmax(fx, IntPredicate::Ult),
        R::FAdd | R::FSub => {
            let r = fx.new_reg(ty);
            fx.emit(Inst::Bin {
                op: if *op == R::FAdd { Bin::FAdd } else { Bin::FSub },
                ty,
                dst: r,
                a: dst,
                b: v,
            });
            r
        }
        R::FMax | R::FMin => {
            // maxnum / minnum (a NaN operand gives the other).
            let lane = super::lanes::Lane::MinMaxNum { max: *op == R::FMax };
            let t = super::lanes::LaneTys { args: vec![data.ty, data.ty], ret: data.ty, imm: None };
            let r = super::lanes::lane(fx, lane, &t, &[dst, v])?;
            *r.first().ok_or_else(|| LowerError::unsupported(span, "atomicrmw fmax"))?
        }
        R::UIncWrap => {
            // old >= v ? 0 : old + 1
            let c = fx.new_reg(Ty::I32);
            icmp_into(fx, IntPredicate::Uge, ty, bits, dst, v, c);
            let one = fx.iconst(ty, 1);
            let inc = int_binop(fx, Opcode::Add, ty, bits, dst, one);
            let zero = fx.iconst(ty, 0);
            let r = fx.new_reg(ty);
            fx.emit(Inst::Select { dst: r, cond: c, a: zero, b: inc });
            r
        }
        R::UDecWrap => {
            // old == 0 || old > v ? v : old - 1
            let z = fx.new_reg(Ty::I32);
            let zero = fx.iconst(ty, 0);
            icmp_into(fx, IntPredicate::Eq, ty, bits, dst, zero, z);
            let g = fx.new_reg(Ty::I32);
            icmp_into(fx, IntPredicate::Ugt, ty, bits, dst, v, g);
            let c = fx.new_reg(Ty::I32);
            fx.emit(Inst::Bin { op: Bin::Or, ty: Ty::I32, dst: c, a: z, b: g });
            let one = fx.iconst(ty, 1);
            let dec = int_binop(fx, Opcode::Sub, ty, bits, dst, one);
            let r = fx.new_reg(ty);
            fx.emit(Inst::Select { dst: r, cond: c, a: v, b: dec });
            r
        }
    };
    fx.emit(Inst::Store { ty, size, addr, offset: 0, src: new });
    Ok(())
}

/// A GEP index `x + C` as `(x, C)`: `add` or `sub` of a constant, or `or disjoint` with one
/// (which adds). When the index is narrower than a pointer it is sign-extended, which
/// commutes with the addition only without signed overflow (`nsw`, or `disjoint`); a full
/// width index wraps like the address does. Anything else is `(index, 0)`.
fn split_addend(fx: &FnCx, op: Operand, bits: u32) -> (Operand, i64) {
    use crate::ir::InstFlags;
    let none = (op, 0);
    let Operand::Value(v) = op else { return none };
    let Some(crate::ir::ValueDef::Inst(i)) = fx.body.values.get(v).map(|d| d.def) else {
        return none;
    };
    let Some(d) = fx.body.insts.get(i) else { return none };
    let konst = |o: Option<&Operand>| match o {
        Some(Operand::Const(c)) => match fx.cx.m.consts.kind(*c) {
            ConstKind::Int(n) => {
                let w = n.width();
                Some(if w >= 64 {
                    n.low_u64() as i64
                } else {
                    ((n.low_u64() << (64 - w)) as i64) >> (64 - w)
                })
            }
            _ => None,
        },
        _ => None,
    };
    let full = bits >= fx.cx.ptr_bytes as u32 * 8;
    let (x, y) = (d.args.first().copied(), d.args.get(1).copied());
    let split = match d.op {
        Opcode::Or if d.flags.has(InstFlags::DISJOINT) => konst(y.as_ref()).map(|c| (x, c)),
        Opcode::Add if full || d.flags.has(InstFlags::NSW) => {
            konst(y.as_ref()).map(|c| (x, c)).or_else(|| konst(x.as_ref()).map(|c| (y, c)))
        }
        Opcode::Sub if full || d.flags.has(InstFlags::NSW) => {
            konst(y.as_ref()).map(|c| (x, c.wrapping_neg()))
        }
        _ => None,
    };
    match split {
        Some((Some(x), c)) if matches!(x, Operand::Value(_)) => (x, c),
        _ => none,
    }
}

fn lower_gep(fx: &mut FnCx, data: &InstData) -> LResult<()> {
    let span = data.span;
    if fx.cx.m.types.is_vector(data.ty) {
        return Err(LowerError::unsupported(span, "vector getelementptr"));
    }
    let crate::ir::Extra::Gep { source_ty } = data.extra else {
        return Err(LowerError::unsupported(span, "getelementptr without a source type"));
    };
    let base = arg(fx, data, 0)?;
    let dst = dst_of(fx, data)?;
    let mut konst: i64 = 0;
    let mut acc = base;
    let mut ty = source_ty;
    for (k, op) in data.args.iter().enumerate().skip(1) {
        let const_idx = match op {
            Operand::Const(c) => match fx.cx.m.consts.kind(*c) {
                ConstKind::Int(v) => {
                    let w = v.width();
                    Some(if w >= 64 {
                        v.low_u64() as i64
                    } else {
                        ((v.low_u64() << (64 - w)) as i64) >> (64 - w)
                    })
                }
                ConstKind::Zero => Some(0),
                _ => None,
            },
            _ => None,
        };
        let stride = if k == 1 {
            fx.cx.lay.get(ty).alloc
        } else {
            match fx.cx.lay.class(ty).clone() {
                Class::Array(_, et) => {
                    ty = et;
                    fx.cx.lay.get(et).alloc
                }
                Class::Struct(fields, offs) => {
                    let Some(i) = const_idx else {
                        return Err(LowerError::unsupported(span, "a non-constant struct index"));
                    };
                    let (Some(ft), Some(fo)) = (fields.get(i as usize), offs.get(i as usize))
                    else {
                        return Err(LowerError::unsupported(
                            span,
                            "a struct field index out of range",
                        ));
                    };
                    konst = konst.wrapping_add(*fo as i64);
                    ty = *ft;
                    continue;
                }
                _ => {
                    return Err(LowerError::unsupported(
                        span,
                        format!("getelementptr into {}", type_text(fx.cx.m, ty)),
                    ))
                }
            }
        };
        match const_idx {
            Some(i) => konst = konst.wrapping_add(i.wrapping_mul(stride as i64)),
            None => {
                let it = fx.cx.m.operand_ty(fx.body, *op);
                if fx.cx.m.types.is_vector(it) {
                    return Err(LowerError::unsupported(span, "vector getelementptr indices"));
                }
                let ib = bits_of(fx, it);
                // An index `x + C` adds C * stride to the constant part, so that indices that
                // differ by a constant share `x * stride`.
                let (index, addend) = split_addend(fx, *op, ib);
                konst = konst.wrapping_add(addend.wrapping_mul(stride as i64));
                let v = fx.operand(index)?;
                let p = to_ptr(fx, v, ib, true);
                let scaled = if stride == 1 {
                    p
                } else {
                    let s = fx.iconst(Ty::Ptr, stride);
                    let d = fx.new_reg(Ty::Ptr);
                    fx.emit(Inst::Bin { op: Bin::Mul, ty: Ty::Ptr, dst: d, a: p, b: s });
                    d
                };
                let d = fx.new_reg(Ty::Ptr);
                fx.emit(Inst::Bin { op: Bin::Add, ty: Ty::Ptr, dst: d, a: acc, b: scaled });
                acc = d;
            }
        }
    }
    if konst != 0 {
        let c = fx.iconst(Ty::Ptr, konst as u64);
        let d = fx.new_reg(Ty::Ptr);
        fx.emit(Inst::Bin { op: Bin::Add, ty: Ty::Ptr, dst: d, a: acc, b: c });
        acc = d;
    }
    copy(fx, dst, acc);
    Ok(())
}
