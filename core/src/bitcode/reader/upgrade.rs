//! The upgrades LLVM 19 applies to a module as it reads bitcode (LLVM's `AutoUpgrade` and its
//! bitcode reader), in [`apply`], which the reader runs last and which the roundtrip check of
//! the bitcode harness runs on a module parsed from text, so that both compare equal:
//!
//! 1. intrinsics declared with an old mangling are renamed (`llvm.va_start` to
//!    `llvm.va_start.p0`, `llvm.eh.typeid.for` to `llvm.eh.typeid.for.p0`) and moved to the end
//!    of the module, as LLVM's new declaration is;
//! 2. calls to `llvm.dbg.value`, `llvm.dbg.declare`, `llvm.dbg.assign` and `llvm.dbg.label`
//!    become the debug records (`#dbg_value(...)`) of the next instruction, and the
//!    declarations of those intrinsics go away once nothing calls them;
//! 3. every intrinsic declaration gets LLVM 19's own attributes
//!    ([`crate::ir::intrinsic_attrs`]), whatever the file said (a `llvm.*` name that is no
//!    intrinsic keeps its attributes);
//! 4. in a function without `strictfp`, a call that is `strictfp` (itself or through its
//!    callee) becomes `nobuiltin` instead, unless it calls a constrained floating-point
//!    intrinsic.
//!
//! LLVM's text parser makes the renames and the attribute reset too, but neither of the others.

use crate::ir::function::{Body, DbgRecord, DbgRecordKind, MdOperand, ValueDef};
use crate::ir::inst::Extra;
use crate::ir::module::GlobalName;
use crate::ir::{
    Attr, AttrKind, ConstKind, EntityVec, GlobalId, Inst, Intrinsic, Metadata, Module, Operand,
};
use rustc_hash::FxHashMap as HashMap;

/// The debug record kind a `llvm.dbg.*` function stands for.
fn dbg_kind(m: &Module, g: GlobalId) -> Option<DbgRecordKind> {
    Some(match &*m.global_name_ref(g) {
        "llvm.dbg.value" => DbgRecordKind::Value,
        "llvm.dbg.declare" => DbgRecordKind::Declare,
        "llvm.dbg.assign" => DbgRecordKind::Assign,
        "llvm.dbg.label" => DbgRecordKind::Label,
        _ => return None,
    })
}

/// Applies the upgrades of the module documentation, in its order, and resolves the
/// intrinsic families of the functions again.
pub(crate) fn apply(m: &mut Module) {
    rename_intrinsics(m);
    dbg_intrinsics_to_records(m);
    reset_intrinsic_attrs(m);
    upgrade_strictfp_calls(m);
    m.resolve_intrinsics();
}

/// Renames intrinsics declared with an old mangling to today's name (when no function has it
/// yet), moving them to the end of the module.
fn rename_intrinsics(m: &mut Module) {
    let mut moved = Vec::new();
    for &g in &m.order {
        let Some(gv) = m.globals.get(g) else { continue };
        let (GlobalName::Named(sym), Some(f)) = (&gv.name, gv.as_func()) else { continue };
        let name = m.symbols.get(*sym);
        // Only a name LLVM takes for an intrinsic is remangled (not `llvm.assume.x`).
        if crate::ir::intrinsic_attrs::lookup(name).is_none() {
            continue;
        }
        let want = Intrinsic::resolve(name).and_then(|i| i.mangled_name(m, f.ty));
        if let Some(want) = want.filter(|w| w != name) {
            moved.push((g, *sym, want));
        }
    }
    let mut order_moved = Vec::new();
    for (g, sym, want) in moved {
        let key = GlobalName::Named(m.symbols.intern(&want));
        if m.global_names.contains_key(&key) {
            continue;
        }
        m.global_names.remove(&GlobalName::Named(sym));
        m.global_names.insert(key.clone(), g);
        if let Some(gv) = m.globals.get_mut(g) {
            gv.name = key;
        }
        order_moved.push(g);
    }
    m.order.retain(|g| !order_moved.contains(g));
    m.order.extend(order_moved);
}

/// Gives every intrinsic declaration LLVM 19's attributes (see the module documentation).
fn reset_intrinsic_attrs(m: &mut Module) {
    for g in m.order.clone() {
        if m.func(g).is_some() && m.global_name_ref(g).starts_with("llvm.") {
            m.reset_intrinsic_attrs(g);
        }
    }
}

/// In functions without `strictfp`, `strictfp` calls become `nobuiltin` calls (see the module
/// documentation).
fn upgrade_strictfp_calls(m: &mut Module) {
    let strict = |m: &Module, set| m.attrs.has(set, AttrKind::StrictFp);
    for g in m.order.clone() {
        if m.func(g).is_none_or(|f| f.body.is_none() || strict(m, f.fn_attrs)) {
            continue;
        }
        let Some(mut body) =
            m.globals.get_mut(g).and_then(|gv| gv.as_func_mut()).and_then(|f| f.body.take())
        else {
            continue;
        };
        for (_, d) in body.insts.iter_mut() {
            let callee = match d.args.first() {
                Some(Operand::Const(c)) => match m.consts.kind(*c) {
                    ConstKind::Global(g) => Some(*g),
                    _ => None,
                },
                _ => None,
            };
            let (callee_strict, constrained) = match callee.and_then(|c| m.func(c).zip(Some(c))) {
                Some((f, c)) => (
                    strict(m, f.fn_attrs),
                    m.global_name_ref(c).starts_with("llvm.experimental.constrained."),
                ),
                None => (false, false),
            };
            let (Extra::Call(info) | Extra::Invoke(info, ..) | Extra::CallBr(info, ..)) =
                &mut d.extra
            else {
                continue;
            };
            if constrained || !(callee_strict || strict(m, info.fn_attrs)) {
                continue;
            }
            let mut v: Vec<Attr> = m
                .attrs
                .get(info.fn_attrs)
                .iter()
                .filter(|a| a.kind() != Some(AttrKind::StrictFp))
                .cloned()
                .collect();
            v.push(Attr::Flag(AttrKind::NoBuiltin));
            info.fn_attrs = m.attrs.intern(v);
        }
        if let Some(f) = m.globals.get_mut(g).and_then(|gv| gv.as_func_mut()) {
            f.body = Some(body);
        }
    }
}

/// Turns the debug intrinsic calls of every function into debug records.
fn dbg_intrinsics_to_records(m: &mut Module) {
    let dbg_fns: Vec<GlobalId> = m
        .order
        .iter()
        .copied()
        .filter(|&g| m.func(g).is_some() && dbg_kind(m, g).is_some())
        .collect();
    if dbg_fns.is_empty() {
        return;
    }
    let dbg = m.symbols.intern("dbg");
    let order = m.order.clone();
    let mut all_converted = true;
    for g in order {
        let Some(mut body) =
            m.globals.get_mut(g).and_then(|gv| gv.as_func_mut()).and_then(|f| f.body.take())
        else {
            continue;
        };
        all_converted &= convert(m, &mut body, dbg);
        if let Some(f) = m.globals.get_mut(g).and_then(|gv| gv.as_func_mut()) {
            f.body = Some(body);
        }
    }
    if all_converted {
        remove_globals(m, &dbg_fns);
    }
}

/// Deletes globals nothing refers to any more, renumbering the others (module order kept).
fn remove_globals(m: &mut Module, dead: &[GlobalId]) {
    let old = std::mem::take(&mut m.globals);
    let mut new_id: HashMap<GlobalId, GlobalId> = HashMap::default();
    let mut globals = EntityVec::new();
    for (g, gv) in old.iter() {
        if !dead.contains(&g) {
            new_id.insert(g, globals.push(gv.clone()));
        }
    }
    m.globals = globals;
    let map = |g: GlobalId| new_id.get(&g).copied();
    m.consts.remap_globals(&map);
    m.order = m.order.iter().filter_map(|&g| map(g)).collect();
    let mut names: HashMap<GlobalName, GlobalId> = HashMap::default();
    for (g, gv) in m.globals.iter() {
        names.insert(gv.name.clone(), g);
    }
    m.global_names = names;
}

/// Converts one body; false when some call could not be converted (no location, or no
/// instruction after it), which keeps the declarations.
fn convert(m: &Module, body: &mut Body, dbg: crate::ir::Symbol) -> bool {
    let mut ok = true;
    let mut any = false;
    let mut keep: HashMap<Inst, bool> = HashMap::default();
    let mut new_records: HashMap<Inst, Vec<DbgRecord>> = HashMap::default();
    for &b in &body.layout {
        let Some(bd) = body.blocks.get(b) else { continue };
        let mut pending: Vec<DbgRecord> = Vec::new();
        let mut pending_calls: Vec<Inst> = Vec::new();
        for &i in &bd.insts {
            let Some(d) = body.insts.get(i) else { continue };
            let kind = match d.args.first() {
                Some(Operand::Const(c)) if d.call_info().is_some() => match m.consts.kind(*c) {
                    ConstKind::Global(g) => dbg_kind(m, *g),
                    _ => None,
                },
                _ => None,
            };
            let loc = d.md.iter().find(|(k, _)| *k == dbg).map(|(_, id)| *id);
            let want = match kind {
                Some(DbgRecordKind::Assign) => 6,
                Some(DbgRecordKind::Label) => 1,
                Some(_) => 3,
                None => 0,
            };
            let args: Option<Vec<_>> = d
                .args
                .get(1..)
                .unwrap_or(&[])
                .iter()
                .map(|a| match a {
                    Operand::Md(x) => Some(*x),
                    _ => None,
                })
                .collect();
            match (kind, loc, args) {
                (Some(kind), Some(loc), Some(mut args)) if args.len() == want => {
                    args.push(body.md_ops.push(MdOperand::Md(Metadata::Node(loc))));
                    pending.push(DbgRecord { kind, args, span: d.span });
                    pending_calls.push(i);
                    keep.insert(i, false);
                    any = true;
                }
                (Some(_), ..) => {
                    ok = false;
                    keep.insert(i, true);
                }
                _ => {
                    keep.insert(i, true);
                    pending_calls.clear();
                    if !pending.is_empty() {
                        new_records.insert(i, std::mem::take(&mut pending));
                    }
                }
            }
        }
        // Calls with no instruction after them stay calls.
        if !pending_calls.is_empty() {
            ok = false;
            for i in pending_calls {
                keep.insert(i, true);
            }
        }
    }
    if !any {
        return ok;
    }
    // Rebuild the instruction arena without the converted calls (they have no results, so
    // value numbers stay).
    let old = std::mem::take(&mut body.insts);
    let mut map: HashMap<Inst, Inst> = HashMap::default();
    let mut insts = EntityVec::new();
    for (i, d) in old.iter() {
        if keep.get(&i).copied().unwrap_or(true) {
            map.insert(i, insts.push(d.clone()));
        }
    }
    body.insts = insts;
    for bd in body.blocks.values_mut() {
        bd.insts = bd.insts.iter().filter_map(|i| map.get(i).copied()).collect();
    }
    for v in body.values.values_mut() {
        if let ValueDef::Inst(i) = v.def {
            if let Some(&n) = map.get(&i) {
                v.def = ValueDef::Inst(n);
            }
        }
    }
    let mut records: HashMap<Inst, Vec<DbgRecord>> = HashMap::default();
    for (i, mut recs) in std::mem::take(&mut body.dbg_records).into_iter().chain(new_records) {
        if let Some(&n) = map.get(&i) {
            records.entry(n).or_default().append(&mut recs);
        }
    }
    body.dbg_records = records;
    ok
}
