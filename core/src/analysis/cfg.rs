//! The control-flow graph of a function body: successors and predecessors of each block.
//!
//! Edges come from the terminators of the blocks in layout order, with duplicates kept (a
//! `switch` with two cases to one block gives two edges), as LLVM's `successors` and
//! `predecessors` do; PHI verification relies on that multiplicity.

use crate::ir::entity::SecondaryMap;
use crate::ir::{Block, Body};

/// Successor and predecessor lists of every block.
#[derive(Clone, Debug, Default)]
pub struct Cfg {
    succs: SecondaryMap<Block, Vec<Block>>,
    preds: SecondaryMap<Block, Vec<Block>>,
    in_layout: SecondaryMap<Block, bool>,
    entry: Option<Block>,
}

impl Cfg {
    /// Builds the graph from the terminators of the blocks in `body.layout`. Edges to blocks
    /// that are not in the layout are dropped.
    pub fn new(body: &Body) -> Cfg {
        let n = body.blocks.len();
        let mut in_layout = SecondaryMap::from_elem(false, n);
        for &b in &body.layout {
            if let Some(slot) = in_layout.get_mut(b) {
                *slot = true;
            }
        }
        let mut succs = SecondaryMap::from_elem(Vec::new(), n);
        let mut preds: SecondaryMap<Block, Vec<Block>> = SecondaryMap::from_elem(Vec::new(), n);
        for &b in &body.layout {
            let Some(bd) = body.blocks.get(b) else { continue };
            let Some(&last) = bd.insts.last() else { continue };
            let Some(data) = body.insts.get(last) else { continue };
            if !data.op.is_terminator() {
                continue;
            }
            let mut s = data.successors();
            s.retain(|&t| in_layout[t]);
            for &t in &s {
                preds[t].push(b);
            }
            succs[b] = s;
        }
        let entry = body.layout.first().copied().filter(|&b| body.blocks.is_valid(b));
        Cfg { succs, preds, in_layout, entry }
    }

    /// A graph given by its successor lists, node `i` being `Block::new(i)`: for analyses over
    /// derived graphs, such as post-dominance over the reversed CFG. Every node counts as in the
    /// layout; edges to nodes out of range are dropped, as is an out-of-range entry.
    pub(crate) fn from_succs(
        mut succs: SecondaryMap<Block, Vec<Block>>,
        entry: Option<Block>,
    ) -> Cfg {
        let mut preds: SecondaryMap<Block, Vec<Block>> =
            SecondaryMap::from_elem(Vec::new(), succs.len());
        let mut in_layout = SecondaryMap::from_elem(false, succs.len());
        for (b, s) in succs.iter_mut() {
            in_layout[b] = true;
            s.retain(|&t| preds.get(t).is_some());
            for &t in s.iter() {
                if let Some(p) = preds.get_mut(t) {
                    p.push(b);
                }
            }
        }
        let entry = entry.filter(|&b| in_layout[b]);
        Cfg { succs, preds, in_layout, entry }
    }

    /// The entry block.
    pub fn entry(&self) -> Option<Block> {
        self.entry
    }

    /// The number of blocks (the size of the block arena, layout or not).
    pub fn num_blocks(&self) -> usize {
        self.succs.len()
    }

    /// Every block of the arena (layout or not), in id order.
    pub fn blocks(&self) -> impl ExactSizeIterator<Item = Block> + DoubleEndedIterator {
        self.succs.keys()
    }

    /// True when `b` is in the function's layout.
    pub fn in_layout(&self, b: Block) -> bool {
        self.in_layout[b]
    }

    /// Successors of `b`, one per edge, in terminator order.
    pub fn succs(&self, b: Block) -> &[Block] {
        &self.succs[b]
    }

    /// Predecessors of `b`, one per edge, in layout order of the predecessor (for a graph built
    /// by [`Cfg::new`] and not edited since).
    pub fn preds(&self, b: Block) -> &[Block] {
        &self.preds[b]
    }

    /// Replaces the successors of `b` (one per edge, in terminator order), for a pass that
    /// edits a terminator and keeps the graph instead of building it again. Edges to blocks
    /// outside the layout are dropped. `b` leaves the predecessor lists of its old successors
    /// (one entry per edge that went) and goes at the end of those of its new ones.
    pub fn set_succs(&mut self, b: Block, mut succs: Vec<Block>) {
        succs.retain(|&t| self.in_layout[t]);
        let old = std::mem::take(&mut self.succs[b]);
        for t in old {
            if let Some(ps) = self.preds.get_mut(t) {
                if let Some(k) = ps.iter().position(|&x| x == b) {
                    ps.remove(k);
                }
            }
        }
        for &t in &succs {
            self.preds[t].push(b);
        }
        self.succs[b] = succs;
    }

    /// Puts a new block in the graph (without edges yet: add blocks before the edges to them).
    pub fn add_block(&mut self, b: Block) {
        self.in_layout[b] = true;
    }

    /// Takes `b` out of the graph (it left the layout): its edges go from its successors'
    /// predecessor lists, and edges to it are dropped from then on.
    pub fn remove_block(&mut self, b: Block) {
        self.set_succs(b, Vec::new());
        self.in_layout[b] = false;
    }
}
