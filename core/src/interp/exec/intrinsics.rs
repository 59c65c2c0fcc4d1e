//! The `llvm.*` intrinsics C compilers emit: memory (`memcpy`/`memmove`/`memset`), overflow and
//! saturating arithmetic, min/max/abs, bit manipulation, funnel shifts, floating-point math
//! (through the pure-Rust `libm`, so results are the same natively and on wasm32),
//! reductions, `is.fpclass`, saturating conversions, variadic argument handling, stack
//! save/restore, `assume`, `expect`, `objectsize`, traps and the no-op markers.

use crate::interp::exec::eval::{int_val, Aux};
use crate::interp::libc::mem::len_slot;
use crate::interp::report::{Fault, Res, UbKind};
use crate::interp::state::Interp;
use crate::interp::value::{mask, Slot, Val};
use crate::ir::layout::Class;
use crate::ir::{FloatKind, InstFlags, IntPredicate, Intrinsic, Opcode, TypeId};
use crate::semantics::fp::{self, RoundMode};
use crate::semantics::int::{self, IOp};
use crate::semantics::math::{math, Math};
use crate::semantics::wide;

/// A lane-wise operation on two or three integers.
#[derive(Copy, Clone, PartialEq, Eq)]
enum IntLanes {
    /// `smax`, `smin`, `umax`, `umin`.
    MinMax { signed: bool, max: bool },
    /// `fshl` (`left`) and `fshr`.
    Funnel { left: bool },
    /// `sadd.sat`, `uadd.sat`, `ssub.sat`, `usub.sat`, `sshl.sat`, `ushl.sat`.
    Sat { signed: bool, op: IOp },
}

/// A lane-wise operation on one integer.
#[derive(Copy, Clone, PartialEq, Eq)]
enum IntUnary {
    Abs,
    Ctpop,
    Ctlz,
    Cttz,
    Bswap,
    Bitreverse,
}

/// A vector reduction.
#[derive(Copy, Clone, PartialEq, Eq)]
enum Reduce {
    /// With an instruction: `add`, `mul`, `and`, `or`, `xor`, and the ordered `fadd`, `fmul`
    /// (which start from their first operand).
    Op(Opcode),
    /// Integer minimum or maximum: the predicate that keeps the accumulator.
    Int(IntPredicate),
    /// Floating-point minimum or maximum (`ieee`: `fminimum`/`fmaximum`).
    Fp { max: bool, ieee: bool },
}

/// A lane-wise floating-point operation.
#[derive(Copy, Clone, PartialEq, Eq)]
enum FpOp {
    Abs,
    Copysign,
    /// `minnum`/`maxnum`, or `minimum`/`maximum` (`ieee`).
    MinMax {
        max: bool,
        ieee: bool,
    },
    Round(RoundMode),
    Fma,
    Sqrt,
    /// `lround`, `llround`, `lrint`, `llrint`, `fptosi.sat`, `fptoui.sat`.
    ToInt {
        mode: RoundMode,
        signed: bool,
    },
    IsFpclass,
    Powi,
    Ldexp,
    Math(Math),
}

/// An intrinsic the interpreter does not implement.
fn not_implemented(name: &str) -> Fault {
    Fault::unsupported(format!("intrinsic @{name} is not implemented"))
}

/// True for the intrinsics without effect on the interpreter when their result is unused:
/// decoding drops such calls.
pub fn is_nop(id: Intrinsic) -> bool {
    use Intrinsic as I;
    matches!(
        id,
        I::DbgValue
            | I::DbgDeclare
            | I::DbgAssign
            | I::DbgLabel
            | I::LifetimeStart
            | I::LifetimeEnd
            | I::InvariantEnd
            | I::NoaliasScopeDecl
            | I::Donothing
            | I::Sideeffect
            | I::VarAnnotation
            | I::Pseudoprobe
            | I::InstrprofIncrement
            | I::InstrprofIncrementStep
            | I::InstrprofCover
            | I::InstrprofTimestamp
            | I::InstrprofValueProfile
            | I::InstrprofCallsite
            | I::InstrprofMcdcParameters
            | I::InstrprofMcdcTvbitmapUpdate
    )
}

/// An integer lane: words and taint.
fn ilane(v: &Val) -> (Vec<u64>, u32) {
    match v {
        Val::S(s) => (vec![s.bits], s.poison),
        Val::W { words, poison } => (words.to_vec(), *poison),
        Val::A(_) => (vec![0], 0),
    }
}

fn lanes_of(v: &Val, vector: bool) -> Vec<Val> {
    if vector {
        v.elems().to_vec()
    } else {
        vec![v.clone()]
    }
}

impl Interp<'_> {
    fn pack(&self, mut lanes: Vec<Val>, vector: bool) -> Val {
        if vector {
            Val::A(lanes.into())
        } else {
            lanes.pop().unwrap_or_default()
        }
    }

    /// Calls intrinsic `name` of family `id` (`None`: an `llvm.*` name the table does not
    /// know, which the interpreter does not implement).
    pub fn intrinsic(
        &mut self,
        id: Option<Intrinsic>,
        name: &str,
        args: &[Val],
        tys: &[TypeId],
        ret: TypeId,
    ) -> Res<Option<Val>> {
        use Intrinsic as I;
        let Some(id) = id else { return Err(not_implemented(name)) };
        let a = |i: usize| args.get(i).cloned().unwrap_or_default();
        let r = match id {
            I::DbgValue
            | I::DbgDeclare
            | I::DbgAssign
            | I::DbgLabel
            | I::LifetimeStart
            | I::LifetimeEnd
            | I::InvariantEnd
            | I::NoaliasScopeDecl
            | I::Donothing
            | I::Sideeffect
            | I::Prefetch
            | I::VaEnd
            | I::VarAnnotation
            | I::Pseudoprobe
            | I::InstrprofIncrement
            | I::InstrprofIncrementStep
            | I::InstrprofCover
            | I::InstrprofTimestamp
            | I::InstrprofValueProfile
            | I::InstrprofCallsite
            | I::InstrprofMcdcParameters
            | I::InstrprofMcdcTvbitmapUpdate => return Ok(None),
            I::InvariantStart | I::IsConstant => Val::S(Slot::int(0)),
            I::Expect
            | I::ExpectWithProbability
            | I::ThreadlocalAddress
            | I::LaunderInvariantGroup
            | I::StripInvariantGroup
            | I::Annotation
            | I::PtrAnnotation
            | I::SsaCopy => a(0),
            I::Assume => {
                let c = a(0).slot();
                if c.poison != 0 {
                    return Err(Fault::ub_from(
                        UbKind::AssumeViolated,
                        "llvm.assume of a poison or undef value",
                        c.poison,
                    ));
                }
                if c.bits & 1 == 0 {
                    return Err(Fault::ub(UbKind::AssumeViolated, "llvm.assume(false)"));
                }
                return Ok(None);
            }
            I::Trap | I::Debugtrap | I::Ubsantrap => {
                return Err(Fault::Abort(format!("{name} was called")))
            }
            I::Memcpy | I::MemcpyInline | I::Memmove => {
                self.mem_copy(a(0).slot(), a(1).slot(), len_slot(&a(2)), id != I::Memmove)?;
                return Ok(None);
            }
            I::Memset | I::MemsetInline => {
                self.mem_set(a(0).slot(), a(1).slot(), len_slot(&a(2)))?;
                return Ok(None);
            }
            I::Stacksave => Val::S(Slot::int(self.allocas.len() as u64)),
            I::Stackrestore => {
                let mark = self.frames.last().map_or(0, |f| f.amark as usize);
                let to = (a(0).slot().bits as usize).max(mark);
                self.free_allocas(to);
                return Ok(None);
            }
            I::Objectsize => {
                let p = a(0).slot();
                let min = a(1).slot().bits & 1 == 1;
                let rw = self.m.types.int_bits(ret).unwrap_or(64);
                let size = self
                    .mem
                    .alloc_of(p)
                    .and_then(|i| self.mem.allocs.get(i as usize))
                    .filter(|al| al.live)
                    .map(|al| al.size.saturating_sub(p.bits.wrapping_sub(al.base)));
                Val::S(Slot::int(size.unwrap_or(if min { 0 } else { u64::MAX }) & mask(rw)))
            }
            I::VaStart => {
                self.va_start(a(0).slot())?;
                return Ok(None);
            }
            I::VaCopy => {
                let d = self.mem.check(a(0).slot(), 24, true)?;
                let s = self.mem.check(a(1).slot(), 24, false)?;
                self.mem.copy(d, s, 24);
                return Ok(None);
            }
            I::EhTypeidFor => Val::S(Slot::int(self.typeid_for(a(0).slot().bits))),
            I::Frameaddress | I::Returnaddress => Val::S(Slot::int(0)),
            I::Ptrmask => {
                let (p, m) = (a(0).slot(), a(1).slot());
                Val::S(Slot { bits: p.bits & m.bits, ..p })
            }
            I::SaddWithOverflow => self.with_overflow(IOp::Add, InstFlags::NSW, args, tys, ret),
            I::UaddWithOverflow => self.with_overflow(IOp::Add, InstFlags::NUW, args, tys, ret),
            I::SsubWithOverflow => self.with_overflow(IOp::Sub, InstFlags::NSW, args, tys, ret),
            I::UsubWithOverflow => self.with_overflow(IOp::Sub, InstFlags::NUW, args, tys, ret),
            I::SmulWithOverflow => self.with_overflow(IOp::Mul, InstFlags::NSW, args, tys, ret),
            I::UmulWithOverflow => self.with_overflow(IOp::Mul, InstFlags::NUW, args, tys, ret),
            I::SaddSat => {
                self.int_lanes(id, IntLanes::Sat { signed: true, op: IOp::Add }, args, tys, ret)
            }
            I::UaddSat => {
                self.int_lanes(id, IntLanes::Sat { signed: false, op: IOp::Add }, args, tys, ret)
            }
            I::SsubSat => {
                self.int_lanes(id, IntLanes::Sat { signed: true, op: IOp::Sub }, args, tys, ret)
            }
            I::UsubSat => {
                self.int_lanes(id, IntLanes::Sat { signed: false, op: IOp::Sub }, args, tys, ret)
            }
            I::SshlSat => {
                self.int_lanes(id, IntLanes::Sat { signed: true, op: IOp::Shl }, args, tys, ret)
            }
            I::UshlSat => {
                self.int_lanes(id, IntLanes::Sat { signed: false, op: IOp::Shl }, args, tys, ret)
            }
            I::Smax => {
                self.int_lanes(id, IntLanes::MinMax { signed: true, max: true }, args, tys, ret)
            }
            I::Smin => {
                self.int_lanes(id, IntLanes::MinMax { signed: true, max: false }, args, tys, ret)
            }
            I::Umax => {
                self.int_lanes(id, IntLanes::MinMax { signed: false, max: true }, args, tys, ret)
            }
            I::Umin => {
                self.int_lanes(id, IntLanes::MinMax { signed: false, max: false }, args, tys, ret)
            }
            I::Fshl => self.int_lanes(id, IntLanes::Funnel { left: true }, args, tys, ret),
            I::Fshr => self.int_lanes(id, IntLanes::Funnel { left: false }, args, tys, ret),
            I::Abs => self.int_unary(id, IntUnary::Abs, args, tys, ret),
            I::Ctpop => self.int_unary(id, IntUnary::Ctpop, args, tys, ret),
            I::Ctlz => self.int_unary(id, IntUnary::Ctlz, args, tys, ret),
            I::Cttz => self.int_unary(id, IntUnary::Cttz, args, tys, ret),
            I::Bswap => self.int_unary(id, IntUnary::Bswap, args, tys, ret),
            I::Bitreverse => self.int_unary(id, IntUnary::Bitreverse, args, tys, ret),
            I::ReduceAdd => self.reduce(Reduce::Op(Opcode::Add), args, tys)?,
            I::ReduceMul => self.reduce(Reduce::Op(Opcode::Mul), args, tys)?,
            I::ReduceAnd => self.reduce(Reduce::Op(Opcode::And), args, tys)?,
            I::ReduceOr => self.reduce(Reduce::Op(Opcode::Or), args, tys)?,
            I::ReduceXor => self.reduce(Reduce::Op(Opcode::Xor), args, tys)?,
            I::ReduceFadd => self.reduce(Reduce::Op(Opcode::FAdd), args, tys)?,
            I::ReduceFmul => self.reduce(Reduce::Op(Opcode::FMul), args, tys)?,
            I::ReduceSmax => self.reduce(Reduce::Int(IntPredicate::Sgt), args, tys)?,
            I::ReduceSmin => self.reduce(Reduce::Int(IntPredicate::Slt), args, tys)?,
            I::ReduceUmax => self.reduce(Reduce::Int(IntPredicate::Ugt), args, tys)?,
            I::ReduceUmin => self.reduce(Reduce::Int(IntPredicate::Ult), args, tys)?,
            I::ReduceFmax => self.reduce(Reduce::Fp { max: true, ieee: false }, args, tys)?,
            I::ReduceFmin => self.reduce(Reduce::Fp { max: false, ieee: false }, args, tys)?,
            I::ReduceFmaximum => self.reduce(Reduce::Fp { max: true, ieee: true }, args, tys)?,
            I::ReduceFminimum => self.reduce(Reduce::Fp { max: false, ieee: true }, args, tys)?,
            I::Fabs => self.fp(FpOp::Abs, name, args, tys, ret)?,
            I::Copysign => self.fp(FpOp::Copysign, name, args, tys, ret)?,
            I::Minnum => self.fp(FpOp::MinMax { max: false, ieee: false }, name, args, tys, ret)?,
            I::Maxnum => self.fp(FpOp::MinMax { max: true, ieee: false }, name, args, tys, ret)?,
            I::Minimum => self.fp(FpOp::MinMax { max: false, ieee: true }, name, args, tys, ret)?,
            I::Maximum => self.fp(FpOp::MinMax { max: true, ieee: true }, name, args, tys, ret)?,
            I::Floor => self.fp(FpOp::Round(RoundMode::Floor), name, args, tys, ret)?,
            I::Ceil => self.fp(FpOp::Round(RoundMode::Ceil), name, args, tys, ret)?,
            I::Trunc => self.fp(FpOp::Round(RoundMode::Trunc), name, args, tys, ret)?,
            I::Rint | I::Nearbyint | I::Roundeven => {
                self.fp(FpOp::Round(RoundMode::Even), name, args, tys, ret)?
            }
            I::Round => self.fp(FpOp::Round(RoundMode::Away), name, args, tys, ret)?,
            I::Fma | I::Fmuladd => self.fp(FpOp::Fma, name, args, tys, ret)?,
            I::Sqrt => self.fp(FpOp::Sqrt, name, args, tys, ret)?,
            I::Lround | I::Llround => {
                let op = FpOp::ToInt { mode: RoundMode::Away, signed: true };
                self.fp(op, name, args, tys, ret)?
            }
            I::Lrint | I::Llrint => {
                let op = FpOp::ToInt { mode: RoundMode::Even, signed: true };
                self.fp(op, name, args, tys, ret)?
            }
            I::FptosiSat => {
                let op = FpOp::ToInt { mode: RoundMode::Trunc, signed: true };
                self.fp(op, name, args, tys, ret)?
            }
            I::FptouiSat => {
                let op = FpOp::ToInt { mode: RoundMode::Trunc, signed: false };
                self.fp(op, name, args, tys, ret)?
            }
            I::IsFpclass => self.fp(FpOp::IsFpclass, name, args, tys, ret)?,
            I::Powi => self.fp(FpOp::Powi, name, args, tys, ret)?,
            I::Ldexp => self.fp(FpOp::Ldexp, name, args, tys, ret)?,
            I::Sin => self.fp(FpOp::Math(Math::Sin), name, args, tys, ret)?,
            I::Cos => self.fp(FpOp::Math(Math::Cos), name, args, tys, ret)?,
            I::Tan => self.fp(FpOp::Math(Math::Tan), name, args, tys, ret)?,
            I::Asin => self.fp(FpOp::Math(Math::Asin), name, args, tys, ret)?,
            I::Acos => self.fp(FpOp::Math(Math::Acos), name, args, tys, ret)?,
            I::Atan => self.fp(FpOp::Math(Math::Atan), name, args, tys, ret)?,
            I::Atan2 => self.fp(FpOp::Math(Math::Atan2), name, args, tys, ret)?,
            I::Sinh => self.fp(FpOp::Math(Math::Sinh), name, args, tys, ret)?,
            I::Cosh => self.fp(FpOp::Math(Math::Cosh), name, args, tys, ret)?,
            I::Tanh => self.fp(FpOp::Math(Math::Tanh), name, args, tys, ret)?,
            I::Exp => self.fp(FpOp::Math(Math::Exp), name, args, tys, ret)?,
            I::Exp2 => self.fp(FpOp::Math(Math::Exp2), name, args, tys, ret)?,
            I::Exp10 => self.fp(FpOp::Math(Math::Exp10), name, args, tys, ret)?,
            I::Log => self.fp(FpOp::Math(Math::Log), name, args, tys, ret)?,
            I::Log2 => self.fp(FpOp::Math(Math::Log2), name, args, tys, ret)?,
            I::Log10 => self.fp(FpOp::Math(Math::Log10), name, args, tys, ret)?,
            I::Pow => self.fp(FpOp::Math(Math::Pow), name, args, tys, ret)?,
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
            | I::Vscale => return Err(not_implemented(name)),
        };
        Ok(Some(r))
    }

    /// The vector shape and integer width of an intrinsic's first operand.
    fn shape(&self, tys: &[TypeId], ret: TypeId) -> (bool, u32) {
        let t0 = tys.first().copied().unwrap_or(ret);
        let st = self.m.types.scalar(t0);
        (self.m.types.is_vector(t0), self.m.types.int_bits(st).unwrap_or(64))
    }

    /// `llvm.[su]{add,sub,mul}.with.overflow`: the result and the overflow flag `flag` says.
    fn with_overflow(
        &mut self,
        op: IOp,
        flag: u16,
        args: &[Val],
        tys: &[TypeId],
        ret: TypeId,
    ) -> Val {
        let a = |i: usize| args.get(i).cloned().unwrap_or_default();
        let (vector, w) = self.shape(tys, ret);
        let (mut rs, mut os) = (Vec::new(), Vec::new());
        for (x, y) in lanes_of(&a(0), vector).iter().zip(lanes_of(&a(1), vector).iter()) {
            let ((xw, xt), (yw, yt)) = (ilane(x), ilane(y));
            if xt | yt != 0 {
                let o = self.origins.merge(xt, yt);
                let o = self.chain(o);
                rs.push(int_val(vec![0], w, o));
                os.push(Val::S(Slot::tainted(o)));
                continue;
            }
            let r = int::wbin(op, 0, w, &xw, &yw).unwrap_or_default();
            let ovf = int::wbin(op, flag, w, &xw, &yw).is_err();
            rs.push(int_val(r, w, 0));
            os.push(Val::S(Slot::int(ovf as u64)));
        }
        Val::A(vec![self.pack(rs, vector), self.pack(os, vector)].into())
    }

    /// Lane-wise minimum, maximum, funnel shifts and saturating arithmetic.
    fn int_lanes(
        &mut self,
        id: Intrinsic,
        k: IntLanes,
        args: &[Val],
        tys: &[TypeId],
        ret: TypeId,
    ) -> Val {
        let a = |i: usize| args.get(i).cloned().unwrap_or_default();
        let (vector, w) = self.shape(tys, ret);
        let l2 = lanes_of(&a(1), vector);
        let l3 = lanes_of(&a(2), vector);
        let mut out = Vec::new();
        for (n, x) in lanes_of(&a(0), vector).iter().enumerate() {
            let y = l2.get(n).cloned().unwrap_or_default();
            let z = l3.get(n).cloned().unwrap_or_default();
            let ((xw, xt), (yw, yt), (zw, zt)) = (ilane(x), ilane(&y), ilane(&z));
            let t = if matches!(k, IntLanes::Funnel { .. }) { xt | yt | zt } else { xt | yt };
            if t != 0 {
                let o = self.origins.merge(xt, self.origins.merge(yt, zt));
                let o = self.chain(o);
                out.push(int_val(vec![0], w, o));
                continue;
            }
            let r = match k {
                IntLanes::MinMax { signed, max } => {
                    let ord = if signed { wide::cmp_s(&xw, &yw, w) } else { wide::cmp_u(&xw, &yw) };
                    let take_x = (ord == std::cmp::Ordering::Greater) == max
                        || ord == std::cmp::Ordering::Equal;
                    if take_x {
                        xw
                    } else {
                        yw
                    }
                }
                IntLanes::Funnel { left } => {
                    let sh = wide::udivrem(&zw, &wide::zext(&[w as u64], w.max(64)), w.max(64))
                        .1
                        .first()
                        .copied()
                        .unwrap_or(0)
                        % w as u64;
                    if sh == 0 {
                        if left {
                            xw
                        } else {
                            yw
                        }
                    } else if left {
                        wide::bitwise(
                            &wide::shl(&xw, sh, w),
                            &wide::shr(&yw, w as u64 - sh, w, false),
                            w,
                            1,
                        )
                    } else {
                        wide::bitwise(
                            &wide::shl(&xw, w as u64 - sh, w),
                            &wide::shr(&yw, sh, w, false),
                            w,
                            1,
                        )
                    }
                }
                IntLanes::Sat { signed, op } => {
                    if op == IOp::Shl && wide::cmp_u(&yw, &[w as u64]) != std::cmp::Ordering::Less {
                        let o = self.poison(format!(
                            "{} shift amount not less than the width {w}",
                            id.name()
                        ));
                        out.push(int_val(vec![0], w, o));
                        continue;
                    }
                    let flag = if signed { InstFlags::NSW } else { InstFlags::NUW };
                    match int::wbin(op, flag, w, &xw, &yw) {
                        Ok(r) => r,
                        // Saturated: unsigned toward 0 for `usub` and the maximum otherwise;
                        // signed toward the side the true result lies on.
                        Err(_) if !signed => {
                            if op == IOp::Sub {
                                vec![0]
                            } else {
                                wide::ones(w)
                            }
                        }
                        Err(_) => {
                            let neg = match op {
                                IOp::Add => wide::is_neg(&yw, w),
                                IOp::Sub => !wide::is_neg(&yw, w),
                                _ => wide::is_neg(&xw, w),
                            };
                            if neg {
                                wide::smin(w)
                            } else {
                                wide::not(&wide::smin(w), w)
                            }
                        }
                    }
                }
            };
            out.push(int_val(r, w, 0));
        }
        self.pack(out, vector)
    }

    /// Lane-wise `abs`, `ctpop`, `ctlz`, `cttz`, `bswap`, `bitreverse`.
    fn int_unary(
        &mut self,
        id: Intrinsic,
        k: IntUnary,
        args: &[Val],
        tys: &[TypeId],
        ret: TypeId,
    ) -> Val {
        let a = |i: usize| args.get(i).cloned().unwrap_or_default();
        let (vector, w) = self.shape(tys, ret);
        let flag = a(1).slot().bits & 1 == 1;
        let mut out = Vec::new();
        for x in lanes_of(&a(0), vector) {
            let (xw, xt) = ilane(&x);
            if xt != 0 {
                let o = self.chain(xt);
                out.push(int_val(vec![0], w, o));
                continue;
            }
            let r = match k {
                IntUnary::Abs => {
                    if flag && xw == wide::smin(w) {
                        let o = self.poison("llvm.abs of INT_MIN with is_int_min_poison");
                        out.push(int_val(vec![0], w, o));
                        continue;
                    }
                    if wide::is_neg(&xw, w) {
                        wide::neg(&xw, w)
                    } else {
                        xw
                    }
                }
                IntUnary::Ctpop => vec![wide::ctpop(&xw)],
                IntUnary::Ctlz | IntUnary::Cttz => {
                    if flag && wide::is_zero(&xw) {
                        let o = self.poison(format!("{} of zero with is_zero_poison", id.name()));
                        out.push(int_val(vec![0], w, o));
                        continue;
                    }
                    vec![if k == IntUnary::Ctlz { wide::ctlz(&xw, w) } else { wide::cttz(&xw, w) }]
                }
                IntUnary::Bswap => wide::bswap(&xw, w),
                IntUnary::Bitreverse => wide::bitreverse(&xw, w),
            };
            out.push(int_val(r, w, 0));
        }
        self.pack(out, vector)
    }

    fn reduce(&mut self, k: Reduce, args: &[Val], tys: &[TypeId]) -> Res<Val> {
        let ordered = matches!(k, Reduce::Op(Opcode::FAdd | Opcode::FMul));
        let (start, vi) = if ordered { (args.first().cloned(), 1) } else { (None, 0) };
        let vt = tys.get(vi).copied().unwrap_or(TypeId::I32);
        let et = self.m.types.scalar(vt);
        let elems = args.get(vi).map(|v| v.elems().to_vec()).unwrap_or_default();
        let mut acc = match start {
            Some(s) => s,
            None => match elems.first() {
                Some(e) => e.clone(),
                None => return Ok(self.zero_val(et)),
            },
        };
        let skip = if ordered { 0 } else { 1 };
        for e in elems.iter().skip(skip) {
            let pair = [acc.clone(), e.clone()];
            let tys2 = [et, et];
            acc = match k {
                Reduce::Op(op) => self.eval_pure(op, 0, 0, et, &pair, &tys2, Aux::None)?,
                Reduce::Int(p) => {
                    if acc.taint() != 0 || e.taint() != 0 {
                        self.eval_pure(Opcode::Add, 0, 0, et, &pair, &tys2, Aux::None)?
                    } else {
                        let keep = self
                            .eval_pure(Opcode::ICmp, 0, 0, TypeId::I1, &pair, &tys2, Aux::ICmp(p))?
                            .slot()
                            .bits
                            & 1
                            == 1;
                        if keep {
                            acc
                        } else {
                            e.clone()
                        }
                    }
                }
                Reduce::Fp { max, ieee } => {
                    let k = self.m.types.float_kind(et).unwrap_or(FloatKind::Double);
                    let (x, y) = (acc.slot().bits as u128, e.slot().bits as u128);
                    let r = fp::minmax(k, x, y, max, ieee);
                    Val::S(Slot { bits: r as u64, prov: 0, poison: acc.taint() | e.taint() })
                }
            };
        }
        Ok(acc)
    }

    /// Lane-wise floating-point intrinsics.
    fn fp(&mut self, op: FpOp, name: &str, args: &[Val], tys: &[TypeId], ret: TypeId) -> Res<Val> {
        let t0 = tys.first().copied().unwrap_or(ret);
        let vector = self.m.types.is_vector(t0);
        let Some(k) = self.m.types.float_kind(self.m.types.scalar(t0)) else {
            return Err(not_implemented(name));
        };
        let rt = self.m.types.scalar(ret);
        let rw = self.m.types.int_bits(rt).unwrap_or(64);
        // Each argument by its own type: `powi`'s exponent and `is.fpclass`'s test mask are
        // scalars beside a vector (one value for every lane).
        let lanes: Vec<Vec<Val>> = args
            .iter()
            .enumerate()
            .map(|(j, v)| {
                lanes_of(v, vector && self.m.types.is_vector(tys.get(j).copied().unwrap_or(t0)))
            })
            .collect();
        let n = lanes.first().map_or(0, |l| l.len());
        let mut out = Vec::with_capacity(n);
        for i in 0..n {
            let get = |j: usize| {
                lanes
                    .get(j)
                    .and_then(|l| l.get(i).or_else(|| l.first()))
                    .cloned()
                    .unwrap_or_default()
            };
            let bits = |v: &Val| match v {
                Val::W { words, .. } => {
                    words.first().copied().unwrap_or(0) as u128
                        | (words.get(1).copied().unwrap_or(0) as u128) << 64
                }
                v => v.slot().bits as u128,
            };
            let (x, y, z) = (get(0), get(1), get(2));
            let t = x.taint()
                | if matches!(op, FpOp::Powi | FpOp::Ldexp | FpOp::IsFpclass) {
                    0
                } else {
                    y.taint() | z.taint()
                };
            if t != 0 {
                let o = self.chain(t);
                out.push(self.taint_val(rt, o));
                continue;
            }
            let (xb, yb, zb) = (bits(&x), bits(&y), bits(&z));
            let fv = |r: u128| -> Val {
                if k.bits() <= 64 {
                    Val::S(Slot::int(r as u64))
                } else {
                    Val::W { words: vec![r as u64, (r >> 64) as u64].into(), poison: 0 }
                }
            };
            let v = match op {
                FpOp::Abs => fv(fp::abs(k, xb)),
                FpOp::Copysign => fv(fp::copysign(k, xb, yb)),
                FpOp::MinMax { max, ieee } => fv(fp::minmax(k, xb, yb, max, ieee)),
                FpOp::Round(mode) => fv(fp::round(k, xb, mode)),
                FpOp::Fma => fv(fp::fma(k, xb, yb, zb)),
                FpOp::Sqrt if k == FloatKind::Float => {
                    fv(f32::from_bits(xb as u32).sqrt().to_bits() as u128)
                }
                FpOp::Sqrt if k == FloatKind::Double => {
                    fv(fp::fix64(f64::from_bits(xb as u64).sqrt(), f64::from_bits(xb as u64), 0.0)
                        .to_bits() as u128)
                }
                FpOp::ToInt { mode, signed } => {
                    let r = fp::round(k, xb, mode);
                    let words = match fp::to_int(k, r, rw, signed) {
                        Some(wv) => wv,
                        None if fp::is_nan(k, r) => vec![0],
                        None if fp::is_neg(k, r) => {
                            if signed {
                                wide::smin(rw)
                            } else {
                                vec![0]
                            }
                        }
                        None => {
                            if signed {
                                wide::not(&wide::smin(rw), rw)
                            } else {
                                wide::ones(rw)
                            }
                        }
                    };
                    int_val(words, rw, 0)
                }
                FpOp::IsFpclass => {
                    let m = y.slot().bits as u32;
                    Val::S(Slot::int((fp::class(k, xb) & m != 0) as u64))
                }
                FpOp::Powi | FpOp::Ldexp => {
                    let e = crate::interp::value::sext(
                        y.slot().bits,
                        self.m
                            .types
                            .int_bits(tys.get(1).copied().unwrap_or(TypeId::I32))
                            .unwrap_or(32),
                    ) as i32;
                    let xf = fp::to_f64(k, xb);
                    let ldexp = op == FpOp::Ldexp;
                    let r = if ldexp { libm::ldexp(xf, e) } else { powi(xf, e) };
                    let narrow = matches!(k, FloatKind::Half | FloatKind::BFloat);
                    if k == FloatKind::Float && ldexp {
                        fv(libm::ldexpf(f32::from_bits(xb as u32), e).to_bits() as u128)
                    } else if !ldexp && (k == FloatKind::Float || narrow) {
                        // As LLVM: compiler-rt's `__powisf2` in single precision (the
                        // 16-bit formats promoted to it), rounded once to the format.
                        let x32 = fp::to_f64(k, xb) as f32;
                        fv(fp::from_f64(k, f64::from(powi32(x32, e))))
                    } else {
                        fv(fp::from_f64(k, r))
                    }
                }
                FpOp::Sqrt => fv(math(Math::Sqrt, k, xb, yb)),
                FpOp::Math(f) => fv(math(f, k, xb, yb)),
            };
            out.push(v);
        }
        let rvec = self.m.types.is_vector(ret);
        Ok(self.pack(out, rvec))
    }

    /// `memcpy`/`memmove`: checks both ranges (and overlap for `memcpy`) and copies with shadow.
    /// The length is one slot: see `cmem::len_slot`.
    pub fn mem_copy(&mut self, d: Slot, s: Slot, len: Slot, nooverlap: bool) -> Res<()> {
        if len.poison != 0 {
            return Err(Fault::ub_from(
                UbKind::PoisonUse,
                "memory copy with a poison or undef length",
                len.poison,
            ));
        }
        let n = len.bits;
        if n == 0 {
            return Ok(());
        }
        let dl = self.mem.check(d, n, true)?;
        let sl = self.mem.check(s, n, false)?;
        if nooverlap
            && dl.0 == sl.0
            && (dl.1 as u64) < sl.1 as u64 + n
            && (sl.1 as u64) < dl.1 as u64 + n
            && dl.1 != sl.1
        {
            return Err(Fault::ub(
                UbKind::LibraryMisuse,
                format!(
                    "memcpy of {n} bytes between overlapping ranges {:#x} and {:#x}",
                    d.bits, s.bits
                ),
            ));
        }
        self.mem.copy(dl, sl, n as usize);
        Ok(())
    }

    /// `memset`.
    pub fn mem_set(&mut self, d: Slot, byte: Slot, len: Slot) -> Res<()> {
        if len.poison != 0 {
            return Err(Fault::ub_from(
                UbKind::PoisonUse,
                "memset with a poison or undef length",
                len.poison,
            ));
        }
        let n = len.bits;
        if n == 0 {
            return Ok(());
        }
        let dl = self.mem.check_bounds(d, n, true)?;
        let sh = if byte.poison != 0 {
            crate::interp::memory::TAINT | self.origins.whole(byte.poison)
        } else {
            0
        };
        self.mem.fill(dl, byte.bits as u8, sh, n as usize)
    }

    /// `llvm.va_start`: lays out the variadic arguments (x86-64 register save area and overflow
    /// area) and initializes the `va_list` at `ap`.
    fn va_start(&mut self, ap: Slot) -> Res<()> {
        let Some(mut va) = self.frames.last_mut().and_then(|f| f.va.take()) else {
            return Err(Fault::ub(
                UbKind::LibraryMisuse,
                "va_start in a function that is not variadic",
            ));
        };
        let res = self.va_layout(&mut va, ap);
        if let Some(f) = self.frames.last_mut() {
            f.va = Some(va);
        }
        res
    }

    fn va_layout(&mut self, va: &mut crate::interp::state::VaInfo, ap: Slot) -> Res<()> {
        let (save, over) = match va.area {
            Some(x) => x,
            None => {
                let mut gp = va.gp;
                let mut fpn = va.fp;
                let mut place = Vec::new();
                let mut over_size = 0u64;
                for (v, t) in &va.extra {
                    let info = self.lay.get(*t).clone();
                    let (is_fp, words) = match info.class {
                        Class::Float(k) if k.bits() <= 64 => (true, 1),
                        Class::Int(w) if w > 64 && w <= 128 => (false, 2),
                        Class::Int(_) | Class::Ptr => (false, 1),
                        _ => (false, 0),
                    };
                    if is_fp && fpn < 8 {
                        place.push((v.clone(), *t, 0u8, 48 + fpn as u64 * 16));
                        fpn += 1;
                    } else if !is_fp && words > 0 && gp + words <= 6 {
                        place.push((v.clone(), *t, 0u8, gp as u64 * 8));
                        gp += words;
                    } else {
                        let al = if info.align >= 16 { 16 } else { 8 };
                        over_size = over_size.div_ceil(al) * al;
                        place.push((v.clone(), *t, 1u8, over_size));
                        over_size += info.size.max(1).div_ceil(8) * 8;
                    }
                }
                let sidx = self.mem.alloc(176, 16, crate::interp::memory::AllocKind::Stack, 0)?;
                let oidx = self.mem.alloc(
                    over_size.max(8),
                    16,
                    crate::interp::memory::AllocKind::Stack,
                    0,
                )?;
                self.allocas.push(sidx);
                self.allocas.push(oidx);
                for (v, t, area, off) in place {
                    let idx = if area == 0 { sidx } else { oidx };
                    self.store_val((idx as usize, off as usize), t, &v);
                }
                let x = (self.ptr_to(sidx), self.ptr_to(oidx));
                va.area = Some(x);
                x
            }
        };
        let loc = self.mem.check(ap, 24, true)?;
        let (i, o) = loc;
        self.mem.write_slot(i, o, 4, Slot::int(va.gp as u64 * 8), &self.origins);
        self.mem.write_slot(i, o + 4, 4, Slot::int(48 + va.fp as u64 * 16), &self.origins);
        self.mem.write_slot(i, o + 8, 8, over, &self.origins);
        self.mem.write_slot(i, o + 16, 8, save, &self.origins);
        Ok(())
    }

    /// The `va_arg` instruction on an x86-64 `va_list`.
    pub fn va_arg(&mut self, ap: Slot, ty: TypeId) -> Res<Val> {
        let (i, o) = self.mem.check(ap, 24, true)?;
        let gp = self.mem.read_slot(i, o, 4, &mut self.origins).bits;
        let fpo = self.mem.read_slot(i, o + 4, 4, &mut self.origins).bits;
        let over = self.mem.read_slot(i, o + 8, 8, &mut self.origins);
        let save = self.mem.read_slot(i, o + 16, 8, &mut self.origins);
        let info = self.lay.get(ty).clone();
        let is_fp = matches!(info.class, Class::Float(k) if k.bits() <= 64);
        let is_gp = matches!(info.class, Class::Int(w) if w <= 64) || info.class == Class::Ptr;
        let p = if is_fp && fpo < 176 {
            self.mem.write_slot(i, o + 4, 4, Slot::int(fpo + 16), &self.origins);
            Slot { bits: save.bits.wrapping_add(fpo), ..save }
        } else if is_gp && gp < 48 {
            self.mem.write_slot(i, o, 4, Slot::int(gp + 8), &self.origins);
            Slot { bits: save.bits.wrapping_add(gp), ..save }
        } else {
            let al = if info.align >= 16 { 16 } else { 8 };
            let addr = over.bits.div_ceil(al) * al;
            let next = addr + info.size.max(1).div_ceil(8) * 8;
            self.mem.write_slot(i, o + 8, 8, Slot { bits: next, ..over }, &self.origins);
            Slot { bits: addr, ..over }
        };
        let loc = self.mem.check(p, info.size, false)?;
        Ok(self.load_val(loc, ty))
    }
}

/// `x` to the integer power `e` by repeated squaring in the type's precision (compiler-rt's
/// `__powidf2` for `f64`, `__powisf2` for `f32`).
fn powi_in<T>(x: T, e: i32, one: T) -> T
where
    T: Copy + std::ops::Mul<Output = T> + std::ops::Div<Output = T>,
{
    let mut r = one;
    let mut b = x;
    let mut n = e.unsigned_abs();
    while n > 0 {
        if n & 1 == 1 {
            r = r * b;
        }
        b = b * b;
        n >>= 1;
    }
    if e < 0 {
        one / r
    } else {
        r
    }
}

fn powi(x: f64, e: i32) -> f64 {
    powi_in(x, e, 1.0)
}

fn powi32(x: f32, e: i32) -> f32 {
    powi_in(x, e, 1.0)
}
