//! `globaldce`: deletes global values nothing live refers to, as LLVM's `GlobalDCEPass`.
//!
//! Liveness starts from the definitions that may be used from outside the module: every
//! variable with an initializer, function with a body, alias and ifunc whose linkage is not
//! discardable when unused (everything but `private`, `internal`, `linkonce`, `linkonce_odr` and
//! `available_externally`; `appending` globals such as `llvm.used`, `llvm.compiler.used` and
//! `llvm.global_ctors` are roots that way). It then follows every reference: initializers, function
//! bodies (operands, bundle inputs, clauses, metadata operands), personality/prefix/prologue
//! constants, aliasees, ifunc resolvers, through constant expressions and aggregates. Members of
//! a comdat live or die together. Anything a metadata node refers to stays too (we do not
//! rewrite metadata; LLVM would drop such references instead).
//!
//! What is not live goes: unreferenced local and linkonce definitions, and unreferenced
//! declarations (intrinsics included), as LLVM does. Global ids are renumbered (see
//! [`remove_globals`]).
//!
//! Not done: LLVM's virtual-function elimination (`!vcall_visibility`) and the removal of
//! unused `llvm.global_ctors` entries of empty functions.

use super::edit::for_each_operand;
use super::PassResult;
use crate::ir::entity::EntityVec;
use crate::ir::metadata::{MdField, MdNodeKind, Metadata};
use crate::ir::module::Linkage;
use crate::ir::SecondaryMap;
use crate::ir::{ConstId, ConstKind, GlobalId, GlobalKind, GlobalName, MdOperand, Module, Operand};
use rustc_hash::FxHashMap as HashMap;

/// Runs `globaldce` on the module.
pub fn run(m: &mut Module) -> PassResult {
    let live = live_globals(m);
    let dead: SecondaryMap<GlobalId, bool> = live.values().map(|l| !l).collect();
    let n = remove_globals(m, &dead);
    PassResult::from_stats(vec![("globals removed", n as u64)])
}

/// True for linkages whose definitions may go when nothing in the module uses them.
pub fn discardable(l: Linkage) -> bool {
    matches!(
        l,
        Linkage::Private
            | Linkage::Internal
            | Linkage::LinkOnce
            | Linkage::LinkOnceOdr
            | Linkage::AvailableExternally
    )
}

/// Which globals are live.
pub fn live_globals(m: &Module) -> SecondaryMap<GlobalId, bool> {
    let n = m.globals.len();
    let mut live = SecondaryMap::from_elem(false, n);
    let mut work: Vec<GlobalId> = Vec::new();
    let mut seen_const = SecondaryMap::from_elem(false, m.consts.len());
    let mark = |g: GlobalId, live: &mut SecondaryMap<GlobalId, bool>, work: &mut Vec<GlobalId>| {
        if let Some(l) = live.get_mut(g) {
            if !*l {
                *l = true;
                work.push(g);
            }
        }
    };
    for (g, gv) in m.globals.iter() {
        let definition = match &gv.kind {
            GlobalKind::Var(v) => v.init.is_some(),
            GlobalKind::Func(f) => f.body.is_some(),
            GlobalKind::Alias { .. } | GlobalKind::IFunc { .. } => true,
            // Never in a verified module; keep it rather than guess.
            GlobalKind::Forward => {
                mark(g, &mut live, &mut work);
                continue;
            }
        };
        if definition && !discardable(gv.linkage) {
            mark(g, &mut live, &mut work);
        }
    }
    // Metadata references keep their globals.
    let mut found: Vec<GlobalId> = Vec::new();
    for node in m.metadata.nodes.values() {
        match &node.kind {
            MdNodeKind::Tuple(ops) => {
                for md in ops.iter() {
                    if let Metadata::Value(c) = md {
                        const_globals(m, *c, &mut seen_const, &mut found);
                    }
                }
            }
            MdNodeKind::Record { fields, .. } => {
                for f in fields.iter() {
                    match f.value {
                        MdField::Md(Metadata::Value(c)) | MdField::Value(c) => {
                            const_globals(m, c, &mut seen_const, &mut found)
                        }
                        _ => {}
                    }
                }
            }
            MdNodeKind::Undefined => {}
        }
    }
    for g in found.drain(..) {
        mark(g, &mut live, &mut work);
    }
    loop {
        while let Some(g) = work.pop() {
            refs_of(m, g, &mut seen_const, &mut found);
            for r in found.drain(..) {
                mark(r, &mut live, &mut work);
            }
        }
        // Comdats live as a unit.
        let mut live_comdats = rustc_hash::FxHashSet::default();
        for (g, gv) in m.globals.iter() {
            if live.get(g).copied().unwrap_or(false) {
                live_comdats.extend(gv.comdat);
            }
        }
        for (g, gv) in m.globals.iter() {
            if gv.comdat.is_some_and(|c| live_comdats.contains(&c)) {
                mark(g, &mut live, &mut work);
            }
        }
        if work.is_empty() {
            break;
        }
    }
    live
}

/// The globals that global `g`'s definition refers to.
fn refs_of(
    m: &Module,
    g: GlobalId,
    seen: &mut SecondaryMap<ConstId, bool>,
    out: &mut Vec<GlobalId>,
) {
    let Some(gv) = m.globals.get(g) else { return };
    match &gv.kind {
        GlobalKind::Var(v) => {
            if let Some(c) = v.init {
                const_globals(m, c, seen, out);
            }
        }
        GlobalKind::Alias { aliasee, .. } => const_globals(m, *aliasee, seen, out),
        GlobalKind::IFunc { resolver, .. } => const_globals(m, *resolver, seen, out),
        GlobalKind::Func(f) => {
            for c in [f.personality, f.prefix, f.prologue].into_iter().flatten() {
                const_globals(m, c, seen, out);
            }
            let Some(body) = f.body.as_ref() else { return };
            for &b in &body.layout {
                for &i in body.blocks.get(b).map(|bd| bd.insts.as_slice()).unwrap_or(&[]) {
                    let Some(d) = body.insts.get(i) else { continue };
                    for_each_operand(d, &mut |o| match o {
                        Operand::Const(c) => const_globals(m, c, seen, out),
                        Operand::Md(id) => md_op_globals(m, body.md_ops.get(id), seen, out),
                        Operand::Value(_) => {}
                    });
                }
            }
            // Debug records' operands.
            for recs in body.dbg_records.values() {
                for r in recs {
                    for &a in &r.args {
                        md_op_globals(m, body.md_ops.get(a), seen, out);
                    }
                }
            }
        }
        GlobalKind::Forward => {}
    }
}

fn md_op_globals(
    m: &Module,
    op: Option<&MdOperand>,
    seen: &mut SecondaryMap<ConstId, bool>,
    out: &mut Vec<GlobalId>,
) {
    match op {
        Some(MdOperand::Local(Operand::Const(c))) => const_globals(m, *c, seen, out),
        Some(MdOperand::ArgList(list)) => {
            for o in list.iter() {
                if let Operand::Const(c) = o {
                    const_globals(m, *c, seen, out);
                }
            }
        }
        Some(MdOperand::Md(Metadata::Value(c))) => const_globals(m, *c, seen, out),
        _ => {}
    }
}

/// The globals a constant refers to, through aggregates and expressions (each constant once).
pub fn const_globals(
    m: &Module,
    c: ConstId,
    seen: &mut SecondaryMap<ConstId, bool>,
    out: &mut Vec<GlobalId>,
) {
    let mut work = vec![c];
    while let Some(c) = work.pop() {
        let Some(s) = seen.get_mut(c) else { continue };
        if *s || !m.consts.is_valid(c) {
            continue;
        }
        *s = true;
        match m.consts.kind(c) {
            ConstKind::Global(g) | ConstKind::DsoLocalEquivalent(g) | ConstKind::NoCfi(g) => {
                out.push(*g)
            }
            ConstKind::BlockAddress { func, .. } => out.push(*func),
            ConstKind::Aggregate(el) | ConstKind::PtrAuth(el) => work.extend(el.iter().copied()),
            ConstKind::Expr(e) => work.extend(e.operands.iter().copied()),
            _ => {}
        }
    }
}

/// Deletes the globals for which `dead` holds and renumbers the others (module order kept):
/// constants naming a deleted global become `poison` (see
/// [`crate::ir::constants::ConstPool::remap_globals`]), `uselistorder` directives are dropped. Returns how
/// many went.
///
/// Invariant (the caller's duty): nothing that stays refers to a deleted global.
pub fn remove_globals(m: &mut Module, dead: &SecondaryMap<GlobalId, bool>) -> usize {
    let is_dead = |g: GlobalId| dead.get(g).copied().unwrap_or(false);
    let count = m.globals.keys().filter(|&g| is_dead(g)).count();
    if count == 0 {
        return 0;
    }
    let old = std::mem::take(&mut m.globals);
    let mut new_id: SecondaryMap<GlobalId, Option<GlobalId>> =
        SecondaryMap::from_elem(None, old.len());
    let mut globals = EntityVec::new();
    for (g, gv) in old.iter() {
        if is_dead(g) {
            continue;
        }
        let id = globals.push(gv.clone());
        if let Some(slot) = new_id.get_mut(g) {
            *slot = Some(id);
        }
    }
    drop(old);
    m.globals = globals;
    let map = |g: GlobalId| new_id.get(g).copied().flatten();
    m.consts.remap_globals(&map);
    m.order = m.order.iter().filter_map(|&g| map(g)).collect();
    let mut names: HashMap<GlobalName, GlobalId> = HashMap::default();
    for (g, gv) in m.globals.iter() {
        names.insert(gv.name.clone(), g);
    }
    m.global_names = names;
    m.uselistorders.clear();
    count
}

#[cfg(test)]
mod tests {
    #[test]
    fn removes_dead_keeps_live_and_comdats() {
        let src = "$c = comdat any\n@used = internal global i32 1\n@unused = internal global i32 2\n@k1 = linkonce_odr global i32 3, comdat($c)\n@k2 = linkonce_odr global i32 4, comdat($c)\n@r = global ptr @k1\ndeclare void @nobody()\ndeclare void @somebody()\ndefine internal void @dead() {\n  call void @nobody()\n  ret void\n}\ndefine i32 @main() {\n  call void @somebody()\n  %v = load i32, ptr @used\n  ret i32 %v\n}\n";
        let c = crate::check(src);
        assert!(c.valid, "{:?}", c.diagnostics);
        let mut m = c.module.expect("module");
        let r = super::run(&mut m);
        let t = crate::text::print_module(&m);
        let d = crate::verify::verify(&m);
        assert!(d.is_empty(), "{d:?}\n{t}");
        assert_eq!(r.stats, vec![("globals removed", 3)], "{t}");
        for gone in ["@unused", "@dead", "@nobody"] {
            assert!(!t.contains(gone), "{t}");
        }
        for kept in ["@used", "@k1", "@k2", "@somebody", "@main"] {
            assert!(t.contains(kept), "{t}");
        }
    }
}
