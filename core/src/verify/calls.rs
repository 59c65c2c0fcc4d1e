//! Calls (`call`, `invoke`, `callbr`): callee and argument types against the call's function
//! type, call-site attributes, intrinsic call rules (`immarg`, declared signature), operand
//! bundles and `musttail`.

use super::attrs::{self, Owner};
use super::{FnCx, Verifier};
use crate::diag::Diagnostic;
use crate::ir::{
    AttrKind, Block, CallInfo, ConstKind, Function, GlobalId, Inst, InstData, Intrinsic, Opcode,
    Operand, TailKind, Type, TypeId,
};

pub(super) fn check(v: &mut Verifier, cx: &FnCx, _b: Block, i: Inst, d: &InstData) {
    let Some(ci) = d.call_info() else { return };
    let m = v.m;
    let body = cx.body;
    let span = d.span;
    let (callee, args) = (d.args[0], &d.args[1..]);
    let Some((ret, params, vararg)) = m.types.func_sig(ci.fn_ty) else { return };

    let callee_ty = v.op_ty(body, callee);
    if !m.types.is_ptr(callee_ty) {
        v.err(span, format!("Called function must be a pointer! (found {})", v.ty(callee_ty)));
    }
    let plural = |n: usize| if n == 1 { "argument" } else { "arguments" };
    // Name the callee when its own type is the call's; else the type written in the call.
    let callee_name = v
        .const_global(callee)
        .filter(|&g| m.func(g).is_some_and(|f| f.ty == ci.fn_ty))
        .map(|g| v.gname(g));
    let who = callee_name.as_deref().map_or_else(
        || format!("the call's function type `{}`", v.ty(ci.fn_ty)),
        |n| format!("`{n}`"),
    );
    let sig = || {
        let ps: Vec<String> = params.iter().map(|&p| v.ty(p)).collect();
        format!("({}{})", ps.join(", "), if vararg { ", ..." } else { "" })
    };
    if (vararg && args.len() < params.len()) || (!vararg && args.len() != params.len()) {
        let at_least = if vararg { "at least " } else { "" };
        let mut diag = Diagnostic::error(
            span,
            format!(
                "{who} takes {at_least}{} {} but this call passes {}: incorrect number of arguments",
                params.len(),
                plural(params.len()),
                args.len()
            ),
        )
        .with_help(format!("pass one argument per parameter of {}", sig()));
        if let Some(g) = v.const_global(callee).filter(|_| callee_name.is_some()) {
            if let Some(gv) = m.globals.get(g) {
                diag = diag.with_label(gv.span, format!("{who} is declared here"));
            }
        }
        v.push(diag);
    }
    for (k, (&a, &p)) in args.iter().zip(params.iter()).enumerate() {
        let t = v.op_ty(body, a);
        if t != p {
            let (have, want) = (v.ty(t), v.ty(p));
            let mut diag = Diagnostic::error(
                span,
                format!("argument {} of this call is `{have}`, but the parameter of {who} is `{want}`: call parameter type does not match function signature", k + 1),
            );
            if let Operand::Value(val) = a {
                let name = cx.vname(m, val);
                diag = diag.with_help(crate::text::conversion_help(
                    name.trim_start_matches('%'),
                    &have,
                    &want,
                ));
            }
            v.push(diag);
        }
    }
    if d.ty != ret {
        v.err(
            span,
            format!(
                "call result type {} does not match the return type {} of its function type",
                v.ty(d.ty),
                v.ty(ret)
            ),
        );
    }
    if ci.arg_attrs.len() > args.len() {
        v.err(span, "Attribute after last parameter!");
    }

    let callee_g = v.const_global(callee);
    let callee_fn: Option<(GlobalId, &Function)> =
        callee_g.and_then(|g| m.globals.get(g)?.as_func().map(|f| (g, f)));
    let is_intrinsic = callee_fn.is_some_and(|(g, _)| v.gtext(g).starts_with("llvm."));
    let intrinsic = callee_fn.and_then(|(_, f)| f.intrinsic);
    let inline_asm =
        matches!(callee, Operand::Const(c) if matches!(m.consts.kind(c), ConstKind::InlineAsm(_)));

    if let Some((g, f)) = callee_fn {
        if is_intrinsic && f.ty != ci.fn_ty {
            v.push(
                Diagnostic::error(span, "Intrinsic called with incompatible signature").with_label(
                    m.globals[g].span,
                    format!("{} is declared with type {}", v.gname(g), v.ty(f.ty)),
                ),
            );
        }
    }
    if is_intrinsic && d.op != Opcode::Call {
        let name = callee_fn.map(|(g, _)| v.gtext(g)).unwrap_or("");
        let ok = [
            "llvm.donothing",
            "llvm.experimental.patchpoint",
            "llvm.experimental.gc.statepoint",
            "llvm.coro.resume",
            "llvm.coro.destroy",
            "llvm.seh.",
            "llvm.wasm.rethrow",
            "llvm.coro.await.suspend",
        ]
        .iter()
        .any(|p| name.starts_with(p));
        if !ok {
            v.err(span, "Cannot invoke an intrinsic other than donothing, patchpoint, statepoint, coro_resume, coro_destroy or clang.arc.attachedcall");
        }
    }

    // Call-site attributes.
    let owner = Owner { intrinsic: is_intrinsic, inline_asm, span };
    attrs::check_signature(v, &owner, ret, params, ci.ret_attrs, &ci.arg_attrs, ci.fn_attrs);
    for (k, &set) in ci.arg_attrs.iter().enumerate().skip(params.len()) {
        let Some(&a) = args.get(k) else { break };
        let t = v.op_ty(body, a);
        attrs::check_value_attrs(v, span, set, t, true);
        if m.attrs.has(set, AttrKind::StructRet) {
            v.err(span, "Attribute 'sret' cannot be used for vararg call arguments!");
        }
        if m.attrs.has(set, AttrKind::InAlloca) && k + 1 != args.len() {
            v.err(span, "inalloca isn't on the last argument!");
        }
    }
    if m.attrs.has(ci.fn_attrs, AttrKind::Speculatable)
        && !callee_fn.is_some_and(|(_, f)| m.attrs.has(f.fn_attrs, AttrKind::Speculatable))
    {
        v.err(span, "speculatable attribute may not apply to call sites");
    }
    if !is_intrinsic {
        for &p in params {
            match m.types.get(p) {
                Type::Metadata => {
                    v.err(span, "Function has metadata parameter but isn't an intrinsic")
                }
                Type::Token => v.err(span, "Function has token parameter but isn't an intrinsic"),
                _ => {}
            }
        }
    }
    if callee_fn.is_none() {
        match m.types.get(ret) {
            Type::Token => v.err(span, "Return type cannot be token for indirect call!"),
            Type::X86Amx => v.err(span, "Return type cannot be x86_amx for indirect call!"),
            _ => {}
        }
    }

    // immarg: the intrinsic's own positions, and those the declaration or call site mark.
    for (k, &a) in args.iter().enumerate() {
        let site = ci.arg_attrs.get(k).is_some_and(|&s| m.attrs.has(s, AttrKind::ImmArg));
        let decl = callee_fn.is_some_and(|(_, f)| {
            f.params.get(k).is_some_and(|p| m.attrs.has(p.attrs, AttrKind::ImmArg))
        });
        let table = intrinsic.is_some_and(|id| id.immarg().contains(&k));
        if site && !(decl || table) {
            v.err(span, "immarg may not apply only to call sites");
        }
        if site || decl || table {
            let imm = matches!(a, Operand::Const(c) if matches!(m.consts.kind(c), ConstKind::Int(_) | ConstKind::Float(_)));
            if !imm {
                v.err(
                    span,
                    format!("immarg operand has non-immediate parameter (argument {})", k + 1),
                );
            }
        }
    }
    if let Some(id) = intrinsic {
        intrinsic_call(v, cx, d, id, args);
    }

    check_bundles(v, cx, d, ci);

    match (&d.op, &d.extra) {
        (Opcode::CallBr, _) => match callee {
            Operand::Const(c) => match m.consts.kind(c) {
                ConstKind::InlineAsm(a) if a.unwind => {
                    v.err(span, "Unwinding from Callbr is not allowed")
                }
                ConstKind::InlineAsm(_) => {}
                _ => v.err(span, "Callbr is currently only used for asm-goto!"),
            },
            _ => v.err(span, "Callbr is currently only used for asm-goto!"),
        },
        (Opcode::Call, _) if ci.tail == TailKind::MustTail => musttail(v, cx, i, d, ci, inline_asm),
        _ => {}
    }
}

/// Per-intrinsic call rules LLVM checks beyond the signature.
fn intrinsic_call(v: &mut Verifier, cx: &FnCx, d: &InstData, id: Intrinsic, args: &[Operand]) {
    let m = v.m;
    match id {
        Intrinsic::IsFpclass => {
            if let Some(Operand::Const(c)) = args.get(1) {
                if let ConstKind::Int(x) = m.consts.kind(*c) {
                    if x.to_u64().is_none_or(|x| x & !0x3ff != 0) {
                        v.err(d.span, "unsupported bits for llvm.is.fpclass test mask");
                    }
                }
            }
        }
        Intrinsic::VaStart if !m.types.func_sig(cx.func.ty).is_some_and(|s| s.2) => {
            v.err(d.span, "va_start called in a non-varargs function");
        }
        _ => {}
    }
}

fn check_bundles(v: &mut Verifier, cx: &FnCx, d: &InstData, ci: &CallInfo) {
    let m = v.m;
    let mut seen: Vec<&[u8]> = Vec::new();
    for b in ci.bundles.iter() {
        let tag: &[u8] = &b.tag;
        let name = match tag {
            b"deopt" => "deopt",
            b"funclet" => "funclet",
            b"gc-transition" => "gc-transition",
            b"cfguardtarget" => "CFGuardTarget",
            b"ptrauth" => "ptrauth",
            b"kcfi" => "kcfi",
            b"preallocated" => "preallocated",
            b"gc-live" => "gc-live",
            _ => continue,
        };
        if seen.contains(&tag) {
            v.err(d.span, format!("Multiple {name} operand bundles"));
            continue;
        }
        seen.push(tag);
        if tag == b"funclet" {
            if b.inputs.len() != 1 {
                v.err(d.span, "Expected exactly one funclet bundle operand");
            } else {
                let pad = cx
                    .op_inst(b.inputs[0])
                    .is_some_and(|(_, x)| matches!(x.op, Opcode::CatchPad | Opcode::CleanupPad));
                if !pad {
                    v.err(d.span, "Funclet bundle operands should correspond to a FuncletPadInst");
                }
            }
        }
        if tag == b"kcfi" {
            let ok = b.inputs.len() == 1
                && matches!(b.inputs[0], Operand::Const(c) if matches!(m.consts.kind(c), ConstKind::Int(_)) && m.consts.ty(c) == TypeId::I32);
            if !ok {
                v.err(d.span, "Kcfi bundle operand must be an i32 constant");
            }
        }
    }
}

/// Two types are congruent when equal or both pointers of one address space.
fn congruent(v: &Verifier, a: TypeId, b: TypeId) -> bool {
    a == b
        || matches!((v.m.types.ptr_addrspace(a), v.m.types.ptr_addrspace(b)), (Some(x), Some(y)) if x == y)
}

fn musttail(v: &mut Verifier, cx: &FnCx, i: Inst, d: &InstData, ci: &CallInfo, inline_asm: bool) {
    let m = v.m;
    let span = d.span;
    if inline_asm {
        v.err(span, "cannot use musttail call with inline asm");
        return;
    }
    let Some((cret, cparams, cvar)) = m.types.func_sig(cx.func.ty) else { return };
    let Some((eret, eparams, evar)) = m.types.func_sig(ci.fn_ty) else { return };
    if cvar != evar {
        v.err(span, "cannot guarantee tail call due to mismatched varargs");
        return;
    }
    if !congruent(v, cret, eret) {
        v.err(span, "cannot guarantee tail call due to mismatched return types");
        return;
    }
    if cx.func.cc != ci.cc {
        v.err(span, "cannot guarantee tail call due to mismatched calling conv");
        return;
    }
    // The call must be followed by `ret` (optionally through a bitcast of its result).
    let Some(b) = cx.block_of(i) else { return };
    let insts = &cx.body.blocks[b].insts;
    let pos = cx.inst_pos[i] as usize;
    let mut ret_val = d.result;
    let mut next = insts.get(pos + 1).map(|&n| &cx.body.insts[n]);
    if let Some(n) = next {
        if n.op == Opcode::BitCast {
            if n.args.first() != ret_val.map(Operand::Value).as_ref() {
                v.err(n.span, "bitcast following musttail call must use the call");
                return;
            }
            ret_val = n.result;
            next = insts.get(pos + 2).map(|&n| &cx.body.insts[n]);
        }
    }
    let Some(r) = next.filter(|n| n.op == Opcode::Ret) else {
        v.err(span, "musttail call must precede a ret with an optional bitcast");
        return;
    };
    if let Some(&rv) = r.args.first() {
        let undef = matches!(rv, Operand::Const(c) if matches!(m.consts.kind(c), ConstKind::Undef | ConstKind::Poison));
        if Some(rv) != ret_val.map(Operand::Value) && !undef {
            v.err(r.span, "musttail call result must be returned");
            return;
        }
    }
    // tailcc (18) and swifttailcc (16) have their own, looser rules.
    if matches!(ci.cc, 16 | 18) {
        if cvar {
            v.err(span, "cannot guarantee tail call for varargs function");
        }
        return;
    }
    let callee_intrinsic =
        v.const_global(d.args[0]).is_some_and(|g| v.gtext(g).starts_with("llvm."));
    if !callee_intrinsic {
        if cparams.len() != eparams.len() {
            v.err(span, "cannot guarantee tail call due to mismatched parameter counts");
            return;
        }
        if cparams.iter().zip(eparams.iter()).any(|(&a, &b)| !congruent(v, a, b)) {
            v.err(span, "cannot guarantee tail call due to mismatched parameter types");
            return;
        }
    }
    for k in 0..cparams.len() {
        let caller = cx.func.params.get(k).map(|p| p.attrs).unwrap_or(crate::ir::AttrSetId::EMPTY);
        let callee = ci.arg_attrs.get(k).copied().unwrap_or(crate::ir::AttrSetId::EMPTY);
        if abi_attrs(v, caller) != abi_attrs(v, callee) {
            v.err(
                span,
                "cannot guarantee tail call due to mismatched ABI impacting function attributes",
            );
            return;
        }
    }
}

/// The ABI-affecting parameter attributes (`getParameterABIAttributes`).
fn abi_attrs(v: &Verifier, set: crate::ir::AttrSetId) -> Vec<crate::ir::Attr> {
    use AttrKind::*;
    let m = v.m;
    let with_align = m.attrs.has(set, ByVal) || m.attrs.has(set, ByRef);
    m.attrs
        .get(set)
        .iter()
        .filter(|a| match a.kind() {
            Some(
                StructRet | ByVal | InAlloca | InReg | AlignStack | SwiftSelf | SwiftAsync
                | SwiftError | Preallocated | ByRef,
            ) => true,
            Some(Align) => with_align,
            _ => false,
        })
        .cloned()
        .collect()
}
