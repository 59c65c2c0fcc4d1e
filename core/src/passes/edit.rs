//! Shared IR editing helpers for the passes: use counts and use lists, replacing the uses of a
//! value, removing instructions (moving their debug records along), removing blocks and phi
//! entries when CFG edges go away, and retargeting terminators.
//!
//! Where values are used: instruction operands (phi incomings included), operand-bundle inputs,
//! `landingpad` clauses, and metadata operands that wrap a local value (`metadata ptr %a` call
//! arguments, `#dbg_value(i32 %x, ...)` records, `!DIArgList(...)`). Debug-record uses never keep
//! a value alive: when its instruction is removed they become `poison`, as LLVM 19 does when it
//! cannot salvage a location.
//!
//! Invariant: the helpers only look at instructions that are in a block of `body.layout`;
//! removed instructions stay in the arena (unreachable from the layout, so never printed).

use crate::ir::constants::ConstPool;
use crate::ir::entity::{EntityRef, EntitySet, SecondaryMap};
use crate::ir::{
    Block, Body, ConstId, ConstKind, Extra, Inst, InstData, MdOperand, Opcode, Operand, TypeId,
    Value,
};

pub use crate::ir::uses::{
    for_each_operand, for_each_operand_mut, inst_blocks, layout_insts, use_counts, use_lists,
    used_values,
};

/// Replaces every use of a value for which `map` gives a replacement: instruction operands,
/// bundle inputs, clauses and metadata operands (debug records included). `map` is applied once
/// per use; make it resolve chains itself. Returns the number of uses replaced.
pub fn replace_uses(body: &mut Body, map: &dyn Fn(Value) -> Option<Operand>) -> usize {
    let mut n = 0;
    for d in body.insts.values_mut() {
        for_each_operand_mut(d, &mut |o| {
            if let Operand::Value(v) = *o {
                if let Some(r) = map(v) {
                    *o = r;
                    n += 1;
                }
            }
        });
    }
    for md in body.md_ops.values_mut() {
        match md {
            MdOperand::Local(o) => {
                if let Operand::Value(v) = *o {
                    if let Some(r) = map(v) {
                        *o = r;
                        n += 1;
                    }
                }
            }
            MdOperand::ArgList(list) => {
                for o in list.iter_mut() {
                    if let Operand::Value(v) = *o {
                        if let Some(r) = map(v) {
                            *o = r;
                            n += 1;
                        }
                    }
                }
            }
            MdOperand::Md(_) => {}
        }
    }
    n
}

/// The end of the chain of replacements from `o`: while `o` is a value that `repl` replaces,
/// its replacement (at most 64 steps, so a cycle cannot hang a pass).
pub fn resolve_chain(repl: &SecondaryMap<Value, Option<Operand>>, o: Operand) -> Operand {
    let mut cur = o;
    for _ in 0..64 {
        match cur {
            Operand::Value(v) => match repl[v] {
                Some(n) => cur = n,
                None => return cur,
            },
            _ => return cur,
        }
    }
    cur
}

/// Replaces every use of a value that `repl` replaces by the end of its chain (see
/// [`resolve_chain`], [`replace_uses`]).
pub fn replace_chained(body: &mut Body, repl: &SecondaryMap<Value, Option<Operand>>) -> usize {
    replace_uses(body, &|v: Value| repl[v].map(|o| resolve_chain(repl, o)))
}

/// Replaces every use of `old` by `new` (see [`replace_uses`]).
pub fn replace_all_uses(body: &mut Body, old: Value, new: Operand) -> usize {
    replace_uses(body, &|v| (v == old).then_some(new))
}

/// The `poison` constant of a type.
pub fn poison(consts: &mut ConstPool, ty: TypeId) -> ConstId {
    consts.intern(ty, ConstKind::Poison)
}

/// The `undef` constant of a type.
pub fn undef(consts: &mut ConstPool, ty: TypeId) -> ConstId {
    consts.intern(ty, ConstKind::Undef)
}

/// Removes the instructions for which `dead` holds from their blocks. Debug records attached to
/// a removed instruction move to the next instruction that stays; metadata uses of the removed
/// results (debug records) become `poison`. Returns how many were removed.
///
/// Invariant (the caller's duty): no remaining instruction uses a removed result.
pub fn remove_insts(consts: &mut ConstPool, body: &mut Body, dead: &dyn Fn(Inst) -> bool) -> usize {
    let mut removed = 0;
    let mut dead_values: Vec<(Value, TypeId)> = Vec::new();
    let layout = body.layout.clone();
    for b in layout {
        for i in take_from_block(body, b, dead) {
            removed += 1;
            if let Some(d) = body.insts.get(i) {
                if let Some(v) = d.result {
                    dead_values.push((v, d.ty));
                }
            }
        }
    }
    poison_md_uses(consts, body, &dead_values);
    removed
}

/// Takes the instructions for which `dead` holds out of block `b`, in order, and returns them.
/// Debug records attached to one move to the next instruction that stays (those after the
/// last one that stays are dropped). What becomes of the taken instructions is the caller's.
pub(crate) fn take_from_block(body: &mut Body, b: Block, dead: &dyn Fn(Inst) -> bool) -> Vec<Inst> {
    let Some(bd) = body.blocks.get_mut(b) else { return Vec::new() };
    if !bd.insts.iter().any(|&i| dead(i)) {
        return Vec::new();
    }
    let old = std::mem::take(&mut bd.insts);
    let mut kept = Vec::with_capacity(old.len());
    let mut taken = Vec::new();
    let mut pending = Vec::new();
    for i in old {
        if dead(i) {
            taken.push(i);
            if let Some(recs) = body.dbg_records.remove(&i) {
                pending.extend(recs);
            }
        } else {
            if !pending.is_empty() {
                let mut recs = std::mem::take(&mut pending);
                if let Some(own) = body.dbg_records.remove(&i) {
                    recs.extend(own);
                }
                body.dbg_records.insert(i, recs);
            }
            kept.push(i);
        }
    }
    if let Some(bd) = body.blocks.get_mut(b) {
        bd.insts = kept;
    }
    taken
}

/// Makes metadata uses of `values` (which are going away) `poison` of their types.
pub(crate) fn poison_md_uses(consts: &mut ConstPool, body: &mut Body, values: &[(Value, TypeId)]) {
    if values.is_empty() {
        return;
    }
    let mut repl: SecondaryMap<Value, Option<ConstId>> =
        SecondaryMap::from_elem(None, body.values.len());
    for &(v, ty) in values {
        if let Some(slot) = repl.get_mut(v) {
            *slot = Some(poison(consts, ty));
        }
    }
    let map = |v: Value| repl[v];
    for md in body.md_ops.values_mut() {
        match md {
            MdOperand::Local(o) => {
                if let Operand::Value(v) = *o {
                    if let Some(c) = map(v) {
                        *o = Operand::Const(c);
                    }
                }
            }
            MdOperand::ArgList(list) => {
                for o in list.iter_mut() {
                    if let Operand::Value(v) = *o {
                        if let Some(c) = map(v) {
                            *o = Operand::Const(c);
                        }
                    }
                }
            }
            MdOperand::Md(_) => {}
        }
    }
}

/// The leading phis of a block.
pub fn phis(body: &Body, b: Block) -> Vec<Inst> {
    let Some(bd) = body.blocks.get(b) else { return Vec::new() };
    bd.insts
        .iter()
        .copied()
        .take_while(|&i| body.insts.get(i).is_some_and(|d| d.op == Opcode::Phi))
        .collect()
}

/// Removes phi entries of block `b` coming from `pred`: one entry per phi when `once` (one CFG
/// edge went away), every entry otherwise (every edge from `pred` went away).
pub fn remove_phi_incoming(body: &mut Body, b: Block, pred: Block, once: bool) {
    for i in phis(body, b) {
        let Some(d) = body.insts.get_mut(i) else { continue };
        let Extra::Phi(blocks) = &mut d.extra else { continue };
        let mut keep_blocks = Vec::with_capacity(blocks.len());
        let mut keep_args = crate::ir::inst::Operands::new();
        let mut done = false;
        for (k, &pb) in blocks.iter().enumerate() {
            if pb == pred && !(once && done) {
                done = true;
                continue;
            }
            keep_blocks.push(pb);
            if let Some(&a) = d.args.get(k) {
                keep_args.push(a);
            }
        }
        *blocks = keep_blocks.into_boxed_slice();
        d.args = keep_args;
    }
}

/// Renames the incoming block `from` to `to` in the phis of block `b`.
pub fn rename_phi_incoming(body: &mut Body, b: Block, from: Block, to: Block) {
    for i in phis(body, b) {
        if let Some(Extra::Phi(blocks)) = body.insts.get_mut(i).map(|d| &mut d.extra) {
            for pb in blocks.iter_mut() {
                if *pb == from {
                    *pb = to;
                }
            }
        }
    }
}

/// Replaces the terminator of `b` by `br label %target`, keeping its position, debug location
/// and debug records. Phi entries of the successors whose edges went away are removed (one per
/// edge; the first edge to `target`, if any, stays). Returns false when `b` has no terminator.
pub fn set_branch(body: &mut Body, b: Block, target: Block) -> bool {
    let Some(term) = body.terminator(b) else { return false };
    let Some(old) = body.insts.get(term) else { return false };
    let mut kept_one = false;
    let mut gone = Vec::new();
    for s in old.successors() {
        if s == target && !kept_one {
            kept_one = true;
        } else {
            gone.push(s);
        }
    }
    let mut new = InstData::new(Opcode::Br, TypeId::VOID, Vec::new());
    new.extra = Extra::Br(Box::new([target]));
    new.span = old.span;
    new.md = old.md.clone();
    if let Some(slot) = body.insts.get_mut(term) {
        *slot = new;
    }
    for s in gone {
        remove_phi_incoming(body, s, b, true);
    }
    true
}

/// Replaces the terminator of `b` by `unreachable`, removing the successors' phi entries for it.
pub fn set_unreachable(body: &mut Body, b: Block) -> bool {
    let Some(term) = body.terminator(b) else { return false };
    let Some(old) = body.insts.get(term) else { return false };
    let succs = old.successors();
    let mut new = InstData::new(Opcode::Unreachable, TypeId::VOID, Vec::new());
    new.span = old.span;
    new.md = old.md.clone();
    if let Some(slot) = body.insts.get_mut(term) {
        *slot = new;
    }
    for s in succs {
        remove_phi_incoming(body, s, b, true);
    }
    true
}

/// The blocks reachable from the entry.
pub fn reachable(body: &Body) -> EntitySet<Block> {
    reachable_from(body, &body.entry().into_iter().collect::<Vec<_>>())
}

/// The blocks reachable from any of `roots` (the roots included).
pub fn reachable_from(body: &Body, roots: &[Block]) -> EntitySet<Block> {
    let mut seen = EntitySet::with_capacity(body.blocks.len());
    let mut work = Vec::new();
    for &r in roots {
        if body.blocks.is_valid(r) && seen.insert(r) {
            work.push(r);
        }
    }
    while let Some(b) = work.pop() {
        for s in body.successors(b) {
            if body.blocks.is_valid(s) && seen.insert(s) {
                work.push(s);
            }
        }
    }
    seen
}

/// Removes the blocks for which `dead` holds from the layout: phi entries coming from them are
/// removed from the blocks that stay, their debug records go, and metadata uses of their results
/// become `poison`.
/// Invariant (the caller's duty): no block that stays uses a value defined in a removed block
/// except through phi entries from removed blocks. The entry block is never removed. Returns
/// how many blocks were removed.
pub fn remove_blocks(
    consts: &mut ConstPool,
    body: &mut Body,
    dead: &dyn Fn(Block) -> bool,
) -> usize {
    let entry = body.entry();
    let gone: Vec<Block> =
        body.layout.iter().copied().filter(|&b| Some(b) != entry && dead(b)).collect();
    if gone.is_empty() {
        return 0;
    }
    let mut is_gone = EntitySet::with_capacity(body.blocks.len());
    for &b in &gone {
        is_gone.insert(b);
    }
    let gone_flag = |b: Block| is_gone.contains(b);
    let mut dead_values = Vec::new();
    for &b in &gone {
        for s in body.successors(b) {
            if !gone_flag(s) {
                remove_phi_incoming(body, s, b, false);
            }
        }
        let insts = body.blocks.get(b).map(|bd| bd.insts.clone()).unwrap_or_default();
        for i in insts {
            body.dbg_records.remove(&i);
            if let Some(d) = body.insts.get(i) {
                if let Some(v) = d.result {
                    dead_values.push((v, d.ty));
                }
            }
        }
    }
    body.layout.retain(|&b| !gone_flag(b));
    poison_md_uses(consts, body, &dead_values);
    gone.len()
}

/// The blocks of function `func` whose address is taken by a `blockaddress` constant: they must
/// stay where they are. Blocks from `n_blocks` on are left out.
pub fn address_taken_blocks(
    consts: &ConstPool,
    func: crate::ir::GlobalId,
    n_blocks: usize,
) -> EntitySet<Block> {
    let mut out = EntitySet::with_capacity(n_blocks);
    for c in consts.block_addresses() {
        if let ConstKind::BlockAddress { func: f, block } = &c.kind {
            if *f == func && block.index() < n_blocks {
                out.insert(*block);
            }
        }
    }
    out
}
