//! Dominator trees by the Lengauer–Tarjan algorithm ("A Fast Algorithm for Finding Dominators
//! in a Flowgraph", TOPLAS 1979; the simple version, path compression without balancing:
//! O(m log n)), over the blocks reachable from the entry. (The iterative Cooper–Harvey–Kennedy
//! algorithm is simpler but quadratic on a block with thousands of predecessors at the end of a
//! long chain, such as the join of a long `if`/`else if` chain.)
//!
//! After construction, `dominates(a, b)` is O(1): the tree is numbered by a depth-first walk
//! and `a` dominates `b` when `b`'s interval nests in `a`'s. Unreachable blocks have no
//! immediate dominator and, as in LLVM, are dominated by every block and dominate nothing but
//! themselves.

use super::cfg::Cfg;
use crate::ir::entity::{EntityRef, SecondaryMap};
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

        // One depth-first walk gives the preorder (with each block's parent in the walk's
        // spanning tree) and the postorder.
        let mut postorder: Vec<Block> = Vec::with_capacity(n);
        let mut preorder: Vec<Block> = Vec::with_capacity(n);
        let mut parent: Vec<u32> = Vec::with_capacity(n);
        let mut dfnum: SecondaryMap<Block, u32> = SecondaryMap::from_elem(NONE, n);
        let mut stack: Vec<(Block, usize)> = vec![(entry, 0)];
        dfnum[entry] = 0;
        preorder.push(entry);
        parent.push(0);
        while let Some(top) = stack.last_mut() {
            let (b, i) = *top;
            let succs = cfg.succs(b);
            if let Some(&s) = succs.get(i) {
                top.1 += 1;
                if dfnum[s] == NONE {
                    dfnum[s] = preorder.len() as u32;
                    parent.push(dfnum[b]);
                    preorder.push(s);
                    stack.push((s, 0));
                }
            } else {
                t.po[b] = postorder.len() as u32;
                postorder.push(b);
                stack.pop();
            }
        }
        t.rpo = postorder.iter().rev().copied().collect();
        let idom = lengauer_tarjan(cfg, &preorder, &parent, &dfnum);
        for (k, &b) in preorder.iter().enumerate() {
            if let Some(&d) = idom.get(k).and_then(|&d| preorder.get(d as usize)) {
                t.idom[b] = d;
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

/// The immediate dominators by Lengauer–Tarjan, in preorder numbers: `preorder[k]` is the
/// `k`-th block of the depth-first walk from the entry (`preorder[0]`), `parent[k]` the number of
/// its parent in the walk, `dfnum` the number of each block (`NONE` when unreachable). Returns
/// the number of the immediate dominator of each number (the entry's is 0, itself).
fn lengauer_tarjan(
    cfg: &Cfg,
    preorder: &[Block],
    parent: &[u32],
    dfnum: &SecondaryMap<Block, u32>,
) -> Vec<u32> {
    let k = preorder.len();
    let mut semi: Vec<u32> = (0..k as u32).collect();
    let mut idom: Vec<u32> = vec![0; k];
    // The forest of processed vertices: `ancestor` (NONE at a root) and, per vertex, the vertex
    // of least semidominator on its compressed path.
    let mut ancestor: Vec<u32> = vec![NONE; k];
    let mut label: Vec<u32> = (0..k as u32).collect();
    // Vertices waiting for their semidominator's turn, as linked lists through `next`.
    let mut bucket: Vec<u32> = vec![NONE; k];
    let mut next: Vec<u32> = vec![NONE; k];
    let mut path: Vec<u32> = Vec::new();
    let mut eval = |v: u32, ancestor: &mut Vec<u32>, label: &mut Vec<u32>, semi: &[u32]| -> u32 {
        if ancestor[v as usize] == NONE {
            return v;
        }
        // Compress the path from `v` to just below its root, top-down.
        path.clear();
        let mut x = v;
        while ancestor[ancestor[x as usize] as usize] != NONE {
            path.push(x);
            x = ancestor[x as usize];
        }
        for &y in path.iter().rev() {
            let a = ancestor[y as usize] as usize;
            if semi[label[a] as usize] < semi[label[y as usize] as usize] {
                label[y as usize] = label[a];
            }
            ancestor[y as usize] = ancestor[a];
        }
        label[v as usize]
    };
    for w in (1..k).rev() {
        let Some(&bw) = preorder.get(w) else { continue };
        for &p in cfg.preds(bw) {
            let v = dfnum[p];
            if v == NONE {
                continue;
            }
            let u = eval(v, &mut ancestor, &mut label, &semi);
            if semi[u as usize] < semi[w] {
                semi[w] = semi[u as usize];
            }
        }
        let s = semi[w] as usize;
        next[w] = bucket[s];
        bucket[s] = w as u32;
        let pw = parent[w];
        ancestor[w] = pw;
        // Every vertex whose semidominator is the parent: its immediate dominator is the
        // parent, or that of a vertex on the path with a smaller semidominator (fixed below).
        let mut v = std::mem::replace(&mut bucket[pw as usize], NONE);
        while v != NONE {
            let u = eval(v, &mut ancestor, &mut label, &semi);
            idom[v as usize] = if semi[u as usize] < semi[v as usize] { u } else { pw };
            v = next[v as usize];
        }
    }
    for w in 1..k {
        if idom[w] != semi[w] {
            idom[w] = idom[idom[w] as usize];
        }
    }
    idom
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

    /// The dominators of each block by the definition (iterating "dominated by itself and by
    /// what dominates all its predecessors" from "everything" down to the fixpoint).
    fn dominator_sets(b: &Body) -> Vec<Vec<bool>> {
        let cfg = Cfg::new(b);
        let n = cfg.num_blocks();
        let dt = DomTree::new(&cfg);
        let reach: Vec<bool> = (0..n).map(|i| dt.is_reachable(Block::new(i))).collect();
        let mut dom = vec![vec![true; n]; n];
        dom[0] = (0..n).map(|i| i == 0).collect();
        let mut changed = true;
        while changed {
            changed = false;
            for i in 1..n {
                if !reach[i] {
                    continue;
                }
                let mut d = vec![true; n];
                for p in cfg.preds(Block::new(i)) {
                    if reach[p.index()] {
                        for (x, y) in d.iter_mut().zip(&dom[p.index()]) {
                            *x &= *y;
                        }
                    }
                }
                d[i] = true;
                if d != dom[i] {
                    dom[i] = d;
                    changed = true;
                }
            }
        }
        dom
    }

    #[test]
    fn random_graphs_match_the_definition() {
        let mut seed = 0x2545_f491_4f6c_dd1d_u64;
        let mut next = move |k: usize| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed % k as u64) as usize
        };
        for _ in 0..400 {
            let n = 2 + next(14);
            let edges: Vec<Vec<usize>> =
                (0..n).map(|_| (0..next(4)).map(|_| next(n)).collect()).collect();
            let refs: Vec<&[usize]> = edges.iter().map(Vec::as_slice).collect();
            let b = body(&refs);
            let dt = DomTree::new(&Cfg::new(&b));
            let sets = dominator_sets(&b);
            for (i, set) in sets.iter().enumerate() {
                let bi = Block::new(i);
                if !dt.is_reachable(bi) {
                    continue;
                }
                for (a, &want) in set.iter().enumerate() {
                    if dt.is_reachable(Block::new(a)) {
                        assert_eq!(
                            dt.dominates(Block::new(a), bi),
                            want,
                            "{a} dom {i} in {edges:?}"
                        );
                    }
                }
                // The immediate dominator is the strict dominator that every other one dominates.
                if let Some(d) = dt.idom(bi) {
                    assert!(set[d.index()] && d != bi);
                    assert!((0..n).all(|a| a == i || !set[a] || sets[d.index()][a]), "{edges:?}");
                }
            }
        }
    }
}
