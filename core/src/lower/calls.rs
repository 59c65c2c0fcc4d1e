//! Calls: direct calls to defined functions, calls to external functions (imports the host
//! provides), indirect calls through function pointers, and the intrinsics, which are
//! expanded inline (`llvm.memcpy` → [`Inst::MemCopy`], `llvm.smax` → compare and select,
//! ...) or dropped when they have no effect on execution (`llvm.lifetime.*`, `llvm.dbg.*`).

use super::abi::{byval_of, reg_ty, sig_of, type_text};
use super::form::{Bin, Call, Callee, Cmp, Inst, Sig, Term, Ty, Un, VReg};
use super::frame::byval_copy;
use super::func::FnCx;
use super::inst::{copy, dst_of};
use super::legal::{mask, sext_full, to_ptr, width};
use super::{LResult, LowerError};
use crate::ir::{AttrSetId, ConstKind, GlobalKind, InstData, Intrinsic, Operand, Type};

/// Emits a call to import `name` with the given signature.
pub fn call_import(
    fx: &mut FnCx,
    name: &str,
    params: Vec<Ty>,
    ret: Option<Ty>,
    args: Vec<VReg>,
    dst: Option<VReg>,
) -> LResult<()> {
    let sig = Sig { params, ret: ret.into_iter().collect(), variadic: false };
    let dst = dst.into_iter().collect();
    let span = fx.span;
    let f = fx.cx.import(name, sig.clone(), span)?;
    fx.emit(Inst::Call(Box::new(Call {
        dst,
        callee: Callee::Direct(f),
        sig,
        args,
        varargs: Vec::new(),
    })));
    Ok(())
}

/// Lowers a `call` (or the call of an `invoke`).
pub fn lower_call(fx: &mut FnCx, data: &InstData) -> LResult<()> {
    if data.call_info().is_some_and(|i| i.tail == crate::ir::TailKind::MustTail) {
        return Err(LowerError::unsupported(
            data.span,
            "a musttail call not followed by `ret` of its result",
        ));
    }
    call(fx, data, false).map(|_| ())
}

/// The terminator for a call in tail position (followed by `ret` of its result): a
/// [`Term::TailCall`] for `musttail`, and for `tail` when the callee is defined here with the
/// caller's results and the caller has nothing on the stack its callee could see (else
/// `None`, and the call is lowered as usual).
pub fn lower_tail_call(
    fx: &mut FnCx,
    data: &InstData,
    ret: &[super::form::Ty],
) -> LResult<Option<Term>> {
    let Some(info) = data.call_info() else { return Ok(None) };
    let must = info.tail == crate::ir::TailKind::MustTail;
    if !must
        && (info.tail != crate::ir::TailKind::Tail
            || fx.frame.size > 0
            || fx.dynamic_stack
            || fx.va_area.is_some()
            || has_byval(fx, data))
    {
        return Ok(None);
    }
    let saved = fx.cur.len();
    let term = call(fx, data, true)?;
    let ok = |callee: &Callee, sig: &Sig| {
        sig.ret == ret
            && !sig.variadic
            && (must || matches!(callee, Callee::Direct(f) if f.0 < fx.cx.nfuncs))
    };
    match term {
        Some(Term::TailCall { callee, sig, args }) if ok(&callee, &sig) => Ok(Some(Term::TailCall { callee, sig, args })),
        _ if must => Err(LowerError::unsupported(data.span, "a musttail call to a variadic function, an intrinsic or with other results than its caller's")),
        _ => {
            fx.cur.truncate(saved);
            Ok(None)
        }
    }
}

/// Lowers a call: emitted when `!tail`, else returned as a [`Term::TailCall`] (intrinsics
/// and the exception runtime are always emitted).
fn call(fx: &mut FnCx, data: &InstData, tail: bool) -> LResult<Option<Term>> {
    let span = data.span;
    let m = fx.cx.m;
    let Some((callee, args)) = data.callee_and_args() else {
        return Err(LowerError::unsupported(span, "a call without a callee"));
    };
    let Some(info) = data.call_info() else {
        return Err(LowerError::unsupported(span, "a call without a type"));
    };
    if !info.bundles.is_empty() {
        return Err(LowerError::unsupported(span, "operand bundles"));
    }
    let direct = match callee {
        Operand::Const(c) => match m.consts.kind(c) {
            ConstKind::Global(g) => match m.globals.get(*g).map(|gv| &gv.kind) {
                Some(GlobalKind::Func(_)) => Some(*g),
                _ => None,
            },
            ConstKind::InlineAsm(_) => {
                return Err(LowerError::unsupported(span, "inline assembly"))
            }
            _ => None,
        },
        _ => None,
    };
    if let Some(g) = direct {
        let name = m.global_name(g);
        if let Some(rest) = name.strip_prefix("llvm.") {
            if tail {
                return Ok(None);
            }
            let id = m.intrinsic(g);
            return intrinsic(fx, data, id, rest, args).map(|_| None);
        }
        if super::eh::RUNTIME.contains(&name.as_str()) {
            return if tail {
                Ok(None)
            } else {
                super::eh::runtime_call(fx, data, &name, args).map(|_| None)
            };
        }
    }
    let sig = sig_of(m, fx.cx.opts, info.fn_ty, span)?;
    let nfixed = m.types.func_sig(info.fn_ty).map_or(0, |(_, ps, _)| ps.len());
    let mut fixed = Vec::with_capacity(sig.params.len());
    let mut varargs = Vec::new();
    for (k, op) in args.iter().enumerate() {
        let t = m.operand_ty(fx.body, *op);
        if k < nfixed && super::abi::is_multi(m, fx.cx.opts, t) {
            let n = super::abi::value_regs(m, fx.cx.opts, t, span)?.len() as u32;
            fixed.extend(super::vector::lanes(fx, *op, n)?);
            continue;
        }
        if k >= nfixed || super::abi::v128_shape(m, fx.cx.opts, t).is_none() {
            reg_ty(m, t, span)?;
        }
        let mut r = fx.operand(*op)?;
        if k < nfixed {
            if let Some((size, al)) = byval_arg(fx, info, direct, k) {
                r = if tail { forwarded(fx, *op, size)? } else { byval_copy(fx, r, size, al)? };
            }
            fixed.push(r);
        } else {
            varargs.push(r);
        }
    }
    if fixed.len() != sig.params.len() {
        return Err(LowerError::unsupported(span, "a call whose arguments do not match its type"));
    }
    let callee = match direct {
        Some(g) if m.global_name(g) == "__cxa_allocate_exception" => {
            Callee::Direct(fx.cx.import("malloc", sig.clone(), span)?)
        }
        Some(g) => {
            let f = fx.cx.func_ref(g, span)?;
            if fx.cx.m.func(g).map(|f| f.ty) != Some(info.fn_ty) {
                // Called with another type than declared: go through a pointer-style call
                // only when the signatures agree after lowering.
                let decl = fx.cx.m.func(g).map(|f| f.ty).unwrap_or(info.fn_ty);
                if sig_of(m, fx.cx.opts, decl, span)? != sig {
                    return Err(LowerError::unsupported(
                        span,
                        format!(
                            "a call to @{} with a type other than its declaration's",
                            m.global_name(g)
                        ),
                    ));
                }
            }
            Callee::Direct(f)
        }
        None => Callee::Indirect(fx.operand(callee)?),
    };
    if tail {
        return Ok(varargs.is_empty().then_some(Term::TailCall { callee, sig, args: fixed }));
    }
    let dst = match (sig.ret.len(), data.result) {
        (0, _) => Vec::new(),
        (_, Some(v)) if fx.vecs.contains_key(&v) => fx.vecs.get(&v).cloned().unwrap_or_default(),
        _ => vec![dst_of(fx, data)?],
    };
    fx.emit(Inst::Call(Box::new(Call { dst, callee, sig, args: fixed, varargs })));
    if data.op == crate::ir::Opcode::Call && super::eh::may_unwind(fx, direct) {
        super::eh::check(fx, data)?;
    }
    Ok(None)
}

/// The copy (size, alignment) argument `k` of a call needs when it is passed `byval`: by the
/// call site's attributes or, for a direct call, the callee's parameter's (see `lower/abi.rs`).
fn byval_arg(
    fx: &FnCx,
    info: &crate::ir::CallInfo,
    direct: Option<crate::ir::GlobalId>,
    k: usize,
) -> Option<(u64, u64)> {
    let (m, lay) = (fx.cx.m, &fx.cx.lay);
    let site = info.arg_attrs.get(k).copied().unwrap_or(AttrSetId::EMPTY);
    byval_of(m, lay, site).or_else(|| {
        let p = direct.and_then(|g| m.func(g)).and_then(|f| f.params.get(k))?;
        byval_of(m, lay, p.attrs)
    })
}

/// True when a call passes some argument `byval`.
fn has_byval(fx: &FnCx, data: &InstData) -> bool {
    let (Some(info), Some((callee, args))) = (data.call_info(), data.callee_and_args()) else {
        return false;
    };
    let direct = match callee {
        Operand::Const(c) => match fx.cx.m.consts.kind(c) {
            ConstKind::Global(g) => Some(*g),
            _ => None,
        },
        _ => None,
    };
    (0..args.len()).any(|k| byval_arg(fx, info, direct, k).is_some())
}

/// The `byval` argument `op` of a `musttail` call: it must be the caller's own `byval`
/// parameter of at least `size` bytes, whose copy (made by the caller's caller, in a frame
/// that outlives this one) is passed on as LLVM does. Any other memory would need a copy
/// that outlives the caller's frame, which the low form has no place for.
fn forwarded(fx: &mut FnCx, op: Operand, size: u64) -> LResult<VReg> {
    let own = match op {
        Operand::Value(v) => fx.body.params.iter().position(|&p| p == v).and_then(|k| {
            let f = fx.cx.m.func(fx.gid)?;
            byval_of(fx.cx.m, &fx.cx.lay, f.params.get(k)?.attrs)
        }),
        _ => None,
    };
    match own {
        Some((have, _)) if have >= size => fx.operand(op),
        _ => Err(LowerError::unsupported(
            fx.span,
            "a musttail call passing `byval` memory other than the caller's own `byval` parameter",
        )),
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

/// `a cc b` as 0/1 in a new `I32` register.
pub fn cmp(fx: &mut FnCx, cc: Cmp, ty: Ty, a: VReg, b: VReg) -> VReg {
    let d = fx.new_reg(Ty::I32);
    fx.emit(Inst::Cmp { cc, ty, dst: d, a, b });
    d
}

/// `c ? a : b` into a new register of type `ty`.
pub fn select(fx: &mut FnCx, ty: Ty, c: VReg, a: VReg, b: VReg) -> VReg {
    let d = fx.new_reg(ty);
    fx.emit(Inst::Select { dst: d, cond: c, a, b });
    d
}

/// An integer `llvm.vector.reduce.*`: the lane operation.
#[derive(Copy, Clone)]
enum RedOp {
    /// `add`, `mul`, `and`, `or`, `xor`.
    Bin(crate::ir::Opcode),
    /// `smax`, `smin`, `umax`, `umin`: the predicate that keeps the accumulator.
    Keep(crate::ir::IntPredicate),
}

/// `llvm.vector.reduce.<op>` over an integer vector: a left-to-right chain over the lanes
/// (`None`: a reduction the code generator does not expand).
fn reduce(
    fx: &mut FnCx,
    data: &InstData,
    id: Intrinsic,
    op: Option<RedOp>,
    args: &[Operand],
) -> LResult<()> {
    let span = data.span;
    let m = fx.cx.m;
    let unsupported = || {
        LowerError::unsupported(
            span,
            format!("intrinsic @{} on {}", id.name(), type_text(m, data.ty)),
        )
    };
    let ty = reg_ty(m, data.ty, span).map_err(|_| unsupported())?;
    let bits = m.types.int_bits(data.ty).ok_or_else(unsupported)?;
    let op = op.ok_or_else(unsupported)?;
    let vop = *args.first().ok_or_else(unsupported)?;
    let (n, _) = super::vector::lanes_of(fx, m.operand_ty(fx.body, vop)).ok_or_else(unsupported)?;
    let lanes = super::vector::lanes(fx, vop, n)?;
    let dst = dst_of(fx, data)?;
    let Some((&first, rest)) = lanes.split_first() else { return Err(unsupported()) };
    let mut acc = first;
    for &x in rest {
        acc = match op {
            RedOp::Bin(o) => super::inst::int_binop(fx, o, ty, bits, acc, x),
            RedOp::Keep(p) => {
                let c = fx.new_reg(Ty::I32);
                super::inst::icmp_into(fx, p, ty, bits, acc, x, c);
                select(fx, ty, c, acc, x)
            }
        };
    }
    copy(fx, dst, acc);
    Ok(())
}

/// How the code generator lowers an intrinsic family.
enum How {
    /// Dropped: no effect on execution (markers, hints). Refused when it returns a value.
    Dropped,
    /// An integer vector reduction (`None`: not expanded).
    Reduce(Option<RedOp>),
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
    /// `llvm.smax` and friends: compare (signed or not) and select.
    MinMax(Cmp),
    /// `llvm.fshl` (`left`), `llvm.fshr`.
    Funnel {
        left: bool,
    },
    Abs,
    /// `llvm.ctpop`, `llvm.ctlz`, `llvm.cttz`: the target's count.
    Count(Un),
    /// A floating-point operation the target has.
    FloatUn(Un),
    Copysign,
    /// A call of the C math library function of this name (`f`-suffixed for `float`).
    Libm(&'static str),
    /// `llvm.eh.typeid.for`: the type info's number.
    TypeidFor,
    /// `llvm.fptosi.sat` (`signed`), `llvm.fptoui.sat`.
    FpToIntSat {
        signed: bool,
    },
    /// Not supported by the code generator.
    Unsupported,
}

/// How family `id` is lowered (every family says, so a new one is a compile error here).
fn how(id: Intrinsic) -> How {
    use crate::ir::{IntPredicate as P, Opcode as O};
    use Intrinsic as I;
    match id {
        I::LifetimeStart
        | I::LifetimeEnd
        | I::DbgValue
        | I::DbgDeclare
        | I::DbgAssign
        | I::DbgLabel
        | I::Assume
        | I::NoaliasScopeDecl
        | I::InvariantStart
        | I::InvariantEnd
        | I::Sideeffect
        | I::Donothing
        | I::VarAnnotation
        | I::Annotation
        | I::Pseudoprobe
        | I::Prefetch => How::Dropped,
        I::ReduceAdd => How::Reduce(Some(RedOp::Bin(O::Add))),
        I::ReduceMul => How::Reduce(Some(RedOp::Bin(O::Mul))),
        I::ReduceAnd => How::Reduce(Some(RedOp::Bin(O::And))),
        I::ReduceOr => How::Reduce(Some(RedOp::Bin(O::Or))),
        I::ReduceXor => How::Reduce(Some(RedOp::Bin(O::Xor))),
        I::ReduceSmax => How::Reduce(Some(RedOp::Keep(P::Sgt))),
        I::ReduceSmin => How::Reduce(Some(RedOp::Keep(P::Slt))),
        I::ReduceUmax => How::Reduce(Some(RedOp::Keep(P::Ugt))),
        I::ReduceUmin => How::Reduce(Some(RedOp::Keep(P::Ult))),
        I::ReduceFmax
        | I::ReduceFmin
        | I::ReduceFmaximum
        | I::ReduceFminimum
        | I::ReduceFadd
        | I::ReduceFmul => How::Reduce(None),
        I::VaStart => How::VaStart,
        I::VaEnd => How::VaEnd,
        I::VaCopy => How::VaCopy,
        I::Memcpy | I::MemcpyInline | I::Memmove => How::Mem { fill: false },
        I::Memset | I::MemsetInline => How::Mem { fill: true },
        I::Trap | I::Debugtrap | I::Ubsantrap => How::Trap,
        I::Smax => How::MinMax(Cmp::GtS),
        I::Smin => How::MinMax(Cmp::LtS),
        I::Umax => How::MinMax(Cmp::GtU),
        I::Umin => How::MinMax(Cmp::LtU),
        I::Fshl => How::Funnel { left: true },
        I::Fshr => How::Funnel { left: false },
        I::Abs => How::Abs,
        I::Ctpop => How::Count(Un::Popcnt),
        I::Ctlz => How::Count(Un::Clz),
        I::Cttz => How::Count(Un::Ctz),
        I::Fabs => How::FloatUn(Un::FAbs),
        I::Sqrt => How::FloatUn(Un::FSqrt),
        I::Floor => How::FloatUn(Un::FFloor),
        I::Ceil => How::FloatUn(Un::FCeil),
        I::Trunc => How::FloatUn(Un::FTrunc),
        I::Rint | I::Nearbyint | I::Roundeven => How::FloatUn(Un::FNearest),
        I::Copysign => How::Copysign,
        // Fused, as the interpreter (the reference) computes it.
        I::Fma | I::Fmuladd => How::Libm("fma"),
        I::Pow => How::Libm("pow"),
        I::Exp => How::Libm("exp"),
        I::Exp2 => How::Libm("exp2"),
        I::Log => How::Libm("log"),
        I::Log2 => How::Libm("log2"),
        I::Log10 => How::Libm("log10"),
        I::Sin => How::Libm("sin"),
        I::Cos => How::Libm("cos"),
        I::Round => How::Libm("round"),
        I::Minnum => How::Libm("fmin"),
        I::Maxnum => How::Libm("fmax"),
        I::EhTypeidFor => How::TypeidFor,
        I::FptosiSat => How::FpToIntSat { signed: true },
        I::FptouiSat => How::FpToIntSat { signed: false },
        I::MaskedLoad
        | I::MaskedStore
        | I::LaunderInvariantGroup
        | I::StripInvariantGroup
        | I::Expect
        | I::ExpectWithProbability
        | I::IsConstant
        | I::SsaCopy
        | I::PtrAnnotation
        | I::InstrprofIncrement
        | I::InstrprofIncrementStep
        | I::InstrprofCover
        | I::InstrprofTimestamp
        | I::InstrprofValueProfile
        | I::InstrprofCallsite
        | I::InstrprofMcdcParameters
        | I::InstrprofMcdcTvbitmapUpdate
        | I::Stacksave
        | I::Stackrestore
        | I::Objectsize
        | I::ThreadlocalAddress
        | I::Returnaddress
        | I::Frameaddress
        | I::Ptrmask
        | I::Readcyclecounter
        | I::Vscale
        | I::SaddWithOverflow
        | I::UaddWithOverflow
        | I::SsubWithOverflow
        | I::UsubWithOverflow
        | I::SmulWithOverflow
        | I::UmulWithOverflow
        | I::SaddSat
        | I::UaddSat
        | I::SsubSat
        | I::UsubSat
        | I::SshlSat
        | I::UshlSat
        | I::Scmp
        | I::Ucmp
        | I::Bswap
        | I::Bitreverse
        | I::Minimum
        | I::Maximum
        | I::IsFpclass
        | I::Canonicalize
        | I::Tan
        | I::Asin
        | I::Acos
        | I::Atan
        | I::Atan2
        | I::Sinh
        | I::Cosh
        | I::Tanh
        | I::Exp10
        | I::Powi
        | I::Ldexp
        | I::Frexp
        | I::Lround
        | I::Llround
        | I::Lrint
        | I::Llrint
        | I::VectorReverse
        | I::Localescape
        | I::IcallBranchFunnel
        | I::Stepvector => How::Unsupported,
    }
}

/// Expands intrinsic `llvm.<name>` of family `id` (`None`: a name the table does not know,
/// which the code generator refuses).
fn intrinsic(
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
    let how = how(id);
    match how {
        How::Dropped => {
            if data.ty != crate::ir::TypeId::VOID && !matches!(m.types.get(data.ty), Type::Void) {
                return Err(LowerError::unsupported(span, format!("intrinsic @llvm.{name}")));
            }
            return Ok(());
        }
        How::Reduce(op) => return reduce(fx, data, id, op, args),
        _ => {}
    }
    let vector_arg = args.iter().any(|op| m.types.is_vector(m.operand_ty(fx.body, *op)));
    if vector_arg || m.types.is_vector(data.ty) {
        return Err(LowerError::unsupported(span, format!("vector intrinsic @llvm.{name}")));
    }
    match how {
        How::Dropped | How::Reduce(_) | How::Unsupported => Err(refused()),
        How::VaStart => {
            let ap = arg(fx, args, 0)?;
            let Some(area) = fx.va_area else {
                return Err(LowerError::unsupported(
                    span,
                    "llvm.va_start in a function that is not variadic",
                ));
            };
            va_start(fx, ap, area)
        }
        How::VaEnd => Ok(()),
        How::VaCopy => {
            let (d, s) = (arg(fx, args, 0)?, arg(fx, args, 1)?);
            let n = va_list_size(fx)?;
            let len = fx.iconst(Ty::Ptr, n as u64);
            fx.emit(Inst::MemCopy { dst: d, src: s, len });
            Ok(())
        }
        How::Mem { fill } => {
            let d = arg(fx, args, 0)?;
            let lb = arg_bits(fx, args, 2);
            let len = arg(fx, args, 2)?;
            let len = to_ptr(fx, len, lb, false);
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
        How::MinMax(cc) => {
            let ty = reg_ty(m, data.ty, span)?;
            let bits = arg_bits(fx, args, 0);
            let (a, b) = (arg(fx, args, 0)?, arg(fx, args, 1)?);
            let dst = dst_of(fx, data)?;
            let signed = matches!(cc, Cmp::GtS | Cmp::LtS);
            let (x, y) =
                if signed { (sext_full(fx, a, bits), sext_full(fx, b, bits)) } else { (a, b) };
            let c = cmp(fx, cc, ty, x, y);
            let r = select(fx, ty, c, a, b);
            copy(fx, dst, r);
            Ok(())
        }
        How::Funnel { left } => {
            // fshl: (a << s) | (b >> (N - s)), fshr: (a << (N - s)) | (b >> s), s mod N;
            // a shift of 0 returns a (fshl) or b (fshr) unchanged.
            use crate::ir::Opcode as O;
            let ty = reg_ty(m, data.ty, span)?;
            let bits = arg_bits(fx, args, 0);
            let (a, b, s) = (arg(fx, args, 0)?, arg(fx, args, 1)?, arg(fx, args, 2)?);
            let dst = dst_of(fx, data)?;
            let nb = fx.iconst(ty, bits as u64);
            let sm = super::inst::int_binop(fx, O::URem, ty, bits, s, nb);
            let inv = super::inst::int_binop(fx, O::Sub, ty, bits, nb, sm);
            let (ls, rs) = if left { (sm, inv) } else { (inv, sm) };
            let hi = super::inst::int_binop(fx, O::Shl, ty, bits, a, ls);
            let lo = super::inst::int_binop(fx, O::LShr, ty, bits, b, rs);
            let both = bin(fx, Bin::Or, ty, hi, lo);
            let zero = fx.iconst(ty, 0);
            let is0 = cmp(fx, Cmp::Eq, ty, sm, zero);
            let keep = if left { a } else { b };
            let r = select(fx, ty, is0, keep, both);
            copy(fx, dst, r);
            Ok(())
        }
        How::Abs => {
            let ty = reg_ty(m, data.ty, span)?;
            let bits = arg_bits(fx, args, 0);
            let a = arg(fx, args, 0)?;
            let dst = dst_of(fx, data)?;
            let s = sext_full(fx, a, bits);
            let zero = fx.iconst(ty, 0);
            let neg = bin(fx, Bin::Sub, ty, zero, s);
            let neg = mask(fx, neg, bits);
            let c = cmp(fx, Cmp::LtS, ty, s, zero);
            let r = select(fx, ty, c, neg, a);
            copy(fx, dst, r);
            Ok(())
        }
        How::Count(op) => {
            let ty = reg_ty(m, data.ty, span)?;
            let bits = arg_bits(fx, args, 0);
            let a = arg(fx, args, 0)?;
            let dst = dst_of(fx, data)?;
            let w = width(fx, ty);
            let r = match op {
                Un::Clz => {
                    let c = un(fx, Un::Clz, ty, a);
                    if bits < w {
                        let k = fx.iconst(ty, (w - bits) as u64);
                        bin(fx, Bin::Sub, ty, c, k)
                    } else {
                        c
                    }
                }
                Un::Ctz => {
                    let x = if bits < w {
                        let k = fx.iconst(ty, 1u64 << bits);
                        bin(fx, Bin::Or, ty, a, k)
                    } else {
                        a
                    };
                    un(fx, Un::Ctz, ty, x)
                }
                op => un(fx, op, ty, a),
            };
            copy(fx, dst, r);
            Ok(())
        }
        How::FloatUn(op) => {
            let ty = reg_ty(m, data.ty, span)?;
            let a = arg(fx, args, 0)?;
            let dst = dst_of(fx, data)?;
            fx.emit(Inst::Un { op, to: ty, dst, a });
            Ok(())
        }
        How::Copysign => {
            let ty = reg_ty(m, data.ty, span)?;
            let (a, b) = (arg(fx, args, 0)?, arg(fx, args, 1)?);
            let dst = dst_of(fx, data)?;
            fx.emit(Inst::Bin { op: Bin::FCopySign, ty, dst, a, b });
            Ok(())
        }
        How::Libm(libname) => {
            let ty = reg_ty(m, data.ty, span)?;
            let libname = if ty == Ty::F32 { format!("{libname}f") } else { libname.to_string() };
            let mut regs = Vec::new();
            for k in 0..args.len() {
                regs.push(arg(fx, args, k)?);
            }
            let dst = dst_of(fx, data)?;
            call_import(fx, &libname, vec![ty; regs.len()], Some(ty), regs, Some(dst))
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
        How::FpToIntSat { signed } => {
            let bits =
                m.types.int_bits(data.ty).filter(|b| (1..=64).contains(b)).ok_or_else(|| {
                    LowerError::unsupported(span, format!("intrinsic @llvm.{name}"))
                })?;
            let a = arg(fx, args, 0)?;
            let dst = dst_of(fx, data)?;
            let r = fp_to_int_sat(fx, a, bits, signed);
            copy(fx, dst, r);
            Ok(())
        }
    }
}

/// `llvm.fptosi.sat` / `llvm.fptoui.sat` to `bits` bits: the target's saturating conversion
/// to 32 or 64 bits (NaN gives 0), then clamped to the narrower range, zero-extended.
fn fp_to_int_sat(fx: &mut FnCx, a: VReg, bits: u32, signed: bool) -> VReg {
    let ty = super::legal::int_ty(bits);
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

/// The `va_list` of the module's target: the x86-64 System V one (`{ i32 gp_offset, i32
/// fp_offset, ptr overflow_arg_area, ptr reg_save_area }`, 24 bytes) for 8-byte pointers,
/// a plain pointer to the next argument for 4-byte ones (i386, wasm32). Other 64-bit
/// targets (AArch64's `va_list` differs) are refused.
pub fn va_list_size(fx: &FnCx) -> LResult<u32> {
    let triple = fx.cx.m.triple.as_deref().map(String::from_utf8_lossy).unwrap_or_default();
    if triple.starts_with("aarch64") || triple.starts_with("arm64") {
        return Err(LowerError::unsupported(
            fx.span,
            format!("variadic arguments on target {triple}"),
        ));
    }
    Ok(if fx.cx.ptr_bytes == 8 { 24 } else { 4 })
}

/// The offset of the next-argument pointer in a `va_list`.
pub fn va_next_offset(fx: &FnCx) -> u32 {
    if fx.cx.ptr_bytes == 8 {
        8
    } else {
        0
    }
}

/// `llvm.va_start(ap)`: every variadic argument is in the caller's area (one 8-byte cell
/// each, see [`super::abi`]), so an x86-64 `va_list` says the registers are used up
/// (gp_offset 48, fp_offset 176): the code clang emits for `va_arg` then reads the
/// overflow area, which is our area.
fn va_start(fx: &mut FnCx, ap: VReg, area: VReg) -> LResult<()> {
    let pb = fx.cx.ptr_bytes;
    if va_list_size(fx)? == 24 {
        let gp = fx.iconst(Ty::I32, 48);
        let fp = fx.iconst(Ty::I32, 176);
        fx.emit(Inst::Store { ty: Ty::I32, size: 4, addr: ap, offset: 0, src: gp });
        fx.emit(Inst::Store { ty: Ty::I32, size: 4, addr: ap, offset: 4, src: fp });
        fx.emit(Inst::Store { ty: Ty::Ptr, size: pb, addr: ap, offset: 8, src: area });
        fx.emit(Inst::Store { ty: Ty::Ptr, size: pb, addr: ap, offset: 16, src: area });
    } else {
        fx.emit(Inst::Store { ty: Ty::Ptr, size: pb, addr: ap, offset: 0, src: area });
    }
    Ok(())
}
