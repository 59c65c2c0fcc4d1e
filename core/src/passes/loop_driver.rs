//! The driver the loop passes share: it offers the loops of the current analyses (CFG,
//! dominators, loop forest, address-taken blocks) to the pass one at a time, and recomputes the
//! analyses only after the pass changed the function, not after every loop it looked at.

use super::edit::address_taken_blocks;
use super::loop_edit::has_unsupported_blocks;
use super::loop_simplify::simplify_loops;
use super::{with_body, PassResult};
use crate::analysis::{Cfg, DomTree, Loop, LoopForest};
use crate::ir::entity::EntitySet;
use crate::ir::{Block, Body, GlobalId, Module};
use rustc_hash::FxHashSet as HashSet;

/// The analyses of a function as the loop pass sees them.
pub struct LoopView {
    /// The control-flow graph.
    pub cfg: Cfg,
    /// The dominator tree.
    pub dt: DomTree,
    /// The natural loops.
    pub lf: LoopForest,
    taken: EntitySet<Block>,
}

impl LoopView {
    /// The analyses of `body`, the body of function `g`.
    pub fn new(m: &Module, g: GlobalId, body: &Body) -> LoopView {
        let taken = address_taken_blocks(&m.consts, g, body.blocks.len());
        let cfg = Cfg::new(body);
        let dt = DomTree::new(&cfg);
        let lf = LoopForest::new(&cfg, &dt);
        LoopView { cfg, dt, lf, taken }
    }

    /// True when `b`'s address is taken (`blockaddress`).
    pub fn is_taken(&self, b: Block) -> bool {
        self.taken.contains(b)
    }
}

/// Which loops a pass works on, in what order.
#[derive(Copy, Clone, PartialEq, Eq)]
pub enum Order {
    /// Loops without inner loops, in the forest's order.
    Innermost,
    /// Every loop, deepest first (the forest's order among loops of equal depth).
    DeepestFirst,
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

/// Runs a loop pass over `body`: offers each loop of `order` whose header it has not offered
/// before, and that has no block a loop pass cannot handle (`has_unsupported_blocks`), to
/// `try_loop`, which returns `None` when it left the function unchanged, or the
/// headers of new loops not to offer (a rotated or vectorized copy) when it changed it; after a
/// change the analyses are recomputed. Ends when no loop is left to offer. Returns the number
/// of changes.
pub fn drive(
    m: &mut Module,
    body: &mut Body,
    g: GlobalId,
    order: Order,
    mut try_loop: impl FnMut(&mut Module, &mut Body, &LoopView, &Loop) -> Option<Vec<Block>>,
) -> u64 {
    let mut tried: HashSet<Block> = HashSet::default();
    let mut changes = 0;
    for _ in 0..body.blocks.len() + 8 {
        let view = LoopView::new(m, g, body);
        let mut loops: Vec<&Loop> =
            view.lf.loops().iter().filter(|l| !tried.contains(&l.header)).collect();
        match order {
            Order::Innermost => loops.retain(|l| l.children.is_empty()),
            Order::DeepestFirst => loops.sort_by_key(|l| std::cmp::Reverse(l.depth)),
        }
        let mut changed = false;
        for l in loops {
            tried.insert(l.header);
            if has_unsupported_blocks(body, l, &|b| view.is_taken(b)) {
                continue;
            }
            if let Some(new) = try_loop(m, body, &view, l) {
                tried.extend(new);
                changes += 1;
                changed = true;
                break;
            }
        }
        if !changed {
            break;
        }
    }
    changes
}
