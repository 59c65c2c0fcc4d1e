//! Calls: direct calls to defined functions, calls to external functions (imports the host
//! provides), indirect calls through function pointers, and the intrinsics, which are
//! expanded inline (`llvm.memcpy` → [`Inst::MemCopy`], `llvm.smax` → compare and select,
//! ...) or dropped when they have no effect on execution (`llvm.lifetime.*`, `llvm.dbg.*`).

use super::abi::{byval_of, reg_ty, sig_of};
use super::form::{Call, Callee, Inst, Pack, Sig, Term, Ty, VReg};
use super::frame::byval_copy;
use super::func::FnCx;
use super::inst::dst_of;
use super::{LResult, LowerError};
use crate::ir::{AttrKind, AttrSetId, ConstKind, GlobalKind, InstData, Operand};

/// Emits a call to import `name` with the given signature.
pub fn call_import(
    fx: &mut FnCx,
    name: &str,
    params: Vec<Ty>,
    ret: Option<Ty>,
    args: Vec<VReg>,
    dst: Option<VReg>,
) -> LResult<()> {
    let sig = Sig { params, ret: ret.into_iter().collect(), variadic: false, packs: Vec::new() };
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
        let name = m.global_name_ref(g);
        if let Some(rest) = name.strip_prefix("llvm.") {
            if tail {
                return Ok(None);
            }
            let id = m.intrinsic(g);
            return super::intrinsics::lower(fx, data, id, rest, args).map(|_| None);
        }
        if super::eh::RUNTIME.contains(&&*name) {
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
    let mut packs = Vec::new();
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
                let native = fx.cx.opts.abi.is_native();
                r = if tail {
                    forwarded(fx, *op, size)?
                } else if native {
                    // The code generator copies it into the stack argument area.
                    r
                } else {
                    byval_copy(fx, r, size, al)?
                };
                if native {
                    let pack = byval_pack(span, size, al)?;
                    packs.push((fixed.len() as u32, pack));
                }
            }
            if fx.cx.opts.abi.is_native() {
                r = sext_arg(fx, info, direct, k, t, r);
            }
            if k == 0 && fx.cx.opts.abi == super::Abi::Aapcs64 && sret_arg(fx, info, direct) {
                packs.push((0, Pack::Sret));
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
        Some(g) if m.global_name_ref(g) == "__cxa_allocate_exception" => {
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
    let mut sig = sig;
    sig.packs.extend(packs);
    sig.packs.sort_by_key(|p| p.0);
    if tail {
        return Ok(varargs.is_empty().then_some(Term::TailCall { callee, sig, args: fixed }));
    }
    let dst = match (sig.ret.len(), data.result) {
        (0, _) => Vec::new(),
        (_, Some(v)) if fx.vecs.contains_key(&v) => fx.vecs.get(&v).cloned().unwrap_or_default(),
        _ => vec![dst_of(fx, data)?],
    };
    // Native: a narrow integer result's upper bits are undefined (or a sign extension).
    let masks: Vec<(VReg, u32)> = match (fx.cx.opts.abi, m.types.func_sig(info.fn_ty), dst.first())
    {
        (abi, Some((rt, _, _)), Some(&d)) if abi.is_native() && dst.len() == 1 => {
            match m.types.get(rt) {
                crate::ir::Type::Int(n) if *n < 64 && *n != 32 => vec![(d, *n)],
                _ => Vec::new(),
            }
        }
        _ => Vec::new(),
    };
    fx.emit(Inst::Call(Box::new(Call { dst, callee, sig, args: fixed, varargs })));
    for (d, n) in masks {
        let ty = fx.reg_ty(d);
        let c = fx.iconst(ty, (1u64 << n) - 1);
        fx.emit(Inst::Bin { op: super::form::Bin::And, ty, dst: d, a: d, b: c });
    }
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

/// True when the first argument of a call is an `sret` pointer (by the call site's
/// attributes or, for a direct call, the callee's parameter's).
fn sret_arg(fx: &FnCx, info: &crate::ir::CallInfo, direct: Option<crate::ir::GlobalId>) -> bool {
    let m = fx.cx.m;
    let site = info.arg_attrs.first().copied().unwrap_or(AttrSetId::EMPTY);
    m.attrs.find(site, AttrKind::StructRet).is_some()
        || direct
            .and_then(|g| m.func(g))
            .and_then(|f| f.params.first())
            .is_some_and(|p| m.attrs.find(p.attrs, AttrKind::StructRet).is_some())
}

/// The [`Pack::ByVal`] of a `byval` copy of `size` bytes at `align`.
pub(super) fn byval_pack(span: crate::diag::Span, size: u64, align: u64) -> LResult<Pack> {
    match (u32::try_from(size), u32::try_from(align)) {
        (Ok(size), Ok(align)) if size <= 1 << 20 => Ok(Pack::ByVal { size, align }),
        _ => Err(LowerError::unsupported(span, "a `byval` argument larger than 1 MiB")),
    }
}

/// Argument `k` (of IR type `t`, in `r`) sign-extended to 32 bits when it is a narrow
/// integer passed `signext` (by the call site's attributes or the callee's parameter's), as
/// C callees expect.
fn sext_arg(
    fx: &mut FnCx,
    info: &crate::ir::CallInfo,
    direct: Option<crate::ir::GlobalId>,
    k: usize,
    t: crate::ir::TypeId,
    r: VReg,
) -> VReg {
    let m = fx.cx.m;
    let crate::ir::Type::Int(n) = m.types.get(t) else { return r };
    if *n >= 32 {
        return r;
    }
    let site = info.arg_attrs.get(k).copied().unwrap_or(AttrSetId::EMPTY);
    let decl = direct.and_then(|g| m.func(g)).and_then(|f| f.params.get(k)).map(|p| p.attrs);
    let sext = m.attrs.find(site, crate::ir::AttrKind::SExt).is_some()
        || decl.is_some_and(|d| m.attrs.find(d, crate::ir::AttrKind::SExt).is_some());
    if !sext {
        return r;
    }
    let d = fx.new_reg(Ty::I32);
    fx.emit(Inst::Un { op: super::form::Un::SextIn(*n as u8), to: Ty::I32, dst: d, a: r });
    d
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

/// The `va_list` of the module's target: the x86-64 System V one (`{ i32 gp_offset, i32
/// fp_offset, ptr overflow_arg_area, ptr reg_save_area }`, 24 bytes) for 8-byte pointers,
/// a plain pointer to the next argument for 4-byte ones (i386, wasm32). Other 64-bit
/// targets (AArch64's `va_list` differs) are refused.
pub fn va_list_size(fx: &FnCx) -> LResult<u32> {
    let triple = fx.cx.m.triple.as_deref().map(String::from_utf8_lossy).unwrap_or_default();
    let arm = triple.starts_with("aarch64") || triple.starts_with("arm64");
    let x86 = triple.starts_with("x86_64") || triple.starts_with("amd64");
    // The IR of a C compiler reads the `va_list` fields itself: it must be the target's.
    let (size, mismatch) = match fx.cx.opts.abi {
        super::Abi::Aapcs64 => (32, x86),
        super::Abi::SysV => (24, arm),
        super::Abi::Cells => (if fx.cx.ptr_bytes == 8 { 24 } else { 4 }, arm),
    };
    if mismatch {
        return Err(LowerError::unsupported(
            fx.span,
            format!("variadic arguments of a module for {triple} on another target (its code reads that target's va_list)"),
        ));
    }
    Ok(size)
}

/// Refuses a `va_list` that is an `alloca` of fewer than `n` bytes (the target's size): IR
/// written for another target's `va_list` would have it overwritten past its end.
pub fn check_va_list_room(fx: &FnCx, op: Option<&Operand>, n: u32) -> LResult<()> {
    let Some(Operand::Value(v)) = op else { return Ok(()) };
    let Some(crate::ir::ValueDef::Inst(i)) = fx.body.values.get(*v).map(|d| d.def) else {
        return Ok(());
    };
    let Some(data) = fx.body.insts.get(i) else { return Ok(()) };
    let crate::ir::Extra::Alloca { elem_ty, .. } = data.extra else { return Ok(()) };
    if data.args.is_empty() {
        let size = fx.cx.lay.get(elem_ty).alloc;
        if size < u64::from(n) {
            return Err(LowerError::unsupported(
                fx.span,
                format!("a va_list of {size} bytes (this target's va_list takes {n}: the IR was written for another target)"),
            ));
        }
    }
    Ok(())
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
pub(super) fn va_start(fx: &mut FnCx, ap: VReg, area: VReg) -> LResult<()> {
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
