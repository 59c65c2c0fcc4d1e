//! Handle checks, run first: every id in range, every referenced entity defined, every
//! instruction placed once and shaped as its opcode requires, so later checks index freely.

use super::Verifier;
use crate::diag::Span;
use crate::ir::entity::{EntityRef, SecondaryMap};
use crate::ir::function::MdOperand;
use crate::ir::inst::Clause;
use crate::ir::metadata::{MdField, MdNodeKind};
use crate::ir::{
    Block, Body, ConstKind, Extra, Function, GlobalKind, Inst, InstData, MdId, Metadata, Opcode,
    Operand, Type, TypeId, ValueDef,
};

/// Checks module-level handles and each function body's (only `only`'s body when given).
/// Returns `None` when the constant pool is broken (nothing else can be checked safely), else
/// which globals' bodies are sound.
pub(super) fn check_module(
    v: &mut Verifier,
    only: Option<crate::ir::GlobalId>,
) -> Option<SecondaryMap<crate::ir::GlobalId, bool>> {
    let m = v.m;
    let nty = m.types.len();
    let ty_ok = |t: TypeId| t.index() < nty;

    // Types.
    for i in 0..nty {
        let t = TypeId::new(i);
        let ok = match m.types.get(t) {
            Type::Target { types, .. } => types.iter().all(|&x| ty_ok(x)),
            Type::Vector { elem, .. } | Type::Array { elem, .. } => ty_ok(*elem),
            Type::Struct { fields, .. } => fields.iter().all(|&x| ty_ok(x)),
            Type::Named(n) => m.types.named.get(*n).is_some_and(|s| {
                s.body.as_ref().is_none_or(|b| b.fields.iter().all(|&x| ty_ok(x)))
            }),
            Type::Func { ret, params, .. } => ty_ok(*ret) && params.iter().all(|&x| ty_ok(x)),
            _ => true,
        };
        if !ok {
            v.err(Span::default(), format!("type #{i} refers to an invalid type"));
            return None;
        }
    }

    // Identified structs referenced but never defined (the parser reports these with a span;
    // the IR keeps none for types, so here they point at the start of the file).
    for st in m.types.named.values() {
        if !st.defined {
            let name = match &st.name {
                crate::ir::types::TypeName::Named(s) => m.symbols.get(*s).to_string(),
                crate::ir::types::TypeName::Numbered(n) => n.to_string(),
            };
            v.err(Span::default(), format!("use of undefined type named '{name}'"));
        }
    }

    // Constants: every referenced id in range.
    let mut const_broken = false;
    for (c, data) in m.consts.iter() {
        let cok = |x: &crate::ir::ConstId| m.consts.is_valid(*x);
        let ok = ty_ok(data.ty)
            && match &data.kind {
                ConstKind::Aggregate(el) | ConstKind::PtrAuth(el) => el.iter().all(cok),
                ConstKind::Global(g) | ConstKind::DsoLocalEquivalent(g) | ConstKind::NoCfi(g) => {
                    m.globals.is_valid(*g)
                }
                ConstKind::BlockAddress { func, block } => {
                    m.globals.get(*func).is_some_and(|gv| match &gv.kind {
                        GlobalKind::Func(f) => {
                            f.body.as_ref().is_none_or(|b| b.blocks.is_valid(*block))
                        }
                        _ => true,
                    })
                }
                ConstKind::Expr(e) => e.operands.iter().all(cok) && e.source_ty.is_none_or(ty_ok),
                _ => true,
            };
        if !ok {
            v.err(Span::default(), format!("constant #{} refers to an invalid handle", c.index()));
            const_broken = true;
        }
    }
    if const_broken {
        return None;
    }
    let const_ok = |c: crate::ir::ConstId| m.consts.is_valid(c);

    // Metadata nodes.
    for (id, node) in m.metadata.nodes.iter() {
        let md_ok = |md: &Metadata| match md {
            Metadata::Node(n) => m.metadata.nodes.is_valid(*n),
            Metadata::Value(c) => const_ok(*c),
            _ => true,
        };
        let ok = match &node.kind {
            MdNodeKind::Tuple(ops) => ops.iter().all(md_ok),
            MdNodeKind::Record { fields, .. } => fields.iter().all(|f| match &f.value {
                MdField::Md(md) => md_ok(md),
                MdField::Value(c) => const_ok(*c),
                _ => true,
            }),
            MdNodeKind::Undefined => true,
        };
        if !ok {
            v.err(
                Span::default(),
                format!("metadata node #{} refers to an invalid handle", id.index()),
            );
            return None;
        }
    }
    for nm in &m.metadata.named {
        for &n in &nm.nodes {
            if !m.metadata.nodes.is_valid(n) {
                v.err(Span::default(), format!("!{} refers to an invalid metadata node", nm.name));
                return None;
            }
            check_md(v, n, Span::default());
        }
    }

    // Globals.
    let mut fn_ok = SecondaryMap::from_elem(true, m.globals.len());
    for (g, gv) in m.globals.iter() {
        let span = gv.span;
        let mut ok = true;
        if let Some(c) = gv.comdat {
            match m.comdats.get(c) {
                None => {
                    v.err(span, "invalid comdat handle");
                    ok = false;
                }
                Some(cd) if cd.span.is_none() => {
                    let name = m.symbols.get(cd.name).to_string();
                    v.err(span, format!("use of undefined comdat '${name}'"));
                }
                _ => {}
            }
        }
        for &(_, md) in &gv.md {
            if m.metadata.nodes.is_valid(md) {
                check_md(v, md, span);
            } else {
                v.err(span, "invalid metadata handle");
            }
        }
        match &gv.kind {
            GlobalKind::Forward => {
                let name = v.gname(g);
                v.err(span, format!("use of undefined value '{name}'"));
                ok = false;
            }
            GlobalKind::Var(var) => {
                if !ty_ok(var.value_ty)
                    || var.init.is_some_and(|c| !const_ok(c))
                    || var.attrs.index() >= m.attrs.len()
                {
                    v.err(span, "global variable refers to an invalid handle");
                    ok = false;
                }
            }
            GlobalKind::Alias { value_ty, aliasee } => {
                if !ty_ok(*value_ty) || !const_ok(*aliasee) {
                    v.err(span, "alias refers to an invalid handle");
                    ok = false;
                }
            }
            GlobalKind::IFunc { value_ty, resolver } => {
                if !ty_ok(*value_ty) || !const_ok(*resolver) {
                    v.err(span, "ifunc refers to an invalid handle");
                    ok = false;
                }
            }
            GlobalKind::Func(f) => {
                if only.is_none_or(|o| o == g) {
                    ok = check_function(v, f, span);
                }
            }
        }
        fn_ok[g] = ok;
    }
    Some(fn_ok)
}

/// Walks the metadata graph from `md`, reporting undefined nodes at `span` (each node is
/// walked once per module).
pub(super) fn check_md(v: &mut Verifier, md: MdId, span: Span) {
    let m = v.m;
    if v.md_seen.len() < m.metadata.nodes.len() {
        v.md_seen.resize(m.metadata.nodes.len());
    }
    let mut stack = vec![md];
    while let Some(n) = stack.pop() {
        let Some(node) = m.metadata.nodes.get(n) else { continue };
        if std::mem::replace(&mut v.md_seen[n], true) {
            continue;
        }
        let push = |stack: &mut Vec<MdId>, md: &Metadata| {
            if let Metadata::Node(x) = md {
                stack.push(*x);
            }
        };
        match &node.kind {
            MdNodeKind::Undefined => {
                let what = node.number.map(|k| format!("!{k}")).unwrap_or_else(|| "!?".into());
                v.err(span, format!("use of undefined metadata '{what}'"));
            }
            MdNodeKind::Tuple(ops) => ops.iter().for_each(|o| push(&mut stack, o)),
            MdNodeKind::Record { fields, .. } => {
                for f in fields.iter() {
                    if let MdField::Md(md) = &f.value {
                        push(&mut stack, md);
                    }
                }
            }
        }
    }
}

/// Checks a function's own handles and its body's. Returns false when the body must not be
/// checked further.
fn check_function(v: &mut Verifier, f: &Function, span: Span) -> bool {
    let m = v.m;
    let Some((_, params, _)) = m.types.func_sig(f.ty) else {
        v.err(span, "function type is not a function type");
        return false;
    };
    if params.len() != f.params.len() {
        v.err(span, "# formal arguments must match # of arguments for function type!");
        return false;
    }
    let nattrs = m.attrs.len();
    let sets = [f.ret_attrs, f.fn_attrs].into_iter().chain(f.params.iter().map(|p| p.attrs));
    if sets.clone().any(|a| a.index() >= nattrs)
        || f.params.iter().any(|p| p.ty.index() >= m.types.len())
    {
        v.err(span, "function refers to an invalid attribute set or type");
        return false;
    }
    for c in [f.prefix, f.prologue, f.personality].into_iter().flatten() {
        if !m.consts.is_valid(c) {
            v.err(span, "function refers to an invalid constant");
            return false;
        }
    }
    for &(_, md) in &f.md {
        if m.metadata.nodes.is_valid(md) {
            check_md(v, md, span);
        } else {
            v.err(span, "invalid metadata handle");
            return false;
        }
    }
    match &f.body {
        Some(body) => check_body(v, f, body, span),
        None => true,
    }
}

fn check_body(v: &mut Verifier, f: &Function, body: &Body, fspan: Span) -> bool {
    let m = v.m;
    let before = v.error_total();
    let nty = m.types.len();

    // Parameters.
    if body.params.len() != f.params.len() {
        v.err(fspan, "function body has a different number of parameters than its signature");
        return false;
    }
    for (i, &pv) in body.params.iter().enumerate() {
        let ok = body.values.get(pv).is_some_and(|d| d.def == ValueDef::Param(i as u32));
        if !ok {
            v.err(f.params[i].span, "parameter value is not defined as this parameter");
            return false;
        }
    }
    // Values.
    for (val, d) in body.values.iter() {
        let ok = d.ty.index() < nty
            && match d.def {
                ValueDef::Param(i) => body.params.get(i as usize) == Some(&val),
                ValueDef::Inst(i) => body.insts.get(i).is_some_and(|x| x.result == Some(val)),
            };
        if !ok {
            let span = body.value_spans.get(val).copied().unwrap_or(fspan);
            v.err(span, "value is not defined by the parameter or instruction it names");
            return false;
        }
    }
    // Layout.
    let nb = body.blocks.len();
    let mut in_layout = SecondaryMap::from_elem(false, nb);
    if body.layout.is_empty() {
        v.err(fspan, "function body has no blocks");
        return false;
    }
    for &b in &body.layout {
        let Some(bd) = body.blocks.get(b) else {
            v.err(fspan, "invalid block handle in layout");
            return false;
        };
        if std::mem::replace(&mut in_layout[b], true) {
            v.err(bd.span, "block appears twice in the function layout");
            return false;
        }
        if !bd.defined {
            v.err(bd.span, "use of undefined label");
        }
    }
    // Instructions placed exactly once.
    let mut placed = SecondaryMap::from_elem(false, body.insts.len());
    for &b in &body.layout {
        for &i in &body.blocks[b].insts {
            let Some(d) = body.insts.get(i) else {
                v.err(body.blocks[b].span, "invalid instruction handle in block");
                return false;
            };
            if std::mem::replace(&mut placed[i], true) {
                v.err(d.span, "instruction appears twice in the function");
                return false;
            }
        }
    }
    // Each placed instruction.
    for &b in &body.layout {
        for &i in &body.blocks[b].insts {
            check_inst(v, body, &in_layout, &placed, i);
        }
    }
    // Metadata operands and debug records.
    for mo in body.md_ops.values() {
        let ok = match mo {
            MdOperand::Md(Metadata::Node(n)) => m.metadata.nodes.is_valid(*n),
            MdOperand::Md(Metadata::Value(c)) => m.consts.is_valid(*c),
            MdOperand::Md(_) => true,
            MdOperand::Local(op) => operand_ok(v, body, &placed, *op, false),
            MdOperand::ArgList(ops) => ops.iter().all(|&o| operand_ok(v, body, &placed, o, false)),
        };
        if !ok {
            v.err(fspan, "metadata operand refers to an invalid handle");
            return false;
        }
        if let MdOperand::Md(Metadata::Node(n)) = mo {
            check_md(v, *n, fspan);
        }
    }
    for (i, recs) in &body.dbg_records {
        if !placed.get(*i).copied().unwrap_or(false) {
            v.err(fspan, "debug record attached to an instruction that is not in the function");
            return false;
        }
        for r in recs {
            if r.args.iter().any(|a| !body.md_ops.is_valid(*a)) {
                v.err(r.span, "debug record refers to an invalid metadata operand");
                return false;
            }
        }
    }
    v.error_total() == before
}

/// True when an operand's handle is sound (values: defined by a placed instruction or a
/// parameter).
fn operand_ok(
    v: &Verifier,
    body: &Body,
    placed: &SecondaryMap<Inst, bool>,
    op: Operand,
    md_allowed: bool,
) -> bool {
    match op {
        Operand::Value(val) => match body.values.get(val).map(|d| d.def) {
            Some(ValueDef::Param(_)) => true,
            Some(ValueDef::Inst(i)) => placed.get(i).copied().unwrap_or(false),
            None => false,
        },
        Operand::Const(c) => v.m.consts.is_valid(c),
        Operand::Md(mo) => md_allowed && body.md_ops.is_valid(mo),
    }
}

fn check_inst(
    v: &mut Verifier,
    body: &Body,
    in_layout: &SecondaryMap<Block, bool>,
    placed: &SecondaryMap<Inst, bool>,
    i: Inst,
) {
    let m = v.m;
    let d = &body.insts[i];
    let span = d.span;
    if d.ty.index() >= m.types.len() {
        v.err(span, "instruction has an invalid type handle");
        return;
    }
    // Result value.
    match d.result {
        Some(r) => {
            let ok = body.values.get(r).is_some_and(|x| x.def == ValueDef::Inst(i) && x.ty == d.ty);
            if d.ty == TypeId::VOID || !ok {
                v.err(span, "instruction result value is inconsistent with the instruction");
                return;
            }
        }
        None if d.ty != TypeId::VOID => {
            v.err(span, "instruction of non-void type has no result value");
            return;
        }
        None => {}
    }
    // Operands.
    let is_call = matches!(d.op, Opcode::Call | Opcode::Invoke | Opcode::CallBr);
    for (k, &op) in d.args.iter().enumerate() {
        if let Operand::Value(val) = op {
            if let Some(ValueDef::Inst(di)) = body.values.get(val).map(|x| x.def) {
                if body.insts.is_valid(di) && !placed[di] {
                    v.err(
                        span,
                        "Instruction referencing instruction not embedded in a basic block!",
                    );
                    return;
                }
            }
        }
        if !operand_ok(v, body, placed, op, is_call && k > 0) {
            if matches!(op, Operand::Md(_))
                && body.md_ops.is_valid(match op {
                    Operand::Md(x) => x,
                    _ => unreachable!(),
                })
            {
                v.err(span, "Invalid use of metadata!");
            } else {
                v.err(span, "instruction operand refers to an invalid handle");
            }
            return;
        }
    }
    for &(_, md) in d.md.iter() {
        if !m.metadata.nodes.is_valid(md) {
            v.err(span, "instruction metadata refers to an invalid node");
            return;
        }
        check_md(v, md, span);
    }
    // Blocks named by the instruction.
    let block_ok = |b: &Block| in_layout.get(*b).copied().unwrap_or(false);
    let mut blocks: Vec<Block> = d.successors();
    if let Extra::Phi(bs) = &d.extra {
        blocks.extend(bs.iter().copied());
    }
    for b in &blocks {
        if !block_ok(b) {
            let defined = body.blocks.get(*b).is_some_and(|bd| bd.defined);
            v.err(
                span,
                if defined {
                    "branch to a block that is not in the function"
                } else {
                    "use of undefined label"
                },
            );
            return;
        }
    }
    // Payload shape.
    if !shape_ok(v, body, placed, d) {
        v.err(span, format!("malformed '{}' instruction", d.op.name()));
    }
}

/// True when the `Extra` payload and operand count fit the opcode.
fn shape_ok(v: &Verifier, body: &Body, placed: &SecondaryMap<Inst, bool>, d: &InstData) -> bool {
    use Opcode::*;
    let m = v.m;
    let n = d.args.len();
    let ty_ok = |t: TypeId| t.index() < m.types.len();
    let attrs_ok = |a: crate::ir::AttrSetId| a.index() < m.attrs.len();
    let call_ok = |c: &crate::ir::CallInfo| {
        m.types.func_sig(c.fn_ty).is_some()
            && n >= 1
            && attrs_ok(c.ret_attrs)
            && attrs_ok(c.fn_attrs)
            && c.arg_attrs.iter().all(|&a| attrs_ok(a))
            && c.bundles
                .iter()
                .all(|b| b.inputs.iter().all(|&o| operand_ok(v, body, placed, o, false)))
    };
    match (d.op, &d.extra) {
        (Ret, Extra::None) => n <= 1,
        (Br, Extra::Br(bs)) => (bs.len() == 1 && n == 0) || (bs.len() == 2 && n == 1),
        (Switch, Extra::Switch { cases, .. }) => {
            n == 1 && cases.iter().all(|(c, _)| m.consts.is_valid(*c))
        }
        (IndirectBr, Extra::IndirectBr(_)) => n == 1,
        (Invoke, Extra::Invoke(c, ..))
        | (CallBr, Extra::CallBr(c, ..))
        | (Call, Extra::Call(c)) => call_ok(c),
        (Resume, Extra::None) => n == 1,
        (CatchSwitch, Extra::CatchSwitch { .. }) => n == 1,
        (CatchRet, Extra::CatchRet(_)) | (CleanupRet, Extra::CleanupRet(_)) => n == 1,
        (Unreachable, Extra::None) => n == 0,
        (FNeg | Freeze | VaArg, Extra::None) => n == 1,
        (op, Extra::None) if op.is_binary() => n == 2,
        (op, Extra::None) if op.is_cast() => n == 1,
        (ExtractElement, Extra::None) => n == 2,
        (InsertElement | ShuffleVector | Select, Extra::None) => n == 3,
        (ExtractValue, Extra::Indices(_)) => n == 1,
        (InsertValue, Extra::Indices(_)) => n == 2,
        (Alloca, Extra::Alloca { elem_ty, .. }) => n <= 1 && ty_ok(*elem_ty),
        (Load, Extra::Mem(_)) => n == 1,
        (Store, Extra::Mem(_)) => n == 2,
        (Fence, Extra::Mem(_)) => n == 0,
        (CmpXchg, Extra::Mem(_)) => n == 3,
        (AtomicRmw, Extra::Rmw(..)) => n == 2,
        (GetElementPtr, Extra::Gep { source_ty }) => n >= 1 && ty_ok(*source_ty),
        (ICmp, Extra::ICmp(_)) | (FCmp, Extra::FCmp(_)) => n == 2,
        (Phi, Extra::Phi(bs)) => bs.len() == n,
        (LandingPad, Extra::LandingPad(cl)) => {
            n == 0
                && cl.iter().all(|c| match c {
                    Clause::Catch(o) | Clause::Filter(o) => operand_ok(v, body, placed, *o, false),
                })
        }
        (CatchPad | CleanupPad, Extra::None) => n >= 1,
        _ => false,
    }
}
