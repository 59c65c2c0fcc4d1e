//! Intrinsics: every family of the table (`ir/intrinsics.rs`) says how the code generator
//! lowers it ([`how`], an exhaustive match, so a new family is a compile error here):
//! dropped (markers, hints), a fixed expansion (`memcpy`, `va_start`, traps, `ptrmask`, ...),
//! a reduction over a vector's lanes, or a lane operation ([`super::lanes`]) applied to a
//! scalar or to each lane of vectors, whose results are put back together.
//!
//! What a lane operation computes is what the interpreter computes (the reference): C math
//! functions are calls of the C library (`sinf` where the interpreter uses the
//! single-precision function, `asin` of the promoted value where it does not), the rest is
//! inline code.

use super::abi::{reg_ty, type_text};
use super::form::{Bin, Cmp, Inst, Term, Ty, Un, VReg};
use super::func::FnCx;
use super::inst::{copy, dst_of};
use super::lanes::{self, Lane, LaneTys};
use super::{LResult, LowerError};
use crate::ir::{ConstKind, InstData, Intrinsic, Opcode, Operand, Type, TypeId};

/// How the code generator lowers an intrinsic family.
enum How {
    /// Dropped: no effect on execution (markers, hints). Refused when it returns a value.
    Dropped,
    /// Returns its first operand (`llvm.expect`, `llvm.threadlocal.address`, ...).
    Identity,
    /// Returns zero (`llvm.is.constant`: not known to be constant; the addresses of
    /// `llvm.frameaddress` and `llvm.returnaddress`; `llvm.invariant.start`'s token).
    Zero,
    /// A vector reduction.
    Reduce(Red),
    /// `llvm.va_start`, `llvm.va_end`, `llvm.va_copy`.
    VaStart,
    VaEnd,
    VaCopy,
    /// `llvm.memcpy`, `llvm.memmove` (`fill`: `llvm.memset`), and their `.inline` forms.
    Mem {
        fill: bool,
    },
    /// The traps: a `Term::Trap`.
    Trap,
    /// `llvm.stacksave` (a token only `llvm.stackrestore` reads) and `llvm.stackrestore`,
    /// which keeps the dynamic allocations until the function returns.
    StackSave,
    StackRestore,
    /// `llvm.objectsize`: unknown (-1, or 0 for the minimum).
    ObjectSize,
    /// `llvm.ptrmask`.
    PtrMask,
    /// `llvm.eh.typeid.for`: the type info's number.
    TypeidFor,
    /// An operation on each lane.
    Lane(Lane),
    /// Not supported by the code generator.
    Unsupported,
}

/// A `llvm.vector.reduce.*` operation.
#[derive(Copy, Clone)]
enum Red {
    /// Integer `add`, `mul`, `and`, `or`, `xor`.
    Int(Opcode),
    /// `smax`, `smin`, `umax`, `umin`: the predicate that keeps the accumulator.
    Keep(crate::ir::IntPredicate),
    /// `fadd`, `fmul`: in lane order from the start value.
    Float(Bin),
    /// `fmax`, `fmin` (`ieee`: `fmaximum`, `fminimum`).
    FMinMax { max: bool, ieee: bool },
}

/// How family `id` is lowered.
fn how(id: Intrinsic) -> How {
    use crate::ir::IntPredicate as P;
    use lanes::Math as M;
    use Intrinsic as I;
    use Lane as L;
    match id {
        I::LifetimeStart
        | I::LifetimeEnd
        | I::DbgValue
        | I::DbgDeclare
        | I::DbgAssign
        | I::DbgLabel
        | I::Assume
        | I::NoaliasScopeDecl
        | I::InvariantEnd
        | I::Sideeffect
        | I::Donothing
        | I::VarAnnotation
        | I::Pseudoprobe
        | I::Prefetch
        | I::InstrprofIncrement
        | I::InstrprofIncrementStep
        | I::InstrprofCover
        | I::InstrprofTimestamp
        | I::InstrprofValueProfile
        | I::InstrprofCallsite
        | I::InstrprofMcdcParameters
        | I::InstrprofMcdcTvbitmapUpdate => How::Dropped,
        I::Expect
        | I::ExpectWithProbability
        | I::ThreadlocalAddress
        | I::LaunderInvariantGroup
        | I::StripInvariantGroup
        | I::Annotation
        | I::PtrAnnotation
        | I::SsaCopy => How::Identity,
        I::IsConstant | I::InvariantStart | I::Frameaddress | I::Returnaddress => How::Zero,
        I::ReduceAdd => How::Reduce(Red::Int(Opcode::Add)),
        I::ReduceMul => How::Reduce(Red::Int(Opcode::Mul)),
        I::ReduceAnd => How::Reduce(Red::Int(Opcode::And)),
        I::ReduceOr => How::Reduce(Red::Int(Opcode::Or)),
        I::ReduceXor => How::Reduce(Red::Int(Opcode::Xor)),
        I::ReduceSmax => How::Reduce(Red::Keep(P::Sgt)),
        I::ReduceSmin => How::Reduce(Red::Keep(P::Slt)),
        I::ReduceUmax => How::Reduce(Red::Keep(P::Ugt)),
        I::ReduceUmin => How::Reduce(Red::Keep(P::Ult)),
        I::ReduceFadd => How::Reduce(Red::Float(Bin::FAdd)),
        I::ReduceFmul => How::Reduce(Red::Float(Bin::FMul)),
        I::ReduceFmax => How::Reduce(Red::FMinMax { max: true, ieee: false }),
        I::ReduceFmin => How::Reduce(Red::FMinMax { max: false, ieee: false }),
        I::ReduceFmaximum => How::Reduce(Red::FMinMax { max: true, ieee: true }),
        I::ReduceFminimum => How::Reduce(Red::FMinMax { max: false, ieee: true }),
        I::VaStart => How::VaStart,
        I::VaEnd => How::VaEnd,
        I::VaCopy => How::VaCopy,
        I::Memcpy | I::MemcpyInline | I::Memmove => How::Mem { fill: false },
        I::Memset | I::MemsetInline => How::Mem { fill: true },
        I::Trap | I::Debugtrap | I::Ubsantrap => How::Trap,
        I::Stacksave => How::StackSave,
        I::Stackrestore => How::StackRestore,
        I::Objectsize => How::ObjectSize,
        I::Ptrmask => How::PtrMask,
        I::EhTypeidFor => How::TypeidFor,
        I::Smax => How::Lane(L::MinMax(Cmp::GtS)),
        I::Smin => How::Lane(L::MinMax(Cmp::LtS)),
        I::Umax => How::Lane(L::MinMax(Cmp::GtU)),
        I::Umin => How::Lane(L::MinMax(Cmp::LtU)),
        I::Fshl => How::Lane(L::Funnel { left: true }),
        I::Fshr => How::Lane(L::Funnel { left: false }),
        I::Abs => How::Lane(L::Abs),
        I::Ctpop => How::Lane(L::Count(Un::Popcnt)),
        I::Ctlz => How::Lane(L::Count(Un::Clz)),
        I::Cttz => How::Lane(L::Count(Un::Ctz)),
        I::Bswap => How::Lane(L::Bswap),
        I::Bitreverse => How::Lane(L::Bitreverse),
        I::SaddWithOverflow => How::Lane(L::Overflow { op: Opcode::Add, signed: true }),
        I::UaddWithOverflow => How::Lane(L::Overflow { op: Opcode::Add, signed: false }),
        I::SsubWithOverflow => How::Lane(L::Overflow { op: Opcode::Sub, signed: true }),
        I::UsubWithOverflow => How::Lane(L::Overflow { op: Opcode::Sub, signed: false }),
        I::SmulWithOverflow => How::Lane(L::Overflow { op: Opcode::Mul, signed: true }),
        I::UmulWithOverflow => How::Lane(L::Overflow { op: Opcode::Mul, signed: false }),
        I::SaddSat => How::Lane(L::Sat { op: Opcode::Add, signed: true }),
        I::UaddSat => How::Lane(L::Sat { op: Opcode::Add, signed: false }),
        I::SsubSat => How::Lane(L::Sat { op: Opcode::Sub, signed: true }),
        I::UsubSat => How::Lane(L::Sat { op: Opcode::Sub, signed: false }),
        I::SshlSat => How::Lane(L::Sat { op: Opcode::Shl, signed: true }),
        I::UshlSat => How::Lane(L::Sat { op: Opcode::Shl, signed: false }),
        I::Fabs => How::Lane(L::FloatUn(Un::FAbs)),
        I::Sqrt => How::Lane(L::FloatUn(Un::FSqrt)),
        I::Floor => How::Lane(L::FloatUn(Un::FFloor)),
        I::Ceil => How::Lane(L::FloatUn(Un::FCeil)),
        I::Trunc => How::Lane(L::FloatUn(Un::FTrunc)),
        I::Rint | I::Nearbyint | I::Roundeven => How::Lane(L::FloatUn(Un::FNearest)),
        I::Round => How::Lane(L::RoundAway),
        I::Copysign => How::Lane(L::Copysign),
        I::Minnum => How::Lane(L::MinMaxNum { max: false }),
        I::Maxnum => How::Lane(L::MinMaxNum { max: true }),
        I::Minimum => How::Lane(L::MinMaxIeee { max: false }),
        I::Maximum => How::Lane(L::MinMaxIeee { max: true }),
        I::Fma | I::Fmuladd => How::Lane(L::Fma),
        I::IsFpclass => How::Lane(L::IsFpclass),
        I::Powi => How::Lane(L::Powi),
        I::Ldexp => How::Lane(L::Ldexp),
        I::FptosiSat => How::Lane(L::FpToIntSat { signed: true }),
        I::FptouiSat => How::Lane(L::FpToIntSat { signed: false }),
        I::Lround | I::Llround => How::Lane(L::ToInt { away: true }),
        I::Lrint | I::Llrint => How::Lane(L::ToInt { away: false }),
        I::Sin => How::Lane(L::Math(M::Sin)),
        I::Cos => How::Lane(L::Math(M::Cos)),
        I::Tan => How::Lane(L::Math(M::Tan)),
        I::Asin => How::Lane(L::Math(M::Asin)),
        I::Acos => How::Lane(L::Math(M::Acos)),
        I::Atan => How::Lane(L::Math(M::Atan)),
        I::Atan2 => How::Lane(L::Math(M::Atan2)),
        I::Sinh => How::Lane(L::Math(M::Sinh)),
        I::Cosh => How::Lane(L::Math(M::Cosh)),
        I::Tanh => How::Lane(L::Math(M::Tanh)),
        I::Exp => How::Lane(L::Math(M::Exp)),
        I::Exp2 => How::Lane(L::Math(M::Exp2)),
        I::Exp10 => How::Lane(L::Math(M::Exp10)),
        I::Log => How::Lane(L::Math(M::Log)),
        I::Log2 => How::Lane(L::Math(M::Log2)),
        I::Log10 => How::Lane(L::Math(M::Log10)),
        I::Pow => How::Lane(L::Math(M::Pow)),
        // The interpreter does not run these either.
        I::Canonicalize
        | I::Frexp
        | I::Scmp
        | I::Ucmp
        | I::VectorReverse
        | I::MaskedLoad
        | I::MaskedStore
        | I::Stepvector
        | I::Readcyclecounter
        | I::Localescape
        | I::IcallBranchFunnel
        | I::Vscale => How::Unsupported,
    }
}

fn arg(fx: &mut FnCx, args: &[Operand], k: usize) -> LResult<VReg> {
    let op = *args
        .get(k)
        .ok_or_else(|| LowerError::unsupported(fx.span, "a missing intrinsic argument"))?;
    fx.operand(op)
}

fn arg_bits(fx: &FnCx, args: &[Operand], k: usize) -> u32 {
    let t = args.get(k).map(|op| fx.cx.m.operand_ty(fx.body, *op));
    t.and_then(|t| fx.cx.m.types.int_bits(t)).unwrap_or(64)
}

/// True when the call returns nothing.
fn is_void(fx: &FnCx, data: &InstData) -> bool {
    data.ty == TypeId::VOID || matches!(fx.cx.m.types.get(data.ty), Type::Void)
}

/// Expands intrinsic `llvm.<name>` of family `id` (`None`: a name the table does not know,
/// which the code generator refuses).
pub fn lower(
    fx: &mut FnCx,
    data: &InstData,
    id: Option<Intrinsic>,
    name: &str,
    args: &[Operand],
) -> LResult<()> {
    let span = data.span;
    let m = fx.cx.m;
    let refused = || {
        LowerError::unsupported(
            span,
            format!("intrinsic @llvm.{name} (returning {})", type_text(m, data.ty)),
        )
    };
    let Some(id) = id else { return Err(refused()) };
    match how(id) {
        How::Unsupported => Err(refused()),
        How::Dropped if is_void(fx, data) => Ok(()),
        How::Dropped => Err(refused()),
        How::Identity | How::Zero if m.types.is_vector(data.ty) => Err(refused()),
        How::Identity => {
            let a = arg(fx, args, 0)?;
            let dst = dst_of(fx, data)?;
            copy(fx, dst, a);
            Ok(())
        }
        How::Zero | How::StackSave => {
            if let Ok(dst) = dst_of(fx, data) {
                let ty = fx.reg_ty(dst);
                let z = fx.iconst(ty, 0);
                copy(fx, dst, z);
            }
            Ok(())
        }
        How::StackRestore | How::VaEnd => Ok(()),
        How::ObjectSize => {
            let min = super::vector::const_index(fx, args.get(1)).is_some_and(|v| v & 1 == 1);
            let dst = dst_of(fx, data)?;
            let ty = fx.reg_ty(dst);
            let bits = m.types.int_bits(data.ty).unwrap_or(64);
            let v = if min { 0 } else { u64::MAX >> (64 - bits.clamp(1, 64)) };
            let r = fx.iconst(ty, v);
            copy(fx, dst, r);
            Ok(())
        }
        How::PtrMask => {
            if m.types.is_vector(data.ty) {
                return Err(refused());
            }
            let (p, k) = (arg(fx, args, 0)?, arg(fx, args, 1)?);
            let mb = arg_bits(fx, args, 1);
            let dst = dst_of(fx, data)?;
            let pi = fx.ptr_int_ty();
            let pbits = super::legal::width(fx, Ty::Ptr);
            let i = lanes::un(fx, Un::PtrToInt, pi, p);
            let k = super::legal::resize(fx, k, mb, pbits, pi);
            let r = lanes::bin(fx, Bin::And, pi, i, k);
            let r = lanes::un(fx, Un::IntToPtr, Ty::Ptr, r);
            copy(fx, dst, r);
            Ok(())
        }
        How::Reduce(op) => reduce(fx, data, id, op, args),
        How::VaStart => {
            let ap = arg(fx, args, 0)?;
            if fx.cx.opts.abi.is_native() {
                let n = super::calls::va_list_size(fx)?;
                super::calls::check_va_list_room(fx, args.first(), n)?;
                fx.emit(Inst::VaStart { ap });
                return Ok(());
            }
            let Some(area) = fx.va_area else {
                return Err(LowerError::unsupported(
                    span,
                    "llvm.va_start in a function that is not variadic",
                ));
            };
            super::calls::va_start(fx, ap, area)
        }
        How::VaCopy => {
            let (d, s) = (arg(fx, args, 0)?, arg(fx, args, 1)?);
            let n = super::calls::va_list_size(fx)?;
            super::calls::check_va_list_room(fx, args.first(), n)?;
            super::calls::check_va_list_room(fx, args.get(1), n)?;
            let len = fx.iconst(Ty::Ptr, n as u64);
            fx.emit(Inst::MemCopy { dst: d, src: s, len });
            Ok(())
        }
        How::Mem { fill } => {
            let d = arg(fx, args, 0)?;
            let lb = arg_bits(fx, args, 2);
            let len = arg(fx, args, 2)?;
            let len = super::legal::to_ptr(fx, len, lb, false);
            if fill {
                let v = arg(fx, args, 1)?;
                fx.emit(Inst::MemFill { dst: d, val: v, len });
            } else {
                let s = arg(fx, args, 1)?;
                fx.emit(Inst::MemCopy { dst: d, src: s, len });
            }
            Ok(())
        }
        How::Trap => {
            let next = fx.new_block();
            fx.finish(Term::Trap);
            fx.cur_id = next;
            Ok(())
        }
        How::TypeidFor => {
            let op = *args.first().ok_or_else(|| {
                LowerError::unsupported(span, "llvm.eh.typeid.for without a type info")
            })?;
            let id = super::eh::type_id(fx, op)?;
            let dst = dst_of(fx, data)?;
            let r = fx.iconst(Ty::I32, id);
            copy(fx, dst, r);
            Ok(())
        }
        How::Lane(lane) => lanewise(fx, data, lane, args, &refused),
    }
}

/// A lane operation on a scalar call, or on each lane of a vector call: the operands'
/// lanes (a scalar operand of a vector call goes to every lane), the operation per lane,
/// and the results written back (a `{ value, overflow }` pair for `*.with.overflow`).
fn lanewise(
    fx: &mut FnCx,
    data: &InstData,
    lane: Lane,
    args: &[Operand],
    refused: &dyn Fn() -> LowerError,
) -> LResult<()> {
    if super::wide_lanes::involves_wide(fx, data, args) {
        return super::wide_lanes::lanewise(fx, data, lane, args, refused);
    }
    let m = fx.cx.m;
    let shape = lanes::CallShape::of(fx, data, args);
    let vec_ty = shape.all().find(|t| m.types.is_vector(*t));
    let (pair, ret0, arg_tys) = (shape.pair, shape.ret0, shape.tys);
    let n = match vec_ty {
        Some(t) => super::vector::lanes_of(fx, t).ok_or_else(refused)?.0,
        None => 1,
    };
    if n > 256 {
        return Err(refused());
    }
    let tys = LaneTys {
        args: arg_tys.iter().map(|t| m.types.scalar(*t)).collect(),
        ret: m.types.scalar(ret0),
        imm: super::vector::const_index(fx, args.get(1)),
    };
    for t in tys.args.iter().chain(std::iter::once(&tys.ret)) {
        if !matches!(m.types.get(*t), Type::Void) && lanes::lane_ty(m, *t).is_none() {
            return Err(LowerError::unsupported(
                data.span,
                format!("intrinsic @{} on {}", data_name(fx, data), type_text(m, *t)),
            ));
        }
    }
    let mut ops: Vec<Vec<VReg>> = Vec::with_capacity(args.len());
    for (op, t) in args.iter().zip(&arg_tys) {
        if m.types.is_vector(*t) {
            ops.push(super::vector::lanes(fx, *op, n)?);
        } else {
            let r = fx.operand(*op)?;
            ops.push(vec![r; n as usize]);
        }
    }
    let mut out: Vec<Vec<VReg>> = Vec::with_capacity(n as usize);
    for k in 0..n as usize {
        let a: Vec<VReg> = ops.iter().filter_map(|l| l.get(k).copied()).collect();
        out.push(lanes::lane(fx, lane, &tys, &a)?);
    }
    // Write the results.
    if pair.is_some() {
        // The struct's leaves: every lane's value, then every lane's overflow bit.
        let v = data.result.ok_or_else(refused)?;
        let dst = fx.vecs.get(&v).cloned().ok_or_else(refused)?;
        let values = out.iter().filter_map(|r| r.first());
        let flags = out.iter().filter_map(|r| r.get(1));
        for (d, s) in dst.iter().zip(values.chain(flags)) {
            copy(fx, *d, *s);
        }
        return Ok(());
    }
    let firsts: Vec<VReg> = out.iter().filter_map(|r| r.first().copied()).collect();
    if vec_ty.is_none() || !m.types.is_vector(data.ty) {
        let dst = dst_of(fx, data)?;
        let r = *firsts.first().ok_or_else(refused)?;
        copy(fx, dst, r);
        return Ok(());
    }
    if let Some((r, shape)) = super::simd::packed_result(fx, data) {
        super::simd::pack(fx, r, shape, &firsts);
        return Ok(());
    }
    let v = data.result.ok_or_else(refused)?;
    let dst = fx.vecs.get(&v).cloned().ok_or_else(refused)?;
    for (d, s) in dst.iter().zip(firsts) {
        copy(fx, *d, s);
    }
    Ok(())
}

/// The called intrinsic's name (for messages).
fn data_name(fx: &FnCx, data: &InstData) -> String {
    match data.callee_and_args() {
        Some((Operand::Const(c), _)) => match fx.cx.m.consts.kind(c) {
            ConstKind::Global(g) => fx.cx.m.global_name(*g),
            _ => "an intrinsic".into(),
        },
        _ => "an intrinsic".into(),
    }
}

/// `llvm.vector.reduce.<op>`: a left-to-right chain over the lanes (from the start value for
/// `fadd` and `fmul`).
fn reduce(fx: &mut FnCx, data: &InstData, id: Intrinsic, op: Red, args: &[Operand]) -> LResult<()> {
    let span = data.span;
    let m = fx.cx.m;
    let unsupported = || {
        LowerError::unsupported(
            span,
            format!("intrinsic @{} on {}", id.name(), type_text(m, data.ty)),
        )
    };
    let ordered = matches!(op, Red::Float(_));
    let vop = *args.get(usize::from(ordered)).ok_or_else(unsupported)?;
    let (n, et) =
        super::vector::lanes_of(fx, m.operand_ty(fx.body, vop)).ok_or_else(unsupported)?;
    if let (Some(bits), false) = (m.types.int_bits(et).filter(|b| *b > 64), ordered) {
        return reduce_wide(fx, data, op, vop, n, bits, &unsupported);
    }
    if lanes::lane_ty(m, et).is_none() {
        return Err(unsupported());
    }
    let xs = super::vector::lanes(fx, vop, n)?;
    let dst = dst_of(fx, data)?;
    let (mut acc, rest) = if ordered {
        (arg(fx, args, 0)?, xs.as_slice())
    } else {
        let Some((&first, rest)) = xs.split_first() else { return Err(unsupported()) };
        (first, rest)
    };
    let bits = m.types.int_bits(et).unwrap_or(64);
    let ty = reg_ty(m, et, span)?;
    for &x in rest {
        acc = match op {
            Red::Int(o) => super::inst::int_binop(fx, o, ty, bits, acc, x),
            Red::Keep(p) => {
                let c = fx.new_reg(Ty::I32);
                super::inst::icmp_into(fx, p, ty, bits, acc, x, c);
                lanes::select(fx, ty, c, acc, x)
            }
            Red::Float(b) => super::inst::fbin(fx, b, et, acc, x),
            Red::FMinMax { max, ieee } => {
                let l = if ieee { Lane::MinMaxIeee { max } } else { Lane::MinMaxNum { max } };
                let t = LaneTys { args: vec![et, et], ret: et, imm: None };
                let r = lanes::lane(fx, l, &t, &[acc, x])?;
                *r.first().ok_or_else(unsupported)?
            }
        };
    }
    copy(fx, dst, acc);
    Ok(())
}

/// An integer reduction over lanes of 65 to 128 bits (pairs of registers).
fn reduce_wide(
    fx: &mut FnCx,
    data: &InstData,
    op: Red,
    vop: Operand,
    n: u32,
    bits: u32,
    unsupported: &dyn Fn() -> LowerError,
) -> LResult<()> {
    use super::wide::{binop, icmp, select, sext_pair};
    let xs = super::wide_vector::pairs(fx, vop, n)?;
    let Some((&first, rest)) = xs.split_first() else { return Err(unsupported()) };
    let mut acc = first;
    for &x in rest {
        acc = match op {
            Red::Int(o) => {
                let r = binop(fx, o, acc, x);
                (r.0, super::legal::mask(fx, r.1, bits - 64))
            }
            Red::Keep(p) => {
                use crate::ir::IntPredicate as P;
                let signed = matches!(p, P::Sgt | P::Slt | P::Sge | P::Sle);
                let (a, b) = if signed {
                    (sext_pair(fx, acc, bits), sext_pair(fx, x, bits))
                } else {
                    (acc, x)
                };
                let c = icmp(fx, p, a, b);
                (select(fx, Ty::I64, c, acc.0, x.0), select(fx, Ty::I64, c, acc.1, x.1))
            }
            _ => return Err(unsupported()),
        };
    }
    let v = data.result.ok_or_else(unsupported)?;
    let dst = fx.vecs.get(&v).cloned().ok_or_else(unsupported)?;
    for (d, s) in dst.iter().zip([acc.0, acc.1]) {
        copy(fx, *d, s);
    }
    Ok(())
}
