//! The driver the loop passes share: it offers the loops of the function to the pass one at a
//! time, with the analyses (CFG, dominators, loop forest, address-taken blocks, and where each
//! value is used) computed once per pass and kept up to date by the pass's changes, instead of
//! computed again after each change: a function with a thousand loops, or loops nested a
//! thousand deep, costs a pass about what its size does.
//!
//! What stays valid after a change, and why (each pass's file says what it changes):
//! * the CFG ([`LoopView::cfg`]) is kept exact: a pass tells the view which blocks it touched
//!   ([`LoopView::refresh`]) and which it removed ([`LoopView::remove_blocks`]);
//! * the dominator tree and the loop forest are those of the function before the pass. A loop
//!   that became innermost because its inner loops went (deleted or fully unrolled) is offered
//!   with its blocks found again from its latches ([`LoopView::region`]); the dominance between
//!   blocks that were there at the start stays what it was (a deleted loop was entered only
//!   from its preheader and left only to its exit, so no path between other blocks changes);
//! * where values are used ([`Uses`]): a superset of the users, stale entries dropped on
//!   reading, new users recorded as the pass places instructions.
//!
//! The order is the one recomputing would give: loops in reverse postorder of their headers;
//! after a change, a parent that became innermost comes first (its header precedes its
//! children's), then the loops after the changed one. Removing or unrolling a loop does not
//! change the relative order of the other headers.

use super::edit::{address_taken_blocks, remove_phi_incoming, used_values};
use super::loop_edit::has_unsupported_blocks;
use super::loop_simplify::simplify_loops;
use super::{with_body, PassResult};
use crate::analysis::{Cfg, DomTree, Loop, LoopForest};
use crate::ir::constants::ConstPool;
use crate::ir::entity::{EntityRef, EntitySet};
use crate::ir::{
    Block, Body, GlobalId, Inst, MdOperand, Module, Operand, SecondaryMap, TypeId, Value,
};
use rustc_hash::FxHashSet as HashSet;
use std::collections::BTreeSet;

/// The analyses of a function as the loop pass sees them.
pub struct LoopView {
    /// The control-flow graph, kept exact.
    pub cfg: Cfg,
    /// The dominator tree at the start of the pass.
    pub dt: DomTree,
    /// The natural loops at the start of the pass.
    pub lf: LoopForest,
    /// Where values are used.
    pub uses: Uses,
    taken: EntitySet<Block>,
    /// Blocks removed during the pass (still in `body.layout` until [`LoopView::finish`]).
    removed: EntitySet<Block>,
    /// Values of removed instructions, for their metadata uses to become `poison`.
    dead_values: Vec<(Value, TypeId)>,
    /// How many blocks the function had at the start.
    first_new: usize,
    /// The position of each block in the layout at the start (`u32::MAX` outside it).
    pos: SecondaryMap<Block, u32>,
}

impl LoopView {
    /// The analyses of `body`, the body of function `g`.
    pub fn new(m: &Module, g: GlobalId, body: &Body) -> LoopView {
        let taken = address_taken_blocks(&m.consts, g, body.blocks.len());
        let cfg = Cfg::new(body);
        let dt = DomTree::new(&cfg);
        let lf = LoopForest::new(&cfg, &dt);
        let mut pos = SecondaryMap::from_elem(u32::MAX, body.blocks.len());
        for (k, &b) in body.layout.iter().enumerate() {
            pos[b] = k as u32;
        }
        LoopView {
            pos,
            cfg,
            dt,
            lf,
            uses: Uses::new(body),
            taken,
            removed: EntitySet::with_capacity(body.blocks.len()),
            dead_values: Vec::new(),
            first_new: body.blocks.len(),
        }
    }

    /// True when `b`'s address is taken (`blockaddress`).
    pub fn is_taken(&self, b: Block) -> bool {
        self.taken.contains(b)
    }

    /// True when `b` was removed during the pass.
    pub fn is_removed(&self, b: Block) -> bool {
        self.removed.contains(b)
    }

    /// True when `b` was made during the pass.
    pub fn is_new(&self, b: Block) -> bool {
        b.index() >= self.first_new
    }

    /// The blocks of `l` in layout order.
    pub fn in_layout_order(&self, body: &Body, l: &Loop) -> Vec<Block> {
        self.layout_sorted(body, l.blocks().to_vec())
    }

    /// `blocks` (a block may come several times) sorted by their order in the layout, equal
    /// ones kept together.
    pub fn layout_sorted(&self, body: &Body, mut blocks: Vec<Block>) -> Vec<Block> {
        if blocks.iter().any(|&b| self.is_new(b)) {
            // New blocks have no position of the start: the layout says where they went.
            let mut pos: rustc_hash::FxHashMap<Block, usize> = Default::default();
            for &b in &blocks {
                pos.insert(b, usize::MAX);
            }
            for (k, b) in body.layout.iter().enumerate() {
                if let Some(slot) = pos.get_mut(b) {
                    *slot = k;
                }
            }
            blocks.sort_by_key(|b| pos.get(b).copied().unwrap_or(usize::MAX));
            return blocks;
        }
        // Blocks only come and go: those of the start keep their order.
        blocks.sort_by_key(|&b| self.pos[b]);
        blocks
    }

    /// Removes the instructions `dead` of block `b` (which stays), as
    /// `edit::remove_insts` does: their debug records move to the next instruction that stays,
    /// metadata uses of their values become `poison` (at the end).
    pub fn remove_insts(&mut self, body: &mut Body, b: Block, dead: &[Inst]) {
        let set: rustc_hash::FxHashSet<Inst> = dead.iter().copied().collect();
        for i in super::edit::take_from_block(body, b, &|i| set.contains(&i)) {
            if let Some(d) = body.insts.get(i) {
                if let Some(v) = d.result {
                    self.dead_values.push((v, d.ty));
                }
            }
            self.uses.forget(i);
        }
    }

    /// Takes the changes to `blocks` into account: their edges (from their terminators) and
    /// their instructions (where each is and what it uses). New blocks must be among them.
    pub fn refresh(&mut self, body: &Body, blocks: &[Block]) {
        for &b in blocks {
            if !self.removed.contains(b) {
                self.cfg.add_block(b);
            }
        }
        for &b in blocks {
            if self.removed.contains(b) {
                continue;
            }
            self.cfg.set_succs(b, body.successors(b));
            self.uses.place(body, b);
        }
    }

    /// Removes `blocks` from the function (from the layout at [`LoopView::finish`]): the phi
    /// entries they gave the blocks that stay go, their debug records go, metadata uses of
    /// their values become `poison` (at the end), as `edit::remove_blocks` does.
    pub fn remove_blocks(&mut self, body: &mut Body, blocks: &[Block]) {
        let entry = body.entry();
        let gone: Vec<Block> = blocks.iter().copied().filter(|&b| Some(b) != entry).collect();
        for &b in &gone {
            self.removed.insert(b);
        }
        for &b in &gone {
            for s in body.successors(b) {
                if !self.removed.contains(s) {
                    remove_phi_incoming(body, s, b, false);
                }
            }
            for &i in body.blocks.get(b).map(|bd| bd.insts.as_slice()).unwrap_or(&[]) {
                body.dbg_records.remove(&i);
                if let Some(d) = body.insts.get(i) {
                    if let Some(v) = d.result {
                        self.dead_values.push((v, d.ty));
                    }
                }
            }
            self.cfg.remove_block(b);
            self.uses.removed.insert(b);
        }
    }

    /// Takes block `b`, emptied by the pass, out of the function (the layout at
    /// [`LoopView::finish`]).
    pub fn drop_block(&mut self, b: Block) {
        self.removed.insert(b);
        self.cfg.remove_block(b);
        self.uses.removed.insert(b);
    }

    /// The blocks of the loop headed by `header` as they are now, found from its latches (those
    /// of the start: the changes of the pass never add or remove a back edge of a loop it did
    /// not change); `id` is its index in [`LoopView::lf`].
    pub fn region(&self, id: usize) -> Option<Loop> {
        let l = self.lf.get(id)?;
        let h = l.header;
        let mut seen: HashSet<Block> = HashSet::default();
        seen.insert(h);
        let mut blocks = vec![h];
        let mut stack: Vec<Block> = l.latches().filter(|&b| !self.removed.contains(b)).collect();
        while let Some(x) = stack.pop() {
            if !seen.insert(x) {
                continue;
            }
            blocks.push(x);
            for &p in self.cfg.preds(x) {
                if !self.removed.contains(p) && (self.is_new(p) || self.dt.is_reachable(p)) {
                    stack.push(p);
                }
            }
        }
        Some(Loop::new(h, blocks, l.back_edges.clone(), l.parent, l.depth))
    }

    /// Ends the pass: the removed blocks leave the layout, and the metadata uses of their
    /// values become `poison`.
    pub fn finish(self, consts: &mut ConstPool, body: &mut Body) {
        if self.removed.iter().next().is_some() {
            let removed = &self.removed;
            body.layout.retain(|&b| !removed.contains(b));
        }
        super::edit::poison_md_uses(consts, body, &self.dead_values);
    }
}

/// Where each value is used, kept through the changes of a loop pass: for each value a
/// superset of its users (stale entries, of instructions that no longer use it or were
/// removed, are dropped when read), the block of each placed instruction, and the
/// instructions whose debug records use each value. Invariant (the pass's duty): an
/// instruction taken out of a block that stays is [`Uses::forget`]ten, one put in a block is
/// placed ([`Uses::place`], [`LoopView::refresh`]), and a use made outside those is recorded
/// ([`Uses::add_user`]).
pub struct Uses {
    users: SecondaryMap<Value, Vec<Inst>>,
    dbg: SecondaryMap<Value, Vec<Inst>>,
    block_of: SecondaryMap<Inst, Option<Block>>,
    removed: EntitySet<Block>,
}

impl Uses {
    /// The uses of `body`.
    pub fn new(body: &Body) -> Uses {
        let mut u = Uses {
            users: SecondaryMap::from_elem(Vec::new(), body.values.len()),
            dbg: SecondaryMap::new(),
            block_of: SecondaryMap::from_elem(None, body.insts.len()),
            removed: EntitySet::new(),
        };
        for &b in &body.layout {
            u.place(body, b);
        }
        u
    }

    /// Records where the instructions of block `b` are and what they use.
    pub fn place(&mut self, body: &Body, b: Block) {
        for &i in body.blocks.get(b).map(|bd| bd.insts.as_slice()).unwrap_or(&[]) {
            self.block_of[i] = Some(b);
            let Some(d) = body.insts.get(i) else { continue };
            let users = &mut self.users;
            used_values(body, d, &mut |v| {
                let l = &mut users[v];
                if l.last() != Some(&i) {
                    l.push(i);
                }
            });
            if let Some(recs) = body.dbg_records.get(&i) {
                for r in recs {
                    for &a in &r.args {
                        md_values(body.md_ops.get(a), &mut |v| {
                            let l = &mut self.dbg[v];
                            if l.last() != Some(&i) {
                                l.push(i);
                            }
                        });
                    }
                }
            }
        }
    }

    /// Records that instruction `i` was put in block `b`, and what it uses.
    pub fn place_inst(&mut self, body: &Body, i: Inst, b: Block) {
        self.block_of[i] = Some(b);
        self.note(body, i);
    }

    /// The block of a placed instruction (`None` once its block was removed).
    pub fn block_of(&self, i: Inst) -> Option<Block> {
        self.block_of.get(i).copied().flatten().filter(|&b| !self.removed.contains(b))
    }

    /// Forgets an instruction taken out of its block.
    pub fn forget(&mut self, i: Inst) {
        if let Some(slot) = self.block_of.get_mut(i) {
            *slot = None;
        }
    }

    /// The instructions that use `v` now, each once, sorted.
    pub fn users(&self, body: &Body, v: Value) -> Vec<Inst> {
        let mut out: Vec<Inst> = self.users.get(v).cloned().unwrap_or_default();
        out.sort_unstable();
        out.dedup();
        out.retain(|&u| {
            if self.block_of(u).is_none() {
                return false;
            }
            let Some(d) = body.insts.get(u) else { return false };
            let mut hit = false;
            used_values(body, d, &mut |x| hit |= x == v);
            hit
        });
        out
    }

    /// The instructions whose debug records use `v` now, each once, sorted.
    pub fn dbg_users(&self, body: &Body, v: Value) -> Vec<Inst> {
        let mut out: Vec<Inst> = self.dbg.get(v).cloned().unwrap_or_default();
        out.sort_unstable();
        out.dedup();
        out.retain(|&u| {
            if self.block_of(u).is_none() {
                return false;
            }
            let Some(recs) = body.dbg_records.get(&u) else { return false };
            let mut hit = false;
            for r in recs {
                for &a in &r.args {
                    md_values(body.md_ops.get(a), &mut |x| hit |= x == v);
                }
            }
            hit
        });
        out
    }

    /// Records what `u` (placed, and still in its block) uses now, after its operands, metadata
    /// operands or debug records changed.
    pub fn note(&mut self, body: &Body, u: Inst) {
        let Some(d) = body.insts.get(u) else { return };
        let users = &mut self.users;
        used_values(body, d, &mut |v| users[v].push(u));
        if let Some(recs) = body.dbg_records.get(&u) {
            for r in recs {
                for &a in &r.args {
                    md_values(body.md_ops.get(a), &mut |v| self.dbg[v].push(u));
                }
            }
        }
    }

    /// Records that `u` now uses `v` (after an operand of `u` was set to `v`).
    pub fn add_user(&mut self, v: Value, u: Inst) {
        self.users[v].push(u);
    }

    /// Records that the debug records of `u` now use `v`.
    pub fn add_dbg_user(&mut self, v: Value, u: Inst) {
        self.dbg[v].push(u);
    }
}

/// The values a metadata operand wraps.
pub fn md_values(md: Option<&MdOperand>, f: &mut dyn FnMut(Value)) {
    match md {
        Some(MdOperand::Local(Operand::Value(v))) => f(*v),
        Some(MdOperand::ArgList(list)) => {
            for o in list.iter() {
                if let Operand::Value(v) = o {
                    f(*v);
                }
            }
        }
        _ => {}
    }
}

/// What a pass did to the loop it was offered.
pub enum Outcome {
    /// Nothing.
    Unchanged,
    /// The loop is gone (deleted, or unrolled into straight-line code).
    Gone,
    /// The loop changed and stays a loop; the headers of new loops, not to offer.
    Changed(Vec<Block>),
}

/// A loop pass's `run` on function `g`: loop-simplify's form first (its statistics), then
/// `pass` over the loops, its count of changes reported as `what`.
pub fn run_loop_pass(
    m: &mut Module,
    g: GlobalId,
    what: &'static str,
    pass: fn(&mut Module, &mut Body, GlobalId) -> u64,
) -> PassResult {
    with_body(m, g, |m, body| {
        let mut stats = simplify_loops(m, body, g).list();
        stats.push((what, pass(m, body, g)));
        PassResult::from_stats(stats)
    })
}

/// Offers each innermost loop (and each loop that becomes innermost when its inner loops go)
/// that has no block a loop pass cannot handle (`has_unsupported_blocks`) to `try_loop`, once
/// per header, in the order of the module doc. Returns the number of changes.
pub fn drive_innermost(
    m: &mut Module,
    body: &mut Body,
    g: GlobalId,
    mut try_loop: impl FnMut(&mut Module, &mut Body, &mut LoopView, &Loop) -> Outcome,
) -> u64 {
    let mut view = LoopView::new(m, g, body);
    let n = view.lf.loops().len();
    let mut live_children: Vec<usize> = view.lf.loops().iter().map(|l| l.children.len()).collect();
    let mut ready: BTreeSet<usize> = (0..n).filter(|&k| live_children[k] == 0).collect();
    let mut tried: HashSet<Block> = HashSet::default();
    let mut changes = 0;
    while let Some(id) = ready.pop_first() {
        let Some(forest_loop) = view.lf.get(id) else { continue };
        if tried.contains(&forest_loop.header) {
            continue;
        }
        // A loop whose inner loops went is offered with its blocks as they are now.
        let l = if forest_loop.children.is_empty() {
            forest_loop.clone()
        } else {
            match view.region(id) {
                Some(l) => l,
                None => continue,
            }
        };
        tried.insert(l.header);
        if has_unsupported_blocks(body, &l, &|b| view.is_taken(b)) {
            continue;
        }
        match try_loop(m, body, &mut view, &l) {
            Outcome::Unchanged => {}
            Outcome::Gone => {
                changes += 1;
                if let Some(p) = l.parent {
                    if let Some(c) = live_children.get_mut(p) {
                        *c = c.saturating_sub(1);
                        if *c == 0 {
                            ready.insert(p);
                        }
                    }
                }
            }
            Outcome::Changed(new) => {
                changes += 1;
                tried.extend(new);
            }
        }
    }
    view.finish(&mut m.consts, body);
    changes
}

/// Each loop's own blocks: those of no loop nested in it.
pub fn own_blocks(cfg: &Cfg, lf: &LoopForest) -> Vec<Vec<Block>> {
    let mut own: Vec<Vec<Block>> = vec![Vec::new(); lf.loops().len()];
    for b in cfg.blocks() {
        if let Some(o) = lf.innermost(b).and_then(|k| own.get_mut(k)) {
            o.push(b);
        }
    }
    own
}

/// For each loop of the forest (`own`: its own blocks): true when it has a block a loop pass
/// cannot handle (`has_unsupported_blocks`), its own or an inner loop's.
pub fn unsupported_loops(
    body: &Body,
    lf: &LoopForest,
    own: &[Vec<Block>],
    taken: &dyn Fn(Block) -> bool,
) -> Vec<bool> {
    let n = lf.loops().len();
    let mut bad: Vec<bool> = own
        .iter()
        .zip(lf.loops())
        .map(|(blocks, l)| {
            let just = Loop::new(l.header, blocks.clone(), Vec::new(), None, 0);
            has_unsupported_blocks(body, &just, taken)
        })
        .collect();
    // Inner loops come after the loops around them: fold them in from the last.
    for k in (0..n).rev() {
        if bad.get(k).copied().unwrap_or(false) {
            if let Some(p) = lf.get(k).and_then(|l| l.parent) {
                if let Some(f) = bad.get_mut(p) {
                    *f = true;
                }
            }
        }
    }
    bad
}

/// The exit blocks of every loop of the forest, each sorted by block id (as
/// `loop_info::exit_blocks` gives them): each edge is looked at once per loop it leaves.
pub fn exits_of_loops(cfg: &Cfg, lf: &LoopForest) -> Vec<Vec<Block>> {
    let mut out: Vec<Vec<Block>> = vec![Vec::new(); lf.loops().len()];
    for_each_exit_edge(cfg, lf, |k, _, _, b| {
        if let Some(x) = out.get_mut(k) {
            x.push(b);
        }
    });
    for x in &mut out {
        x.sort_unstable();
        x.dedup();
    }
    out
}

/// Calls `f(k, loop, a, b)` for every edge `a -> b` of the CFG and every loop `k` it leaves,
/// innermost first: each edge is looked at once per loop it leaves, and blocks in order.
pub fn for_each_exit_edge(
    cfg: &Cfg,
    lf: &LoopForest,
    mut f: impl FnMut(crate::analysis::LoopId, &Loop, Block, Block),
) {
    for a in cfg.blocks() {
        let Some(inner) = lf.innermost(a) else { continue };
        for &b in cfg.succs(a) {
            let mut up = Some(inner);
            while let Some(k) = up {
                let Some(l) = lf.get(k) else { break };
                if l.contains(b) {
                    break;
                }
                f(k, l, a, b);
                up = l.parent;
            }
        }
    }
}
