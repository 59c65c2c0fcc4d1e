//! `tailcallelim`: turns self-recursive calls in tail position into a loop, and marks calls
//! `tail` where the function's allocas cannot reach them, as LLVM's `TailCallElimPass`.
//!
//! Marking `tail` (the LangRef: the callee does not access the caller's allocas nor its variadic
//! arguments): done on every plain call (not already `tail`/`musttail`/`notail`, not an
//! intrinsic, without operand bundles) when the function is not varargs, has no `byval`/
//! `inalloca`/`preallocated` parameter, calls nothing `returns_twice`, and none of its allocas'
//! addresses escapes: every address derived from an alloca (through GEPs, `phi` and `select`) is
//! only loaded from, stored to (as the address), or given to `llvm.lifetime.*`. Then no callee
//! can reach them. LLVM also marks calls in functions whose allocas escape, when the call is
//! before the escape or takes none of them; we do not.
//!
//! Tail recursion: a `call` of the function itself, with its own type and calling convention,
//! immediately followed by `ret` of its result (`ret void` for a void call), in a function where
//! calls may be marked `tail` as above, becomes a branch to the old entry block (renamed
//! `tailrecurse`) whose phis (`%x.tr`) take the arguments; a new entry block (with the old one's
//! name) holds the static allocas (reusing an alloca across iterations only refines its
//! `undef` contents) and branches to it. Call-site attributes (`noundef`...) go with the call:
//! where they made it undefined, the loop is defined, a refinement.
//!
//! Not done: the accumulator case (`ret x + f(n - 1)`), calls followed by anything but the `ret`,
//! `musttail` self-calls, calls with operand bundles, and functions with dynamic allocas.

use super::edit::{remove_insts, replace_all_uses, use_lists};
use super::{with_body, PassResult};
use crate::ir::attrs::AttrKind;
use crate::ir::Intrinsic;
use crate::ir::SecondaryMap;
use crate::ir::{
    Block, BlockData, Body, ConstKind, Extra, GlobalId, Inst, InstData, LocalName, Module, Opcode,
    Operand, TailKind, TypeId, Value,
};

/// Runs `tailcallelim` on one function.
pub fn run(m: &mut Module, g: GlobalId) -> PassResult {
    let Some(f) = m.func(g) else { return PassResult::default() };
    let vararg = m.types.func_sig(f.ty).is_none_or(|s| s.2);
    let special_param = f.params.iter().any(|p| {
        m.attrs.has(p.attrs, AttrKind::ByVal)
            || m.attrs.has(p.attrs, AttrKind::InAlloca)
            || m.attrs.has(p.attrs, AttrKind::Preallocated)
            || m.attrs.has(p.attrs, AttrKind::SwiftError)
    });
    if vararg || special_param {
        return PassResult::default();
    }
    with_body(m, g, |m, body| {
        if !may_mark_tail(m, body) {
            return PassResult::default();
        }
        let eliminated = eliminate_recursion(m, body, g);
        let marked = mark_tail(m, body);
        PassResult::from_stats(vec![
            ("tail calls eliminated", eliminated),
            ("calls marked tail", marked),
        ])
    })
}

fn callee_global(m: &Module, d: &InstData) -> Option<GlobalId> {
    let (Operand::Const(c), _) = d.callee_and_args()? else { return None };
    if !m.consts.is_valid(c) {
        return None;
    }
    match m.consts.kind(c) {
        ConstKind::Global(g) => Some(*g),
        _ => None,
    }
}

fn is_lifetime(m: &Module, d: &InstData) -> bool {
    callee_global(m, d).is_some_and(|g| {
        matches!(m.intrinsic(g), Some(Intrinsic::LifetimeStart | Intrinsic::LifetimeEnd))
    })
}

/// True when no call of the function can reach its allocas: none escapes, nothing calls a
/// `returns_twice` function, and every alloca is static.
fn may_mark_tail(m: &Module, body: &Body) -> bool {
    let users = use_lists(body);
    let entry = body.entry();
    let mut work: Vec<Value> = Vec::new();
    for &b in &body.layout {
        for &i in body.blocks.get(b).map(|bd| bd.insts.as_slice()).unwrap_or(&[]) {
            let Some(d) = body.insts.get(i) else { return false };
            match d.op {
                Opcode::Alloca => {
                    let static_count = match d.args.first() {
                        None => true,
                        Some(Operand::Const(c)) => {
                            m.consts.is_valid(*c) && matches!(m.consts.kind(*c), ConstKind::Int(_))
                        }
                        Some(_) => false,
                    };
                    if Some(b) != entry || !static_count {
                        return false;
                    }
                    work.extend(d.result);
                }
                Opcode::Call | Opcode::Invoke | Opcode::CallBr => {
                    let Some(ci) = d.call_info() else { return false };
                    let twice = m.attrs.has(ci.fn_attrs, AttrKind::ReturnsTwice)
                        || callee_global(m, d)
                            .and_then(|g| m.func(g))
                            .is_some_and(|f| m.attrs.has(f.fn_attrs, AttrKind::ReturnsTwice));
                    if twice {
                        return false;
                    }
                }
                _ => {}
            }
        }
    }
    let mut seen = SecondaryMap::from_elem(false, body.values.len());
    while let Some(v) = work.pop() {
        let Some(s) = seen.get_mut(v) else { return false };
        if *s {
            continue;
        }
        *s = true;
        let p = Operand::Value(v);
        for &u in users.get(v).map(|x| x.as_slice()).unwrap_or(&[]) {
            let Some(d) = body.insts.get(u) else { return false };
            let ok = match d.op {
                Opcode::Load => true,
                Opcode::Store => d.args.first() != Some(&p),
                Opcode::GetElementPtr | Opcode::Phi | Opcode::Select => {
                    if d.op == Opcode::Select && d.args.first() == Some(&p) {
                        false
                    } else {
                        work.extend(d.result);
                        true
                    }
                }
                Opcode::Call => is_lifetime(m, d),
                _ => false,
            };
            if !ok {
                return false;
            }
        }
    }
    true
}

/// Marks the plain calls `tail`; returns how many.
fn mark_tail(m: &Module, body: &mut Body) -> u64 {
    let mut n = 0;
    let layout = body.layout.clone();
    for b in layout {
        let insts = body.blocks.get(b).map(|bd| bd.insts.clone()).unwrap_or_default();
        for i in insts {
            let Some(d) = body.insts.get(i) else { continue };
            if d.op != Opcode::Call {
                continue;
            }
            if callee_global(m, d).is_some_and(|g| m.global_name(g).starts_with("llvm.")) {
                continue;
            }
            if let Some(dm) = body.insts.get_mut(i) {
                if let Extra::Call(ci) = &mut dm.extra {
                    if ci.tail == TailKind::None && ci.bundles.is_empty() {
                        ci.tail = TailKind::Tail;
                        n += 1;
                    }
                }
            }
        }
    }
    n
}

/// The self-calls of `g` in tail position: (block, call, ret).
fn tail_recursions(m: &Module, body: &Body, g: GlobalId) -> Vec<(Block, Inst, Inst)> {
    let Some(f) = m.func(g) else { return Vec::new() };
    let users = use_lists(body);
    let mut out = Vec::new();
    for &b in &body.layout {
        let Some(bd) = body.blocks.get(b) else { continue };
        let [.., call, ret] = bd.insts.as_slice() else { continue };
        let (Some(cd), Some(rd)) = (body.insts.get(*call), body.insts.get(*ret)) else { continue };
        if cd.op != Opcode::Call || rd.op != Opcode::Ret || callee_global(m, cd) != Some(g) {
            continue;
        }
        let Some(ci) = cd.call_info() else { continue };
        if ci.fn_ty != f.ty
            || ci.cc != f.cc
            || !ci.bundles.is_empty()
            || matches!(ci.tail, TailKind::MustTail | TailKind::NoTail)
            || ci.arg_attrs.iter().any(|&a| {
                m.attrs.has(a, AttrKind::ByVal)
                    || m.attrs.has(a, AttrKind::InAlloca)
                    || m.attrs.has(a, AttrKind::Preallocated)
            })
        {
            continue;
        }
        let returns_it = match (cd.result, rd.args.first()) {
            (None, None) => cd.ty == TypeId::VOID,
            (Some(r), Some(&Operand::Value(v))) => {
                v == r && users.get(r).is_some_and(|us| us.as_slice() == [*ret])
            }
            _ => false,
        };
        if returns_it && cd.callee_and_args().is_some_and(|(_, a)| a.len() == body.params.len()) {
            out.push((b, *call, *ret));
        }
    }
    out
}

/// Turns the tail self-calls into a loop; returns how many calls went.
fn eliminate_recursion(m: &mut Module, body: &mut Body, g: GlobalId) -> u64 {
    let sites = tail_recursions(m, body, g);
    if sites.is_empty() {
        return 0;
    }
    let Some(old_entry) = body.entry() else { return 0 };
    // A new entry block with the old one's name and its static allocas; the old one becomes
    // the loop header.
    let old_name = body.blocks.get(old_entry).map(|bd| bd.name).unwrap_or_default();
    let header_name = fresh_name(m, body, "tailrecurse");
    let allocas: Vec<Inst> = body
        .blocks
        .get(old_entry)
        .map(|bd| {
            bd.insts
                .iter()
                .copied()
                .filter(|&i| body.insts.get(i).is_some_and(|d| d.op == Opcode::Alloca))
                .collect()
        })
        .unwrap_or_default();
    if let Some(bd) = body.blocks.get_mut(old_entry) {
        bd.insts.retain(|i| !allocas.contains(i));
        bd.name = header_name;
    }
    let span = body.blocks.get(old_entry).map(|bd| bd.span).unwrap_or_default();
    let entry = body.blocks.push(BlockData { name: old_name, insts: allocas, span, defined: true });
    body.layout.insert(0, entry);
    let mut br = InstData::new(Opcode::Br, TypeId::VOID, Vec::new());
    br.extra = Extra::Br(Box::new([old_entry]));
    body.append(entry, br, LocalName::Unnamed);

    // One phi per parameter; the parameter's uses go to it.
    let params = body.params.clone();
    let mut phis = Vec::with_capacity(params.len());
    for (k, &p) in params.iter().enumerate() {
        let ty = body.value_ty(p);
        let name = match body.values.get(p).map(|vd| vd.name) {
            Some(LocalName::Named(s)) if !m.symbols.get(s).is_empty() => {
                let base = format!("{}.tr", m.symbols.get(s));
                fresh_name(m, body, &base)
            }
            _ => LocalName::Unnamed,
        };
        let mut phi = InstData::new(Opcode::Phi, ty, Vec::new());
        phi.extra = Extra::Phi(Box::new([]));
        let pi = body.append(old_entry, phi, name);
        if let Some(bd) = body.blocks.get_mut(old_entry) {
            bd.insts.pop();
            bd.insts.insert(k, pi);
        }
        let Some(pv) = body.insts.get(pi).and_then(|d| d.result) else { return 0 };
        replace_all_uses(body, p, Operand::Value(pv));
        add_incoming(body, pi, Operand::Value(p), entry);
        phis.push(pi);
    }

    // Each tail call becomes a branch back with its arguments.
    let mut dead = Vec::new();
    for &(b, call, ret) in &sites {
        let args: Vec<Operand> = body
            .insts
            .get(call)
            .and_then(|d| d.callee_and_args())
            .map(|(_, a)| a.to_vec())
            .unwrap_or_default();
        for (k, &pi) in phis.iter().enumerate() {
            let a = match args.get(k) {
                Some(&a) => a,
                None => {
                    let ty = body.insts.get(pi).map(|d| d.ty).unwrap_or(TypeId::VOID);
                    Operand::Const(super::edit::poison(&mut m.consts, ty))
                }
            };
            add_incoming(body, pi, a, b);
        }
        let mut br = InstData::new(Opcode::Br, TypeId::VOID, Vec::new());
        br.extra = Extra::Br(Box::new([old_entry]));
        if let Some(rd) = body.insts.get(ret) {
            br.span = rd.span;
        }
        if let Some(slot) = body.insts.get_mut(ret) {
            *slot = br;
        }
        dead.push(call);
    }
    remove_insts(&mut m.consts, body, &|i| dead.contains(&i));
    sites.len() as u64
}

fn add_incoming(body: &mut Body, phi: Inst, val: Operand, from: Block) {
    if let Some(d) = body.insts.get_mut(phi) {
        if let Extra::Phi(bs) = &mut d.extra {
            let mut v = bs.to_vec();
            v.push(from);
            *bs = v.into_boxed_slice();
            d.args.push(val);
        }
    }
}

fn fresh_name(m: &mut Module, body: &Body, base: &str) -> LocalName {
    let taken = |m: &Module, n: &str| {
        body.values
            .values()
            .map(|vd| vd.name)
            .chain(body.blocks.values().map(|bd| bd.name))
            .any(|x| matches!(x, LocalName::Named(s) if m.symbols.get(s) == n))
    };
    let mut k = 0u32;
    loop {
        let n = if k == 0 { base.to_string() } else { format!("{base}{k}") };
        k += 1;
        if !taken(m, &n) {
            return LocalName::Named(m.symbols.intern(&n));
        }
    }
}

#[cfg(test)]
mod tests {
    fn run(src: &str) -> String {
        let (m, _, _) = crate::passes::tests::run_on_f(src, super::run);
        crate::text::print_module(&m)
    }

    #[test]
    fn loops_and_marks() {
        let t = run("declare void @g(i32)\ndefine i32 @f(i32 %n, i32 %a) {\nentry:\n  %z = icmp eq i32 %n, 0\n  br i1 %z, label %done, label %rec\ndone:\n  call void @g(i32 %a)\n  ret i32 %a\nrec:\n  %m = sub i32 %n, 1\n  %b = add i32 %a, %n\n  %r = call i32 @f(i32 %m, i32 %b)\n  ret i32 %r\n}\n");
        assert!(t.contains("%n.tr = phi i32 [ %n, %entry ], [ %m, %rec ]"), "{t}");
        assert!(t.contains("tail call void @g"), "{t}");
        assert!(!t.contains("call i32 @f"), "{t}");
    }

    #[test]
    fn escaping_alloca_blocks_everything() {
        let t = run("declare void @g(ptr)\ndefine void @f(i32 %n) {\n  %a = alloca i32\n  call void @g(ptr %a)\n  call void @f(i32 %n)\n  ret void\n}\n");
        assert!(t.contains("  call void @g(ptr %a)"), "{t}");
        assert!(t.contains("  call void @f(i32 %n)"), "{t}");
    }
}
