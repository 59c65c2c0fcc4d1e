//! Module-level rules: global variables, functions' signatures and attributes, linkage and
//! visibility, aliases (targets, cycles), ifuncs, comdats and the `llvm.*` special globals.

use super::attrs::{self, Owner};
use super::{check_align, constants, intrinsics, Verifier};
use crate::diag::{Diagnostic, Span};
use crate::ir::entity::SecondaryMap;
use crate::ir::module::{DllStorage, Preemption, UnnamedAddr, Visibility};
use crate::ir::{
    AttrKind, ConstId, ConstKind, Function, GlobalId, GlobalKind, GlobalValue, GlobalVar, Linkage,
    Opcode, Type, TypeId,
};

pub(super) fn check(v: &mut Verifier) {
    let m = v.m;
    for (g, gv) in m.globals.iter() {
        global_value(v, g, gv);
        match &gv.kind {
            GlobalKind::Var(var) => variable(v, g, gv, var),
            GlobalKind::Func(f) => function(v, g, gv, f),
            GlobalKind::Alias { aliasee, .. } => alias(v, g, gv, *aliasee),
            GlobalKind::IFunc { resolver, .. } => ifunc(v, gv, *resolver),
            GlobalKind::Forward => {}
        }
    }
    alias_graph(v);
    named_metadata(v);
    let coff = m.triple.as_deref().is_some_and(|t| {
        let t = String::from_utf8_lossy(t);
        t.contains("windows") && !t.contains("elf") || t.contains("-coff")
    });
    if coff {
        for (g, gv) in m.globals.iter() {
            if gv.linkage == Linkage::Private {
                let named = gv
                    .comdat
                    .and_then(|c| m.comdats.get(c))
                    .is_some_and(|c| m.symbols.get(c.name) == v.gtext(g));
                if named {
                    v.err(gv.span, "comdat global value has private linkage");
                }
            }
        }
    }
}

/// A declaration: a variable without initializer or a function without body.
fn is_declaration(gv: &GlobalValue) -> bool {
    match &gv.kind {
        GlobalKind::Var(var) => var.init.is_none(),
        GlobalKind::Func(f) => f.body.is_none(),
        GlobalKind::Forward => true,
        _ => false,
    }
}

fn is_declaration_for_linker(gv: &GlobalValue) -> bool {
    is_declaration(gv) || gv.linkage == Linkage::AvailableExternally
}

/// Rules of every global value (`visitGlobalValue`).
fn global_value(v: &mut Verifier, g: GlobalId, gv: &GlobalValue) {
    let span = gv.span;
    if matches!(gv.kind, GlobalKind::Forward) {
        return;
    }
    let decl = is_declaration(gv);
    if decl
        && !matches!(
            gv.linkage,
            Linkage::External | Linkage::ExternalExplicit | Linkage::ExternWeak
        )
    {
        v.err(
            span,
            format!(
                "Global is external, but doesn't have external or weak linkage! ({} has '{}' linkage)",
                v.gname(g),
                gv.linkage.name()
            ),
        );
    }
    if !decl
        && gv.linkage == Linkage::ExternWeak
        && matches!(gv.kind, GlobalKind::Var(_) | GlobalKind::Func(_))
    {
        v.err(span, "invalid linkage for a definition: extern_weak is only valid on declarations");
    }
    if gv.linkage == Linkage::Appending {
        match &gv.kind {
            GlobalKind::Var(var) => {
                if v.m.types.array(var.value_ty).is_none() {
                    v.err(span, "Only global arrays can have appending linkage!");
                }
            }
            _ => v.err(span, "Only global variables can have appending linkage!"),
        }
    }
    if is_declaration_for_linker(gv) && gv.comdat.is_some() {
        v.err(span, "Declaration may not be in a Comdat!");
    }
    if gv.linkage.is_local() && gv.visibility != Visibility::Default {
        v.err(span, "symbol with local linkage must have default visibility");
    }
    match gv.dll_storage {
        DllStorage::Export if gv.visibility == Visibility::Hidden => {
            v.err(span, "dllexport GlobalValue must have default or protected visibility");
        }
        DllStorage::Import => {
            if gv.visibility != Visibility::Default {
                v.err(span, "dllimport GlobalValue must have default visibility");
            }
            if gv.preemption == Preemption::DsoLocal {
                v.err(span, "GlobalValue with DLLImport Storage is dso_local!");
            }
            let ok = (decl
                && matches!(
                    gv.linkage,
                    Linkage::External | Linkage::ExternalExplicit | Linkage::ExternWeak
                ))
                || gv.linkage == Linkage::AvailableExternally;
            if !ok {
                v.err(span, "Global is marked as dllimport, but not external");
            }
        }
        _ => {}
    }
}

/// True when a type holds a scalable vector anywhere.
fn has_scalable(v: &Verifier, t: TypeId, depth: u32) -> bool {
    let m = v.m;
    if depth > 32 {
        return false;
    }
    match m.types.get(t) {
        Type::Vector { scalable, .. } => *scalable,
        Type::Array { elem, .. } => has_scalable(v, *elem, depth + 1),
        Type::Struct { fields, .. } => fields.iter().any(|&f| has_scalable(v, f, depth + 1)),
        _ => false,
    }
}

fn variable(v: &mut Verifier, g: GlobalId, gv: &GlobalValue, var: &GlobalVar) {
    let m = v.m;
    let span = gv.span;
    check_align(v, span, var.align);
    if let Some(init) = var.init {
        constants::check_use(v, init, span);
        let it = m.consts.ty(init);
        if it != var.value_ty {
            v.err(span, format!("Global variable initializer type does not match global variable type! (initializer is {}, the global is {})", v.ty(it), v.ty(var.value_ty)));
        }
        if gv.linkage == Linkage::Common {
            if !is_null_value(v, init) {
                v.err(span, "'common' global must have a zero initializer!");
            }
            if var.constant {
                v.err(span, "'common' global may not be marked constant!");
            }
            if gv.comdat.is_some() {
                v.err(span, "'common' global may not be in a Comdat!");
            }
        }
    }
    if has_scalable(v, var.value_ty, 0) {
        v.err(span, "Globals cannot contain scalable types");
    } else if matches!(
        m.types.get(var.value_ty),
        Type::Void | Type::Label | Type::Metadata | Type::Token | Type::Func { .. }
    ) {
        v.err(span, format!("invalid type for global variable: {}", v.ty(var.value_ty)));
    }
    let name = v.gtext(g);
    match name {
        "llvm.global_ctors" | "llvm.global_dtors" => {
            if var.init.is_some() && gv.linkage != Linkage::Appending {
                v.err(span, "invalid linkage for intrinsic global variable");
            }
            if let Some((_, elem)) = m.types.array(var.value_ty) {
                let fields = m.types.struct_fields(elem).map(|f| f.1.to_vec()).unwrap_or_default();
                let ok = (fields.len() == 2 || fields.len() == 3)
                    && fields[0] == TypeId::I32
                    && m.types.is_ptr(fields[1]);
                if !ok {
                    v.err(span, "wrong type for intrinsic global variable");
                } else if fields.len() == 2 {
                    v.err(span, "the third field of the element type is mandatory, specify ptr null to migrate from the obsoleted 2-field form");
                } else if !m.types.is_ptr(fields[2]) {
                    v.err(span, "wrong type for intrinsic global variable");
                }
            }
        }
        "llvm.used" | "llvm.compiler.used" => {
            if var.init.is_some() && gv.linkage != Linkage::Appending {
                v.err(span, "invalid linkage for intrinsic global variable");
            }
            if let Some((_, elem)) = m.types.array(var.value_ty) {
                if !m.types.is_ptr(elem) {
                    v.err(span, "wrong type for intrinsic global variable");
                } else if let Some(init) = var.init {
                    match m.consts.kind(init) {
                        ConstKind::Aggregate(els) => {
                            for &e in els.iter() {
                                match strip_casts(v, e).map(|c| m.consts.kind(c)) {
                                    Some(ConstKind::Global(t)) => {
                                        let t = *t;
                                        if matches!(m.globals[t].kind, GlobalKind::IFunc { .. }) {
                                            v.err(span, format!("invalid {name} member"));
                                        } else if matches!(
                                            m.globals[t].name,
                                            crate::ir::GlobalName::Numbered(_)
                                        ) {
                                            v.err(span, format!("members of {name} must be named"));
                                        }
                                    }
                                    _ => v.err(span, format!("invalid {name} member")),
                                }
                            }
                        }
                        _ => v.err(span, "wrong initalizer for intrinsic global variable"),
                    }
                }
            }
        }
        _ => {}
    }
}

/// `isNullValue`: zero integers and floats (+0.0), null, zeroinitializer, all-zero aggregates.
fn is_null_value(v: &Verifier, c: ConstId) -> bool {
    let m = v.m;
    match m.consts.kind(c) {
        ConstKind::Zero | ConstKind::Null => true,
        ConstKind::Int(x) => x.is_zero(),
        ConstKind::Float(bits) => *bits == 0,
        ConstKind::Aggregate(els) => els.iter().all(|&e| is_null_value(v, e)),
        ConstKind::Bytes(b) => b.iter().all(|&x| x == 0),
        _ => false,
    }
}

/// Looks through pointer casts (`bitcast`, `addrspacecast`) and zero GEPs of constants.
fn strip_casts(v: &Verifier, mut c: ConstId) -> Option<ConstId> {
    for _ in 0..64 {
        match v.m.consts.kind(c) {
            ConstKind::Expr(e) if matches!(e.op, Opcode::BitCast | Opcode::AddrSpaceCast) => {
                c = *e.operands.first()?
            }
            _ => return Some(c),
        }
    }
    None
}

fn function(v: &mut Verifier, g: GlobalId, gv: &GlobalValue, f: &Function) {
    let m = v.m;
    let span = gv.span;
    let Some((ret, params, vararg)) = m.types.func_sig(f.ty) else { return };
    let intrinsic = v.gtext(g).starts_with("llvm.");
    if gv.linkage == Linkage::Common {
        v.err(span, "Functions may not have common linkage");
    }
    match m.types.get(ret) {
        Type::Func { .. } | Type::Label => v.err(span, "Functions cannot return aggregate values!"),
        Type::Metadata if !intrinsic => v.err(span, "invalid function return type"),
        Type::Token if !intrinsic => v.err(span, "Function returns a token but isn't an intrinsic"),
        Type::X86Amx if !intrinsic => {
            v.err(span, "Function returns a x86_amx but isn't an intrinsic")
        }
        _ => {}
    }
    let sret = f.params.iter().take(2).any(|p| m.attrs.has(p.attrs, AttrKind::StructRet));
    if sret && ret != TypeId::VOID {
        v.err(span, "Invalid struct return type!");
    }
    let param_attrs: Vec<_> = f.params.iter().map(|p| p.attrs).collect();
    attrs::check_signature(
        v,
        &Owner { intrinsic, inline_asm: false, span },
        ret,
        params,
        f.ret_attrs,
        &param_attrs,
        f.fn_attrs,
    );
    if m.attrs.has(f.fn_attrs, AttrKind::Builtin) {
        v.err(span, "Attribute 'builtin' can only be applied to a callsite.");
    }
    let everywhere = std::iter::once(f.ret_attrs)
        .chain(std::iter::once(f.fn_attrs))
        .chain(param_attrs.iter().copied());
    if everywhere.clone().any(|s| m.attrs.has(s, AttrKind::ElementType)) {
        v.err(span, "Attribute 'elementtype' can only be applied to a callsite.");
    }
    if m.attrs.has(f.fn_attrs, AttrKind::JumpTable) && gv.unnamed_addr != UnnamedAddr::Global {
        v.err(span, "Attribute 'jumptable' requires 'unnamed_addr'");
    }
    // fastcc, coldcc, intel_ocl_bicc, ptx_kernel, ptx_device.
    if vararg && matches!(f.cc, 8 | 9 | 71 | 72 | 77) {
        v.err(span, "Calling convention does not support varargs or perfect forwarding!");
    }
    for (k, p) in f.params.iter().enumerate() {
        let pspan = if p.span == Span::default() { span } else { p.span };
        if params.get(k) != Some(&p.ty) {
            v.err(pspan, "Argument value does not match function argument type!");
            continue;
        }
        match m.types.get(p.ty) {
            Type::Void | Type::Func { .. } | Type::Label => {
                v.err(pspan, "Function arguments must have first-class types!")
            }
            Type::Metadata if !intrinsic => v.push(
                Diagnostic::error(pspan, "Function takes metadata but isn't an intrinsic")
                    .with_label(span, "in this function"),
            ),
            Type::Token if !intrinsic => {
                v.err(pspan, "Function takes token but isn't an intrinsic")
            }
            Type::X86Amx if !intrinsic => {
                v.err(pspan, "Function takes x86_amx but isn't an intrinsic")
            }
            _ => {}
        }
    }
    check_align(v, span, f.align);
    for c in [f.prefix, f.prologue, f.personality].into_iter().flatten() {
        constants::check_use(v, c, span);
    }
    match &f.body {
        None => {
            if f.personality.is_some() {
                v.err(span, "Function declaration shouldn't have a personality routine");
            }
            intrinsics::check_decl(v, g, f, span);
        }
        Some(_) => {
            if intrinsic {
                v.err(span, "llvm intrinsics cannot be defined!");
            }
        }
    }
}

/// Linkage, type and kind of the aliasee; the target walk is in [`alias_graph`].
fn alias(v: &mut Verifier, g: GlobalId, gv: &GlobalValue, aliasee: ConstId) {
    let m = v.m;
    let span = gv.span;
    if matches!(gv.linkage, Linkage::Common | Linkage::Appending | Linkage::ExternWeak) {
        v.err(span, "Alias should have private, internal, linkonce, weak, linkonce_odr, weak_odr, external, or available_externally linkage!");
    }
    constants::check_use(v, aliasee, span);
    let at = m.consts.ty(aliasee);
    if m.types.ptr_addrspace(at) != Some(gv.addrspace) {
        v.err(
            span,
            format!(
                "Alias and aliasee types should match! ({} is 'ptr addrspace({})', the aliasee is {})",
                v.gname(g),
                gv.addrspace,
                v.ty(at)
            ),
        );
    }
    if !matches!(m.consts.kind(aliasee), ConstKind::Global(_) | ConstKind::Expr(_)) {
        v.err(span, "Aliasee should be either GlobalValue or ConstantExpr");
    }
}

/// The globals an alias's aliasee names directly (walking its constant expression).
fn alias_targets(v: &Verifier, aliasee: ConstId) -> Vec<GlobalId> {
    let m = v.m;
    let mut out = Vec::new();
    let mut stack = vec![aliasee];
    let mut seen = rustc_hash::FxHashSet::default();
    while let Some(c) = stack.pop() {
        if !seen.insert(c) {
            continue;
        }
        match m.consts.kind(c) {
            ConstKind::Global(g) => out.push(*g),
            ConstKind::Expr(e) => stack.extend(e.operands.iter().copied()),
            ConstKind::Aggregate(els) | ConstKind::PtrAuth(els) => {
                stack.extend(els.iter().copied())
            }
            _ => {}
        }
    }
    out
}

/// Alias targets: definitions only, no interposable intermediate alias, no cycles (each alias
/// is judged through its whole chain, as LLVM's `visitAliaseeSubExpr` does).
fn alias_graph(v: &mut Verifier) {
    let m = v.m;
    let n = m.globals.len();
    let mut targets: SecondaryMap<GlobalId, Vec<GlobalId>> = SecondaryMap::from_elem(Vec::new(), n);
    let mut direct_bad: SecondaryMap<GlobalId, Option<&'static str>> =
        SecondaryMap::from_elem(None, n);
    let is_alias = |g: GlobalId| matches!(m.globals[g].kind, GlobalKind::Alias { .. });
    for (g, gv) in m.globals.iter() {
        let GlobalKind::Alias { aliasee, .. } = &gv.kind else { continue };
        let avail = gv.linkage == Linkage::AvailableExternally;
        if avail {
            let ok = matches!(m.consts.kind(*aliasee), ConstKind::Global(t) if m.globals[*t].linkage == Linkage::AvailableExternally);
            if !ok {
                v.err(
                    gv.span,
                    "available_externally alias must point to available_externally global value",
                );
            }
        }
        for t in alias_targets(v, *aliasee) {
            let tg = &m.globals[t];
            if !avail && is_declaration_for_linker(tg) && !is_alias(t) {
                direct_bad[g].get_or_insert("Alias must point to a definition");
            }
            if is_alias(t) {
                if matches!(
                    tg.linkage,
                    Linkage::Weak | Linkage::LinkOnce | Linkage::ExternWeak | Linkage::Common
                ) {
                    direct_bad[g].get_or_insert("Alias cannot point to an interposable alias");
                }
                targets[g].push(t);
            }
        }
    }
    // Depth-first over alias -> alias edges: 0 new, 1 on stack, 2 done.
    let mut state: SecondaryMap<GlobalId, u8> = SecondaryMap::from_elem(0, n);
    let mut bad = direct_bad.clone();
    for start in m.globals.keys() {
        if state[start] != 0 || !is_alias(start) {
            continue;
        }
        let mut stack: Vec<(GlobalId, usize)> = vec![(start, 0)];
        state[start] = 1;
        while let Some(top) = stack.last_mut() {
            let (a, k) = *top;
            if let Some(&t) = targets[a].get(k) {
                top.1 += 1;
                match state[t] {
                    0 => {
                        state[t] = 1;
                        stack.push((t, 0));
                    }
                    1 => bad[a] = Some("Aliases cannot form a cycle"),
                    _ => {
                        if let Some(b) = bad[t] {
                            bad[a].get_or_insert(b);
                        }
                    }
                }
            } else {
                state[a] = 2;
                stack.pop();
                if let Some(&(parent, _)) = stack.last() {
                    if let Some(b) = bad[a] {
                        bad[parent].get_or_insert(b);
                    }
                }
            }
        }
    }
    for (g, gv) in m.globals.iter() {
        if let Some(msg) = bad[g] {
            v.err(gv.span, msg);
        }
    }
}

fn ifunc(v: &mut Verifier, gv: &GlobalValue, resolver: ConstId) {
    let m = v.m;
    let span = gv.span;
    if matches!(
        gv.linkage,
        Linkage::Common | Linkage::Appending | Linkage::ExternWeak | Linkage::AvailableExternally
    ) {
        v.err(span, "IFunc should have private, internal, linkonce, weak, linkonce_odr, weak_odr, or external linkage!");
    }
    constants::check_use(v, resolver, span);
    // Look through casts and aliases for the resolver function.
    let mut c = resolver;
    let mut func = None;
    for _ in 0..64 {
        let Some(s) = strip_casts(v, c) else { break };
        match m.consts.kind(s) {
            ConstKind::Global(g) => match &m.globals[*g].kind {
                GlobalKind::Alias { aliasee, .. } => c = *aliasee,
                GlobalKind::Func(_) => {
                    func = Some(*g);
                    break;
                }
                _ => break,
            },
            _ => break,
        }
    }
    let Some(fg) = func else {
        v.err(span, "IFunc must have a Function resolver");
        return;
    };
    let fgv = &m.globals[fg];
    if is_declaration_for_linker(fgv) {
        v.err(span, "IFunc resolver must be a definition");
    }
    let ret_ptr =
        fgv.as_func().and_then(|f| m.types.func_sig(f.ty)).is_some_and(|s| m.types.is_ptr(s.0));
    if !ret_ptr {
        v.err(span, "IFunc resolver must return a pointer");
    }
    if m.types.ptr_addrspace(m.consts.ty(resolver)) != Some(gv.addrspace) {
        v.err(span, "IFunc resolver has incorrect type");
    }
}

/// `!llvm.module.flags`, `!llvm.ident` and `!llvm.commandline` (`visitModuleFlags`). Named
/// metadata has no span in the IR, so these errors point at the start of the file.
fn named_metadata(v: &mut Verifier) {
    use crate::ir::metadata::MdNodeKind;
    use crate::ir::Metadata;
    let m = v.m;
    let span = Span::default();
    let tuple = |n: crate::ir::MdId| match m.metadata.nodes.get(n).map(|x| &x.kind) {
        Some(MdNodeKind::Tuple(ops)) => Some(ops),
        _ => None,
    };
    let int = |md: &Metadata| match md {
        Metadata::Value(c) => match m.consts.kind(*c) {
            ConstKind::Int(x) => Some(x.clone()),
            _ => None,
        },
        _ => None,
    };
    // LLVM appends the operands of repeated `!name = !{...}` lines into one node.
    let mut seen: rustc_hash::FxHashSet<crate::ir::Symbol> = rustc_hash::FxHashSet::default();
    for nm in &m.metadata.named {
        match &*nm.name {
            "llvm.ident" | "llvm.commandline" => {
                for &n in &nm.nodes {
                    match tuple(n) {
                        Some(ops) if ops.len() == 1 => {
                            if !matches!(ops[0], Metadata::String(_)) {
                                v.err(span, format!("invalid value for {} metadata entry operand(the operand should be a string)", nm.name));
                            }
                        }
                        _ => v.err(
                            span,
                            format!("incorrect number of operands in {} metadata", nm.name),
                        ),
                    }
                }
            }
            "llvm.module.flags" => {
                for &n in &nm.nodes {
                    let Some(ops) = tuple(n).filter(|o| o.len() == 3) else {
                        v.err(span, "incorrect number of operands in module flag");
                        continue;
                    };
                    let Some(behavior) = int(&ops[0]) else {
                        v.err(
                            span,
                            "invalid behavior operand in module flag (expected constant integer)",
                        );
                        continue;
                    };
                    let b = behavior.to_u64().unwrap_or(0);
                    if !(1..=8).contains(&b) {
                        v.err(
                            span,
                            "invalid behavior operand in module flag (unexpected constant)",
                        );
                        continue;
                    }
                    let Metadata::String(id_sym) = &ops[1] else {
                        v.err(span, "invalid ID operand in module flag (expected metadata string)");
                        continue;
                    };
                    let id_bytes =
                        crate::ir::metadata::MetadataStore::string_bytes(&v.m.symbols, *id_sym);
                    let id: &[u8] = &id_bytes;
                    match b {
                        8 if int(&ops[2]).is_none_or(|x| x.is_negative()) => v.err(
                            span,
                            "invalid value for 'min' module flag (expected constant non-negative integer)",
                        ),
                        7 if int(&ops[2]).is_none() => {
                            v.err(span, "invalid value for 'max' module flag (expected constant integer)")
                        }
                        3 => {
                            let ok = match &ops[2] {
                                Metadata::Node(x) => tuple(*x)
                                    .is_some_and(|o| o.len() == 2 && matches!(o[0], Metadata::String(_))),
                                _ => false,
                            };
                            if !ok {
                                v.err(
                                    span,
                                    "invalid value for 'require' module flag (expected metadata pair)",
                                );
                            }
                        }
                        5 | 6 if !matches!(ops[2], Metadata::Node(_)) => v.err(
                            span,
                            "invalid value for 'append'-type module flag (expected a metadata node)",
                        ),
                        _ => {}
                    }
                    if b != 3 && !seen.insert(*id_sym) {
                        v.err(
                            span,
                            format!(
                                "module flag identifiers must be unique (or of 'require' type) (\"{}\")",
                                String::from_utf8_lossy(id)
                            ),
                        );
                    }
                    if matches!(id, b"wchar_size" | b"SemanticInterposition")
                        && int(&ops[2]).is_none()
                    {
                        v.err(
                            span,
                            format!(
                                "{} metadata requires constant integer argument",
                                String::from_utf8_lossy(id)
                            ),
                        );
                    }
                }
            }
            _ => {}
        }
    }
}
