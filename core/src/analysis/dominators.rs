//! Dominator trees by the Cooper–Harvey–Kennedy iterative algorithm ("A Simple, Fast
//! Dominance Algorithm"), over the blocks reachable from the entry.
//!
//! After construction, `dominates(a, b)` is O(1): the tree is numbered by a depth-first walk
//! and `a` dominates `b` when `b`'s interval nests in `a`'s. Unreachable blocks have no
//! immediate dominator and, as in LLVM, are dominated by every block and dominate nothing but
//! themselves.

use super::cfg::Cfg;
use crate::ir::entity::EntityRef;
use crate::ir::Block;

const NONE: u32 = u32::MAX;

/// The dominator tree of one function.
#[derive(Clone, Debug, Default)]
pub struct DomTree {
    /// Immediate dominator of each block (the entry's is itself); `NONE` when unreachable.
    idom: Vec<u32>,
    /// Postorder number of each reachable block.
    po: Vec<u32>,
    /// Reachable blocks in reverse postorder (the entry first).
    rpo: Vec<Block>,
    /// Dominator-tree preorder entry and exit numbers.
    pre: Vec<u32>,
    post: Vec<u32>,
    /// Children in the dominator tree, flattened: `children[child_start[b]..child_start[b+1]]`.
    child_start: Vec<u32>,
    children: Vec<Block>,
}

impl DomTree {
    /// Computes the dominator tree of `cfg` (reachability from its entry block).
    pub fn new(cfg: &Cfg) -> DomTree {
        let n = cfg.num_blocks();
        let mut t = DomTree {
            idom: vec![NONE; n],
            po: vec![NONE; n],
            rpo: Vec::new(),
            pre: vec![NONE; n],
            post: vec![NONE; n],
            child_start: vec![0; n + 1],
            children: Vec::new(),
        };
        let Some(entry) = cfg.entry() else { return t };
        if entry.index() >= n {
            return t;
        }

        // Postorder by an iterative depth-first walk.
        let mut postorder: Vec<Block> = Vec::with_capacity(n);
        let mut visited = vec![false; n];
        let mut stack: Vec<(Block, usize)> = vec![(entry, 0)];
        visited[entry.index()] = true;
        while let Some(top) = stack.last_mut() {
            let (b, i) = *top;
            let succs = cfg.succs(b);
            if i < succs.len() {
                top.1 += 1;
                let s = succs[i];
                if !visited[s.index()] {
                    visited[s.index()] = true;
                    stack.push((s, 0));
                }
            } else {
                t.po[b.index()] = postorder.len() as u32;
                postorder.push(b);
                stack.pop();
            }
        }
        t.rpo = postorder.iter().rev().copied().collect();

        // The iterative fixpoint.
        t.idom[entry.index()] = entry.index() as u32;
        let mut changed = true;
        while changed {
            changed = false;
            for &b in t.rpo.iter().skip(1) {
                let mut new_idom = NONE;
                for &p in cfg.preds(b) {
                    if t.idom[p.index()] == NONE {
                        continue;
                    }
                    new_idom = if new_idom == NONE {
                        p.index() as u32
                    } else {
                        intersect(&t.idom, &t.po, p.index() as u32, new_idom)
                    };
                }
                if new_idom != NONE && t.idom[b.index()] != new_idom {
                    t.idom[b.index()] = new_idom;
                    changed = true;
                }
            }
        }

        // Children lists (counting sort by parent), then interval numbering.
        for &b in t.rpo.iter().skip(1) {
            t.child_start[t.idom[b.index()] as usize + 1] += 1;
        }
        for i in 0..n {
            t.child_start[i + 1] += t.child_start[i];
        }
        let mut fill: Vec<u32> = t.child_start[..n].to_vec();
        t.children = vec![entry; t.rpo.len().saturating_sub(1)];
        for &b in t.rpo.iter().skip(1) {
            let p = t.idom[b.index()] as usize;
            t.children[fill[p] as usize] = b;
            fill[p] += 1;
        }
        let mut clock = 0u32;
        let mut stack: Vec<(Block, u32)> = vec![(entry, 0)];
        t.pre[entry.index()] = clock;
        clock += 1;
        while let Some(top) = stack.last_mut() {
            let (b, i) = *top;
            let start = t.child_start[b.index()];
            let end = t.child_start[b.index() + 1];
            if start + i < end {
                top.1 += 1;
                let c = t.children[(start + i) as usize];
                t.pre[c.index()] = clock;
                clock += 1;
                stack.push((c, 0));
            } else {
                t.post[b.index()] = clock;
                clock += 1;
                stack.pop();
            }
        }
        t
    }

    /// True when `b` is reachable from the entry block.
    pub fn is_reachable(&self, b: Block) -> bool {
        self.idom.get(b.index()).is_some_and(|&d| d != NONE)
    }

    /// The immediate dominator of `b` (`None` for the entry and unreachable blocks).
    pub fn idom(&self, b: Block) -> Option<Block> {
        let d = *self.idom.get(b.index())?;
        (d != NONE && d as usize != b.index()).then(|| Block::new(d as usize))
    }

    /// True when `a` dominates `b`, with LLVM's conventions: every block dominates itself, an
    /// unreachable `b` is dominated by every block, and an unreachable `a` dominates nothing
    /// else.
    pub fn dominates(&self, a: Block, b: Block) -> bool {
        if a == b || !self.is_reachable(b) {
            return true;
        }
        if !self.is_reachable(a) {
            return false;
        }
        let (ai, bi) = (a.index(), b.index());
        self.pre[ai] <= self.pre[bi] && self.post[bi] <= self.post[ai]
    }

    /// True when `a` dominates `b` and `a != b`.
    pub fn strictly_dominates(&self, a: Block, b: Block) -> bool {
        a != b && self.dominates(a, b)
    }

    /// The reachable blocks in reverse postorder, the entry first.
    pub fn rpo(&self) -> &[Block] {
        &self.rpo
    }

    /// The children of `b` in the dominator tree.
    pub fn children(&self, b: Block) -> &[Block] {
        let i = b.index();
        if i + 1 >= self.child_start.len() {
            return &[];
        }
        &self.children[self.child_start[i] as usize..self.child_start[i + 1] as usize]
    }
}

fn intersect(idom: &[u32], po: &[u32], mut a: u32, mut b: u32) -> u32 {
    while a != b {
        while po[a as usize] < po[b as usize] {
            a = idom[a as usize];
        }
        while po[b as usize] < po[a as usize] {
            b = idom[b as usize];
        }
    }
    a
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::{BlockData, Body, Extra, InstData, Opcode, TypeId};

    /// Builds a body whose block `i` branches to `edges[i]`.
    fn body(edges: &[&[usize]]) -> Body {
        let mut b = Body::default();
        let blocks: Vec<Block> = edges
            .iter()
            .map(|_| b.blocks.push(BlockData { defined: true, ..Default::default() }))
            .collect();
        b.layout = blocks.clone();
        for (i, succ) in edges.iter().enumerate() {
            let mut d = if succ.is_empty() {
                InstData::new(Opcode::Ret, TypeId::VOID, vec![])
            } else {
                InstData::new(Opcode::Br, TypeId::VOID, vec![])
            };
            if !succ.is_empty() {
                d.extra = Extra::Br(succ.iter().map(|&s| blocks[s]).collect());
            }
            b.append(blocks[i], d, Default::default());
        }
        b
    }

    #[test]
    fn diamond_and_loop() {
        // 0 -> 1, 2; 1 -> 3; 2 -> 3; 3 -> 1 (loop), 4 unreachable -> 3.
        let b = body(&[&[1, 2], &[3], &[3], &[1], &[3]]);
        let cfg = Cfg::new(&b);
        let dt = DomTree::new(&cfg);
        let bb = |i| Block::new(i);
        assert_eq!(dt.idom(bb(1)), Some(bb(0)));
        assert_eq!(dt.idom(bb(3)), Some(bb(0)));
        assert!(dt.dominates(bb(0), bb(3)));
        assert!(!dt.dominates(bb(1), bb(3)));
        assert!(dt.dominates(bb(3), bb(3)));
        assert!(!dt.is_reachable(bb(4)));
        assert!(dt.dominates(bb(0), bb(4)) && dt.dominates(bb(2), bb(4)));
        assert!(!dt.dominates(bb(4), bb(3)));
        assert_eq!(dt.rpo()[0], bb(0));
        assert_eq!(cfg.preds(bb(3)).len(), 3);
    }

    #[test]
    fn chain() {
        let b = body(&[&[1], &[2], &[]]);
        let dt = DomTree::new(&Cfg::new(&b));
        assert!(dt.dominates(Block::new(1), Block::new(2)));
        assert!(dt.strictly_dominates(Block::new(0), Block::new(2)));
        assert_eq!(dt.children(Block::new(0)), &[Block::new(1)]);
    }
}
