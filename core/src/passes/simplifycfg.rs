//! `simplifycfg`: a sound subset of LLVM's CFG simplification, repeated until nothing changes.
//!
//! 1. Constant terminators: `br i1 true/false` and `switch` on a constant become `br label`;
//!    a conditional `br` whose two targets are one block becomes unconditional. Phi entries of
//!    the edges that went away are removed.
//! 2. Branches on `undef` or `poison` (`br i1 undef`, `switch i32 poison`): the LangRef makes
//!    them undefined behaviour, so any replacement is a refinement. We replace the terminator by
//!    `unreachable` (LLVM's simplifycfg leaves a branch on a constant `undef` alone and turns
//!    branches on poison into `unreachable` only in some patterns), which keeps the undefined
//!    behaviour visible to `irplay run` instead of silently picking a side.
//! 3. Blocks unreachable from the entry are removed, with the phi entries they fed. Blocks whose
//!    address is taken (`blockaddress`) stay, with every block they reach.
//! 4. A block whose only predecessor ends in `br label %it` (and has no other successor) is
//!    merged into that predecessor; its phis (one entry each) are replaced by their values.
//! 5. A block holding only `br label %succ` is bypassed: its predecessors (ending in `br` or
//!    `switch`) jump to `succ` directly, and `succ`'s phis take the block's entry for each new
//!    edge. Skipped when `succ` has a phi that already receives a different value from one of
//!    those predecessors.
//!
//! 6. If-conversion: the phis at the join of a small `if` or `if/else` whose conditional blocks
//!    only compute values that are safe to compute on any path become `select`s
//!    (`simplifycfg_select.rs`, LLVM's `FoldTwoEntryPHINode`).
//!
//! Not done (yet): hoisting and sinking of common code, speculation into joins with more than
//! two predecessors, switch-to-lookup-table, merging of returns, anything using `invoke`,
//! `callbr` or `indirectbr` edges.

use super::edit::{
    address_taken_blocks, phis, remove_blocks, rename_phi_incoming, replace_chained, set_branch,
    set_unreachable,
};
use super::simplifycfg_select::fold_two_entry_phis;
use super::{with_body, PassResult};
use crate::analysis::Cfg;
use crate::ir::SecondaryMap;
use crate::ir::{Block, Body, ConstKind, Extra, GlobalId, Inst, Module, Opcode, Operand, Value};
use rustc_hash::FxHashMap as HashMap;
use std::collections::VecDeque;

/// How many rounds at most (each round does every simplification once).
const MAX_ROUNDS: usize = 64;

#[derive(Default)]
struct Stats {
    folded: u64,
    to_unreachable: u64,
    unreachable_removed: u64,
    merged: u64,
    bypassed: u64,
    selects: u64,
}

/// Runs `simplifycfg` on one function.
pub fn run(m: &mut Module, g: GlobalId) -> PassResult {
    with_body(m, g, |m, body| {
        let taken = address_taken_blocks(&m.consts, g, body.blocks.len());
        let is_taken = |b: Block| taken.contains(b);
        let mut st = Stats::default();
        for _ in 0..MAX_ROUNDS {
            let mut changed = fold_terminators(m, body, &mut st);
            changed |= remove_unreachable(m, body, &is_taken, &mut st);
            changed |= merge_into_predecessors(body, &is_taken, &mut st);
            changed |= bypass_empty_blocks(body, &is_taken, &mut st);
            let selects = fold_two_entry_phis(m, body, &is_taken);
            st.selects += selects;
            changed |= selects > 0;
            if !changed {
                break;
            }
        }
        PassResult::from_stats(vec![
            ("constant branches folded", st.folded),
            ("branches on undef/poison made unreachable", st.to_unreachable),
            ("unreachable blocks removed", st.unreachable_removed),
            ("blocks merged into their predecessor", st.merged),
            ("empty blocks bypassed", st.bypassed),
            ("joins folded into selects", st.selects),
        ])
    })
}

/// What a constant condition selects.
enum Pick {
    /// The successor at this index of the terminator's successor list.
    Succ(usize),
    /// Undefined behaviour: the condition is `undef` or `poison`.
    Ub,
}

fn fold_terminators(m: &mut Module, body: &mut Body, st: &mut Stats) -> bool {
    let mut changed = false;
    for b in body.layout.clone() {
        let Some(term) = body.terminator(b) else { continue };
        let Some(d) = body.insts.get(term) else { continue };
        let pick = match (&d.extra, d.op) {
            (Extra::Br(targets), Opcode::Br) if targets.len() == 2 => {
                let (Some(&t), Some(&f)) = (targets.first(), targets.get(1)) else { continue };
                match d.args.first().copied() {
                    _ if t == f => Some(Pick::Succ(0)),
                    Some(Operand::Const(c)) if m.consts.is_valid(c) => match m.consts.kind(c) {
                        ConstKind::Int(v) => Some(Pick::Succ(if v.is_zero() { 1 } else { 0 })),
                        ConstKind::Zero => Some(Pick::Succ(1)),
                        ConstKind::Undef | ConstKind::Poison => Some(Pick::Ub),
                        _ => None,
                    },
                    _ => None,
                }
            }
            (Extra::Switch { cases, .. }, Opcode::Switch) => match d.args.first().copied() {
                Some(Operand::Const(c)) if m.consts.is_valid(c) => match m.consts.kind(c) {
                    ConstKind::Int(v) => {
                        let hit = cases.iter().position(|(k, _)| {
                            m.consts.is_valid(*k)
                                && matches!(m.consts.kind(*k), ConstKind::Int(kv) if kv == v)
                        });
                        Some(Pick::Succ(hit.map_or(0, |i| i + 1)))
                    }
                    ConstKind::Undef | ConstKind::Poison => Some(Pick::Ub),
                    _ => None,
                },
                _ => None,
            },
            _ => None,
        };
        match pick {
            Some(Pick::Succ(i)) => {
                let Some(&target) = d.successors().get(i) else { continue };
                if set_branch(body, b, target) {
                    st.folded += 1;
                    changed = true;
                }
            }
            Some(Pick::Ub) if set_unreachable(body, b) => {
                st.to_unreachable += 1;
                changed = true;
            }
            Some(Pick::Ub) => {}
            None => {}
        }
    }
    changed
}

fn remove_unreachable(
    m: &mut Module,
    body: &mut Body,
    is_taken: &dyn Fn(Block) -> bool,
    st: &mut Stats,
) -> bool {
    // Address-taken blocks stay, and so does everything they reach.
    let roots: Vec<Block> =
        body.layout.iter().copied().filter(|&b| Some(b) == body.entry() || is_taken(b)).collect();
    let live = super::edit::reachable_from(body, &roots);
    let n = remove_blocks(&mut m.consts, body, &|b| !live.contains(b));
    st.unreachable_removed += n as u64;
    n > 0
}

/// True when `b`'s terminator is `br label %x` (unconditional).
fn is_uncond_br(body: &Body, b: Block) -> bool {
    body.terminator(b)
        .and_then(|t| body.insts.get(t))
        .is_some_and(|d| d.op == Opcode::Br && matches!(&d.extra, Extra::Br(t) if t.len() == 1))
}

/// Merges every block whose only predecessor ends in `br label` to it into that predecessor, in
/// one sweep over the layout: the predecessor lists are kept up to date as blocks merge, so a
/// chain of any length folds into its head without rebuilding the CFG.
fn merge_into_predecessors(
    body: &mut Body,
    is_taken: &dyn Fn(Block) -> bool,
    st: &mut Stats,
) -> bool {
    let mut sw = Sweep::new(body);
    // The phis of merged blocks (one entry each) stand for their incoming values: the uses are
    // replaced once, after the sweep.
    let mut repl: SecondaryMap<Value, Option<Operand>> =
        SecondaryMap::from_elem(None, body.values.len());
    let mut any_phi = false;
    for b in sw.candidates(body, is_taken) {
        let p = match sw.preds.get(b).map(Vec::as_slice) {
            Some(&[p]) => p,
            _ => continue,
        };
        if p == b || !is_uncond_br(body, p) {
            continue;
        }
        let succs = body.successors(b);
        any_phi |= merge(body, p, b, &mut repl);
        // `b`'s out-edges now leave `p`.
        for s in succs {
            if let Some(ps) = sw.preds.get_mut(s) {
                for x in ps.iter_mut().filter(|x| **x == b) {
                    *x = p;
                }
            }
        }
        sw.remove(b);
        st.merged += 1;
    }
    if any_phi {
        replace_chained(body, &repl);
    }
    sw.finish(body)
}

/// A sweep over the blocks that removes some: predecessor lists (one entry per edge) kept up to
/// date by the caller, and the removed blocks, taken out of the layout at the end.
struct Sweep {
    preds: SecondaryMap<Block, Vec<Block>>,
    gone: SecondaryMap<Block, bool>,
}

impl Sweep {
    fn new(body: &Body) -> Sweep {
        let cfg = Cfg::new(body);
        let n = body.blocks.len();
        Sweep {
            preds: cfg.blocks().map(|b| cfg.preds(b).to_vec()).collect(),
            gone: SecondaryMap::from_elem(false, n),
        }
    }

    /// The blocks to visit, in layout order: all but the entry and address-taken blocks.
    fn candidates(&self, body: &Body, is_taken: &dyn Fn(Block) -> bool) -> Vec<Block> {
        let entry = body.entry();
        body.layout.iter().copied().filter(|&b| Some(b) != entry && !is_taken(b)).collect()
    }

    fn remove(&mut self, b: Block) {
        if let Some(slot) = self.gone.get_mut(b) {
            *slot = true;
        }
    }

    /// Takes the removed blocks out of the layout; true when there were some.
    fn finish(self, body: &mut Body) -> bool {
        let changed = self.gone.values().any(|&g| g);
        if changed {
            body.layout.retain(|&x| !self.gone.get(x).copied().unwrap_or(false));
        }
        changed
    }
}

/// Merges `b` into its single predecessor `p`, which ends in `br label %b` (the caller takes `b`
/// out of the layout). `b`'s phis (one entry each, from `p`) go: each stands for its incoming
/// value in `repl`, for the caller to replace; their debug records move to the first
/// instruction that stays, as [`super::edit::remove_insts`] would move them. Returns true when
/// `b` had phis.
fn merge(
    body: &mut Body,
    p: Block,
    b: Block,
    repl: &mut SecondaryMap<Value, Option<Operand>>,
) -> bool {
    let b_phis = phis(body, b);
    let mut pending = Vec::new();
    for &phi in &b_phis {
        let Some(d) = body.insts.get(phi) else { continue };
        if let (Some(v), Some(&incoming)) = (d.result, d.args.first()) {
            repl[v] = Some(incoming);
        }
        if let Some(recs) = body.dbg_records.remove(&phi) {
            pending.extend(recs);
        }
    }
    // Drop `p`'s branch; its debug records go to the first moved instruction.
    let Some(br) = body.terminator(p) else { return !b_phis.is_empty() };
    let mut moved =
        body.blocks.get_mut(b).map(|bd| std::mem::take(&mut bd.insts)).unwrap_or_default();
    moved.drain(..b_phis.len().min(moved.len()));
    if let (false, Some(&first)) = (pending.is_empty(), moved.first()) {
        if let Some(own) = body.dbg_records.remove(&first) {
            pending.extend(own);
        }
        body.dbg_records.insert(first, pending);
    }
    if let (Some(recs), Some(&first)) = (body.dbg_records.remove(&br), moved.first()) {
        let mut all = recs;
        if let Some(own) = body.dbg_records.remove(&first) {
            all.extend(own);
        }
        body.dbg_records.insert(first, all);
    }
    if let Some(pd) = body.blocks.get_mut(p) {
        pd.insts.pop();
        pd.insts.extend(moved);
    }
    for s in body.successors(p) {
        rename_phi_incoming(body, s, b, p);
    }
    !b_phis.is_empty()
}

/// Makes the predecessors of every empty block (`br label %s` alone) jump to `s` directly, in one
/// sweep over the layout with predecessor lists and an index of the edited phis kept up to date
/// (a join with thousands of empty predecessors costs one pass over its phis, not one per
/// predecessor).
fn bypass_empty_blocks(body: &mut Body, is_taken: &dyn Fn(Block) -> bool, st: &mut Stats) -> bool {
    let mut sw = Sweep::new(body);
    // Edges `p -> s` by count; the predecessor lists keep bypassed blocks, skipped on reading.
    let mut edges: HashMap<(Block, Block), u32> = HashMap::default();
    for (s, ps) in sw.preds.iter() {
        for &p in ps {
            *edges.entry((p, s)).or_insert(0) += 1;
        }
    }
    let mut index = PhiIndex::default();
    for b in sw.candidates(body, is_taken) {
        let Some(s) = lone_branch_target(body, b) else { continue };
        if s == b {
            continue;
        }
        let gone = &sw.gone;
        let pb: Vec<Block> = sw
            .preds
            .get(b)
            .map(|ps| {
                ps.iter().copied().filter(|&x| !gone.get(x).copied().unwrap_or(false)).collect()
            })
            .unwrap_or_default();
        if pb.is_empty() || !can_bypass(body, &mut index, &edges, &pb, b, s) {
            continue;
        }
        bypass(body, &mut index, &pb, b, s);
        if let Some(ps) = sw.preds.get_mut(b) {
            ps.clear();
        }
        if let Some(ps) = sw.preds.get_mut(s) {
            ps.extend_from_slice(&pb);
        }
        edges.remove(&(b, s));
        for &p in &pb {
            if let Some(k) = edges.remove(&(p, b)) {
                *edges.entry((p, s)).or_insert(0) += k;
            }
        }
        sw.remove(b);
        st.bypassed += 1;
    }
    index.finish(body);
    sw.finish(body)
}

/// The entries of the phis a sweep edits, kept outside the phis until the sweep ends: each
/// entry stays in its place until removed (the first entry of a block goes first), new ones
/// go at the end, as editing the phi in place would leave them.
#[derive(Default)]
struct PhiIndex {
    phis: HashMap<Inst, IndexedPhi>,
}

struct IndexedPhi {
    entries: Vec<Option<(Block, Operand)>>,
    /// The live entries of each block, by position (ascending).
    of: HashMap<Block, VecDeque<usize>>,
}

impl PhiIndex {
    fn get(&mut self, body: &Body, phi: Inst) -> Option<&mut IndexedPhi> {
        match self.phis.entry(phi) {
            std::collections::hash_map::Entry::Occupied(e) => Some(e.into_mut()),
            std::collections::hash_map::Entry::Vacant(e) => {
                let d = body.insts.get(phi)?;
                let Extra::Phi(blocks) = &d.extra else { return None };
                let mut ip = IndexedPhi { entries: Vec::new(), of: HashMap::default() };
                for (b, &a) in blocks.iter().zip(d.args.iter()) {
                    ip.push(*b, a);
                }
                Some(e.insert(ip))
            }
        }
    }

    /// Writes the edited phis back.
    fn finish(self, body: &mut Body) {
        for (phi, ip) in self.phis {
            let Some(d) = body.insts.get_mut(phi) else { continue };
            let live: Vec<(Block, Operand)> = ip.entries.into_iter().flatten().collect();
            d.args = live.iter().map(|e| e.1).collect();
            d.extra = Extra::Phi(live.iter().map(|e| e.0).collect());
        }
    }
}

impl IndexedPhi {
    fn push(&mut self, b: Block, v: Operand) {
        self.of.entry(b).or_default().push_back(self.entries.len());
        self.entries.push(Some((b, v)));
    }

    /// The value of the first entry of `b`.
    fn value(&self, b: Block) -> Option<Operand> {
        let &k = self.of.get(&b)?.front()?;
        self.entries.get(k).copied().flatten().map(|e| e.1)
    }

    /// Removes the first entry of `b`; returns its value.
    fn remove_first(&mut self, b: Block) -> Option<Operand> {
        let k = self.of.get_mut(&b)?.pop_front()?;
        self.entries.get_mut(k)?.take().map(|e| e.1)
    }
}

/// The target of `b` when `b` holds nothing but `br label %target`.
fn lone_branch_target(body: &Body, b: Block) -> Option<Block> {
    let bd = body.blocks.get(b)?;
    let [only] = bd.insts[..] else { return None };
    let d = body.insts.get(only)?;
    let Extra::Br(t) = &d.extra else { return None };
    let [s] = t[..] else { return None };
    Some(s)
}

/// True when every predecessor of `b` ends in `br` or `switch`, and `s`'s phis do not already
/// receive a different value from a predecessor of `b`.
fn can_bypass(
    body: &Body,
    index: &mut PhiIndex,
    edges: &HashMap<(Block, Block), u32>,
    preds: &[Block],
    b: Block,
    s: Block,
) -> bool {
    let term_ok = preds.iter().all(|&p| {
        body.terminator(p)
            .and_then(|t| body.insts.get(t))
            .is_some_and(|d| matches!(d.op, Opcode::Br | Opcode::Switch))
    });
    if !term_ok {
        return false;
    }
    let shared: Vec<Block> =
        preds.iter().copied().filter(|&p| edges.get(&(p, s)).is_some_and(|&k| k > 0)).collect();
    if shared.is_empty() {
        return true;
    }
    for phi in phis(body, s) {
        let Some(ip) = index.get(body, phi) else { return false };
        let from_b = ip.value(b);
        if shared.iter().any(|&p| ip.value(p) != from_b) {
            return false;
        }
    }
    true
}

/// Makes the predecessors of the empty block `b` (`preds`, one per edge) jump to its successor
/// `s` directly (the caller takes `b` out of the layout).
fn bypass(body: &mut Body, index: &mut PhiIndex, preds: &[Block], b: Block, s: Block) {
    for phi in phis(body, s) {
        let Some(ip) = index.get(body, phi) else { continue };
        let Some(v) = ip.remove_first(b) else { continue };
        for &p in preds {
            ip.push(p, v);
        }
    }
    for &p in preds {
        let Some(t) = body.terminator(p) else { continue };
        if let Some(d) = body.insts.get_mut(t) {
            for slot in d.blocks_mut() {
                if *slot == b {
                    *slot = s;
                }
            }
        }
    }
    // The block's `br` goes with it, and so do its debug records.
    for i in body.blocks.get(b).map(|bd| bd.insts.clone()).unwrap_or_default() {
        body.dbg_records.remove(&i);
    }
}
