//! `uselistorder` directives, printed where and in the order LLVM's printer puts them: those of
//! a function's arguments, results and blocks at the end of its body (arguments first, then
//! blocks and results in layout order), those of globals and constants after the functions, in
//! the text reader's numbering (variables, each after its initializer's constants, aliases,
//! ifuncs, then functions, each after the constants its instructions use). A constant's
//! directive written inside a function stays there (it orders the uses made so far). Other
//! directives are printed as written, after the others of their place. A block's `; preds =`
//! follow its directives, as LLVM lists predecessors in use-list order.

use super::names::{write_block_ref, write_local_value};
use super::{FnCtx, ModulePrinter};
use crate::ir::module::{UseListOrder, UseListTarget};
use crate::ir::uselist::UseKey;
use crate::ir::uselist::{apply, BlockAddressRefs, FnUses, GlobalUses, ModuleValue, Reader};
use crate::ir::{Block, Body, Module};
use crate::ir::{GlobalId, Operand, SecondaryMap, Value};
use rustc_hash::FxHashMap as HashMap;

/// Puts the `; preds =` of blocks that `uselistorder` directives order in that order (LLVM
/// lists a block's predecessors in its use-list order); the others keep the text reader's.
pub(super) fn order_predecessors(
    m: &Module,
    g: GlobalId,
    body: &Body,
    preds: &mut SecondaryMap<Block, Vec<Block>>,
) {
    let mine = |u: &&UseListOrder| matches!(u.target, UseListTarget::Block(f, _) if f == g);
    if !m.uselistorders.iter().any(|u| mine(&u)) {
        return;
    }
    let Some(uses) = FnUses::of(m, g, &BlockAddressRefs::of(m)) else { return };
    // Instruction `n` (layout order) is the user at place `2 * (n + 1)`.
    let blocks: Vec<Block> = crate::ir::uses::layout_insts(body).iter().map(|&(b, _)| b).collect();
    let mut orders: HashMap<Block, Vec<UseKey>> = HashMap::default();
    for u in m.uselistorders.iter().filter(mine) {
        let UseListTarget::Block(_, b) = u.target else { continue };
        let current = match orders.remove(&b) {
            Some(o) => Some(o),
            None => uses.default_order(u.target, Reader::Text),
        };
        // A directive that does not fit leaves the order as it was.
        let Some(current) = current else { continue };
        let next = apply(&current, &u.indexes).unwrap_or(current);
        orders.insert(b, next);
    }
    for (b, order) in orders {
        let list: Vec<Block> = order
            .iter()
            .filter(|k| k.user >= 2 && k.user % 2 == 0)
            .filter_map(|k| blocks.get((k.user / 2 - 1) as usize).copied())
            .collect();
        if let Some(p) = preds.get_mut(b) {
            *p = list;
        }
    }
}

fn write_indexes(out: &mut String, u: &UseListOrder) {
    out.push_str(", { ");
    for (i, n) in u.indexes.iter().enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        out.push_str(&n.to_string());
    }
    out.push_str(" }\n");
}

/// The directives printed in the body of function `g`.
pub(super) fn write_function_directives(
    p: &ModulePrinter,
    out: &mut String,
    f: &FnCtx,
    g: GlobalId,
) {
    let m = p.m;
    if m.uselistorders.is_empty() {
        return;
    }
    // Each argument's, block's and result's place in LLVM's printing order.
    let body = f.body;
    let mut value_place = SecondaryMap::from_elem(u32::MAX, body.values.len());
    let mut block_place = SecondaryMap::from_elem(u32::MAX, body.blocks.len());
    let mut n = 0u32;
    for &v in &body.params {
        if let Some(s) = value_place.get_mut(v) {
            *s = n;
        }
        n += 1;
    }
    for &b in &body.layout {
        if let Some(s) = block_place.get_mut(b) {
            *s = n;
        }
        n += 1;
        for &i in body.blocks.get(b).map(|bd| &bd.insts[..]).unwrap_or(&[]) {
            if let Some(s) =
                body.insts.get(i).and_then(|d| d.result).and_then(|r| value_place.get_mut(r))
            {
                *s = n;
            }
            n += 1;
        }
    }
    let mut placed: Vec<(u32, &UseListOrder)> = Vec::new();
    let mut other: Vec<&UseListOrder> = Vec::new();
    for u in &m.uselistorders {
        match u.target {
            UseListTarget::Local(v) if u.func == Some(g) => {
                placed.push((value_place.get(v).copied().unwrap_or(u32::MAX), u))
            }
            UseListTarget::Block(fg, b) if fg == g => {
                placed.push((block_place.get(b).copied().unwrap_or(u32::MAX), u))
            }
            UseListTarget::Other | UseListTarget::Const(_) if u.func == Some(g) => other.push(u),
            _ => {}
        }
    }
    if placed.is_empty() && other.is_empty() {
        return;
    }
    placed.sort_by_key(|&(k, _)| k);
    out.push_str("\n; uselistorder directives\n");
    for (_, u) in placed {
        out.push_str("  uselistorder ");
        match u.target {
            UseListTarget::Local(v) => write_local(p, out, f, v),
            UseListTarget::Block(_, b) => {
                out.push_str("label ");
                write_block_ref(out, m, body, f.slots, b);
            }
            _ => {}
        }
        write_indexes(out, u);
    }
    for u in other {
        out.push_str("  ");
        if let UseListTarget::Const(c) = u.target {
            out.push_str("uselistorder ");
            p.write_typed_const(out, c);
            write_indexes(out, u);
        } else {
            out.push_str(u.text.trim());
            out.push('\n');
        }
    }
}

fn write_local(p: &ModulePrinter, out: &mut String, f: &FnCtx, v: Value) {
    p.write_type(out, p.operand_ty(Some(f), Operand::Value(v)));
    out.push(' ');
    write_local_value(out, p.m, f.body, f.slots, v);
}

/// The directives printed after the functions.
pub(super) fn write_module_directives(p: &ModulePrinter, out: &mut String) {
    let m = p.m;
    if m.uselistorders.is_empty() {
        return;
    }
    let mut place = SecondaryMap::from_elem(u32::MAX, m.globals.len());
    let all = p.order.vars.iter().chain(&p.order.aliases).chain(&p.order.ifuncs);
    for (n, &g) in all.chain(&p.order.funcs).enumerate() {
        if let Some(s) = place.get_mut(g) {
            *s = n as u32;
        }
    }
    // With constants among them, every directive goes by the text reader's numbering.
    let numbered = m
        .uselistorders
        .iter()
        .any(|u| u.func.is_none() && matches!(u.target, UseListTarget::Const(_)))
        .then(|| GlobalUses::of(m));
    let place_of = |v: ModuleValue| match (&numbered, v) {
        (Some(n), v) => n.text_place(v).unwrap_or(u32::MAX),
        (None, ModuleValue::Global(g)) => place.get(g).copied().unwrap_or(u32::MAX),
        (None, _) => u32::MAX,
    };
    let mut placed: Vec<(u32, &UseListOrder)> = Vec::new();
    let mut other: Vec<&UseListOrder> = Vec::new();
    for u in &m.uselistorders {
        match u.target {
            UseListTarget::Global(g) => placed.push((place_of(ModuleValue::Global(g)), u)),
            UseListTarget::Const(c) if u.func.is_none() => {
                placed.push((place_of(ModuleValue::of_const(m, c)), u))
            }
            // A block of a declaration: only its text.
            UseListTarget::Block(g, _) if m.func(g).is_none_or(|f| f.body.is_none()) => {
                other.push(u)
            }
            UseListTarget::Other if u.func.is_none() => other.push(u),
            _ => {}
        }
    }
    if placed.is_empty() && other.is_empty() {
        return;
    }
    placed.sort_by_key(|&(k, _)| k);
    out.push_str("\n; uselistorder directives\n");
    for (_, u) in placed {
        out.push_str("uselistorder ");
        if let UseListTarget::Global(g) = u.target {
            let asp = m.globals.get(g).map_or(0, |gv| gv.addrspace);
            out.push_str("ptr");
            if asp != 0 {
                out.push_str(&format!(" addrspace({asp})"));
            }
            out.push(' ');
            p.write_global_ref(out, g);
        } else if let UseListTarget::Const(c) = u.target {
            p.write_typed_const(out, c);
        }
        write_indexes(out, u);
    }
    for u in other {
        out.push_str(u.text.trim());
        out.push('\n');
    }
}
