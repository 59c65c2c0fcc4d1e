//! The control-flow graph of a function body: successors and predecessors of each block.
//!
//! Edges come from the terminators of the blocks in layout order, with duplicates kept (a
//! `switch` with two cases to one block gives two edges), as LLVM's `successors` and
//! `predecessors` do; PHI verification relies on that multiplicity.

use crate::ir::entity::EntityRef;
use crate::ir::{Block, Body};

/// Successor and predecessor lists of every block, indexed by block id.
#[derive(Clone, Debug, Default)]
pub struct Cfg {
    succs: Vec<Vec<Block>>,
    preds: Vec<Vec<Block>>,
    in_layout: Vec<bool>,
    entry: Option<Block>,
}

impl Cfg {
    /// Builds the graph from the terminators of the blocks in `body.layout`. Edges to blocks
    /// that are not in the layout are dropped.
    pub fn new(body: &Body) -> Cfg {
        let n = body.blocks.len();
        let mut in_layout = vec![false; n];
        for &b in &body.layout {
            if let Some(slot) = in_layout.get_mut(b.index()) {
                *slot = true;
            }
        }
        let mut succs = vec![Vec::new(); n];
        let mut preds = vec![Vec::new(); n];
        for &b in &body.layout {
            if b.index() >= n {
                continue;
            }
            let Some(&last) = body.blocks[b].insts.last() else { continue };
            let Some(data) = body.insts.get(last) else { continue };
            if !data.op.is_terminator() {
                continue;
            }
            let mut s = data.successors();
            s.retain(|t| in_layout.get(t.index()).copied().unwrap_or(false));
            for &t in &s {
                preds[t.index()].push(b);
            }
            succs[b.index()] = s;
        }
        let entry = body.layout.first().copied().filter(|b| b.index() < n);
        Cfg { succs, preds, in_layout, entry }
    }

    /// A graph given by its successor lists, node `i` being `Block::new(i)`: for analyses over
    /// derived graphs, such as post-dominance over the reversed CFG. Every node counts as in the
    /// layout; edges to nodes out of range are dropped, as is an out-of-range entry.
    pub(crate) fn from_succs(mut succs: Vec<Vec<Block>>, entry: Option<Block>) -> Cfg {
        let n = succs.len();
        let mut preds = vec![Vec::new(); n];
        for (i, s) in succs.iter_mut().enumerate() {
            s.retain(|t| t.index() < n);
            for t in s.iter() {
                if let Some(p) = preds.get_mut(t.index()) {
                    p.push(Block::new(i));
                }
            }
        }
        Cfg { succs, preds, in_layout: vec![true; n], entry: entry.filter(|b| b.index() < n) }
    }

    /// The entry block.
    pub fn entry(&self) -> Option<Block> {
        self.entry
    }

    /// The number of blocks (the size of the block arena, layout or not).
    pub fn num_blocks(&self) -> usize {
        self.succs.len()
    }

    /// True when `b` is in the function's layout.
    pub fn in_layout(&self, b: Block) -> bool {
        self.in_layout.get(b.index()).copied().unwrap_or(false)
    }

    /// Successors of `b`, one per edge, in terminator order.
    pub fn succs(&self, b: Block) -> &[Block] {
        self.succs.get(b.index()).map(|v| &v[..]).unwrap_or(&[])
    }

    /// Predecessors of `b`, one per edge, in layout order of the predecessor.
    pub fn preds(&self, b: Block) -> &[Block] {
        self.preds.get(b.index()).map(|v| &v[..]).unwrap_or(&[])
    }
}
