//! Dominator trees by the Cooper–Harvey–Kennedy iterative algorithm ("A Simple, Fast
//! Dominance Algorithm"), over the blocks reachable from the entry.
//!
//! After construction, `dominates(a, b)` is O(1): the tree is numbered by a depth-first walk
//! and `a` dominates `b` when `b`'s interval nests in `a`'s. Unreachable blocks have no
//! immediate dominator and, as in LLVM, are dominated by every block and dominate nothing but
//! themselves.

use super::cfg::Cfg;
use crate::ir::entity::{EntityRef, EntitySet, SecondaryMap};
use crate::ir::Block;

const NONE: u32 = u32::MAX;
/// The immediate dominator of an unreachable block.
const NO_BLOCK: Block = Block::from_u32(u32::MAX);

/// The dominator tree of one function.
#[derive(Clone, Debug)]
pub struct DomTree {
    /// Immediate dominator of each block (the entry's is itself); `NO_BLOCK` when unreachable.
    idom: SecondaryMap<Block, Block>,
    /// Postorder number of each reachable block.
    po: SecondaryMap<Block, u32>,
    /// Reachable blocks in reverse postorder (the entry first).
    rpo: Vec<Block>,
    /// Dominator-tree preorder entry and exit numbers.
    pre: SecondaryMap<Block, u32>,
    post: SecondaryMap<Block, u32>,
    /// Children in the dominator tree, flattened: `children[child_start[b]..child_start[b+1]]`
    /// (offsets by block index, one more than the blocks).
    child_start: Vec<u32>,
    children: Vec<Block>,
}

impl Default for DomTree {
    fn default() -> Self {
        DomTree {
            idom: SecondaryMap::with_default(NO_BLOCK),
            po: SecondaryMap::with_default(NONE),
            rpo: Vec::new(),
            pre: SecondaryMap::with_default(NONE),
            post: SecondaryMap::with_default(NONE),
            child_start: Vec::new(),
            children: Vec::new(),
        }
    }
}

impl DomTree {
    /// Computes the dominator tree of `cfg` (reachability from its entry block).
    pub fn new(cfg: &Cfg) -> DomTree {
        let n = cfg.num_blocks();
        let mut t = DomTree {
            idom: SecondaryMap::from_elem(NO_BLOCK, n),
            po: SecondaryMap::from_elem(NONE, n),
            rpo: Vec::new(),
            pre: SecondaryMap::from_elem(NONE, n),
            post: SecondaryMap::from_elem(NONE, n),
            child_start: vec![0; n + 1],
            children: Vec::new(),
        };
        let Some(entry) = cfg.entry() else { return t };
        if t.idom.get(entry).is_none() {
            return t;
        }

        // Postorder by an iterative depth-first walk.
        let mut postorder: Vec<Block> = Vec::with_capacity(n);
        let mut visited: EntitySet<Block> = EntitySet::with_capacity(n);
        let mut stack: Vec<(Block, usize)> = vec![(entry, 0)];
        visited.insert(entry);
        while let Some(top) = stack.last_mut() {
            let (b, i) = *top;
            let succs = cfg.succs(b);
            if let Some(&s) = succs.get(i) {
                top.1 += 1;
                if visited.insert(s) {
                    stack.push((s, 0));
                }
            } else {
                t.po[b] = postorder.len() as u32;
                postorder.push(b);
                stack.pop();
            }
        }
        t.rpo = postorder.iter().rev().copied().collect();

        // The iterative fixpoint.
        t.idom[entry] = entry;
        let mut changed = true;
        while changed {
            changed = false;
            for &b in t.rpo.iter().skip(1) {
                let mut new_idom = NO_BLOCK;
                for &p in cfg.preds(b) {
                    if t.idom[p] == NO_BLOCK {
                        continue;
                    }
                    new_idom = if new_idom == NO_BLOCK {
                        p
                    } else {
                        intersect(&t.idom, &t.po, p, new_idom)
                    };
                }
                if new_idom != NO_BLOCK && t.idom[b] != new_idom {
                    t.idom[b] = new_idom;
                    changed = true;
                }
            }
        }

        // Children lists (counting sort by parent), then interval numbering.
        for &b in t.rpo.iter().skip(1) {
            if let Some(c) = t.child_start.get_mut(t.idom[b].index() + 1) {
                *c += 1;
            }
        }
        for i in 0..n {
            t.child_start[i + 1] += t.child_start[i];
        }
        let mut fill: Vec<u32> = t.child_start[..n].to_vec();
        t.children = vec![entry; t.rpo.len().saturating_sub(1)];
        for &b in t.rpo.iter().skip(1) {
            let p = t.idom[b].index();
            t.children[fill[p] as usize] = b;
            fill[p] += 1;
        }
        let mut clock = 0u32;
        let mut stack: Vec<(Block, u32)> = vec![(entry, 0)];
        t.pre[entry] = clock;
        clock += 1;
        while let Some(top) = stack.last_mut() {
            let (b, i) = *top;
            let kids = t.children(b);
            if let Some(&c) = kids.get(i as usize) {
                top.1 += 1;
                t.pre[c] = clock;
                clock += 1;
                stack.push((c, 0));
            } else {
                t.post[b] = clock;
                clock += 1;
                stack.pop();
            }
        }
        t
    }

    /// True when `b` is reachable from the entry block.
    pub fn is_reachable(&self, b: Block) -> bool {
        self.idom[b] != NO_BLOCK
    }

    /// The immediate dominator of `b` (`None` for the entry and unreachable blocks).
    pub fn idom(&self, b: Block) -> Option<Block> {
        let d = self.idom[b];
        (d != NO_BLOCK && d != b).then_some(d)
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
        self.pre[a] <= self.pre[b] && self.post[b] <= self.post[a]
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
        let (Some(&start), Some(&end)) = (self.child_start.get(i), self.child_start.get(i + 1))
        else {
            return &[];
        };
        self.children.get(start as usize..end as usize).unwrap_or(&[])
    }
}

fn intersect(
    idom: &SecondaryMap<Block, Block>,
    po: &SecondaryMap<Block, u32>,
    mut a: Block,
    mut b: Block,
) -> Block {
    while a != b {
        while po[a] < po[b] {
            a = idom[a];
        }
        while po[b] < po[a] {
            b = idom[b];
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
