//! Upgrades LLVM 19's reader applies to older bitcode that concern function bodies: calls to
//! `llvm.dbg.value`, `llvm.dbg.declare`, `llvm.dbg.assign` and `llvm.dbg.label` become the
//! debug records (`#dbg_value(...)`) of the next instruction, and the declarations of those
//! intrinsics go away once nothing calls them.

use crate::ir::function::{Body, DbgRecord, DbgRecordKind, MdOperand, ValueDef};
use crate::ir::module::GlobalName;
use crate::ir::{ConstKind, EntityVec, GlobalId, Inst, Metadata, Module, Operand};
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

/// Turns the debug intrinsic calls of every function into debug records.
pub(super) fn dbg_intrinsics_to_records(m: &mut Module) {
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
