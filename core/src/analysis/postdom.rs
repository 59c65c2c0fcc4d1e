//! Post-dominator trees: the dominator tree of the reversed CFG, rooted at a virtual exit that
//! joins every block without successors (`ret`, `unreachable`, `resume`, `cleanupret` to the
//! caller, ...).
//!
//! Blocks that cannot reach any exit (infinite loops) would otherwise be missing from the tree.
//! As LLVM's post-dominator tree does, extra roots are added: for each such region, a depth-first
//! walk along successors from its first block in layout order picks the last block it reaches
//! (in a loop, usually the latch), and that block is joined to the virtual exit as if it
//! returned. Every block of the layout is then in the tree, reachable from the entry or not.
//! [`PostDomTree::exits`] lists the real exits, [`PostDomTree::roots`] those plus the added
//! roots.
//!
//! Conventions mirror [`DomTree`]: every block post-dominates itself; a block outside the layout
//! is post-dominated by every block and post-dominates only itself.

use super::cfg::Cfg;
use super::dominators::DomTree;
use crate::ir::entity::{EntityRef, SecondaryMap};
use crate::ir::Block;

/// The post-dominator tree of one function.
#[derive(Clone, Debug, Default)]
pub struct PostDomTree {
    /// The number of real blocks; node `n` of `tree` is the virtual exit.
    n: usize,
    /// The dominator tree of the reversed graph, entered at the virtual exit.
    tree: DomTree,
    /// The blocks joined to the virtual exit: the real exits first, then the added roots.
    roots: Vec<Block>,
    /// How many of `roots` are real exits.
    exits: usize,
}

impl PostDomTree {
    /// Computes the post-dominator tree of `cfg` (every block of the layout).
    pub fn new(cfg: &Cfg) -> PostDomTree {
        let n = cfg.num_blocks();
        let layout: Vec<Block> = cfg.blocks().filter(|&b| cfg.in_layout(b)).collect();
        let mut roots: Vec<Block> =
            layout.iter().copied().filter(|&b| cfg.succs(b).is_empty()).collect();
        let exits = roots.len();

        // Blocks that reach an exit, by a walk along predecessors.
        let mut marked = SecondaryMap::from_elem(false, n);
        let mut stack: Vec<Block> = Vec::new();
        for &r in &roots {
            mark_from(cfg, r, &mut marked, &mut stack);
        }
        // Regions that reach none: add the block furthest along a walk from the first block.
        let mut seen = SecondaryMap::from_elem(false, n);
        for &b in &layout {
            if marked.get(b).copied().unwrap_or(true) {
                continue;
            }
            let far = furthest(cfg, b, &marked, &mut seen);
            roots.push(far);
            mark_from(cfg, far, &mut marked, &mut stack);
        }

        // The reversed graph: block -> its predecessors, virtual exit -> roots.
        let exit = Block::new(n);
        let mut succs = SecondaryMap::from_elem(Vec::new(), n + 1);
        for b in cfg.blocks() {
            succs[b] = cfg.preds(b).to_vec();
        }
        succs[exit] = roots.clone();
        let rev = Cfg::from_succs(succs, Some(exit));
        PostDomTree { n, tree: DomTree::new(&rev), roots, exits }
    }

    fn is_block(&self, b: Block) -> bool {
        b.index() < self.n
    }

    /// True when `b` is in the tree (every block of the layout is).
    pub fn contains(&self, b: Block) -> bool {
        self.is_block(b) && self.tree.is_reachable(b)
    }

    /// The immediate post-dominator of `b`: `None` when it is the virtual exit (for the roots
    /// and for blocks whose paths to an exit share no block), and for blocks outside the layout.
    pub fn ipdom(&self, b: Block) -> Option<Block> {
        if !self.is_block(b) {
            return None;
        }
        self.tree.idom(b).filter(|d| self.is_block(*d))
    }

    /// True when `a` post-dominates `b`: every path from `b` to an exit (or to an added root)
    /// passes through `a`. Every block post-dominates itself.
    pub fn post_dominates(&self, a: Block, b: Block) -> bool {
        if a == b {
            return true;
        }
        if !self.is_block(a) || !self.is_block(b) {
            return !self.is_block(b);
        }
        self.tree.dominates(a, b)
    }

    /// True when `a` post-dominates `b` and `a != b`.
    pub fn strictly_post_dominates(&self, a: Block, b: Block) -> bool {
        a != b && self.post_dominates(a, b)
    }

    /// The children of `b` in the tree: the blocks whose immediate post-dominator is `b`.
    pub fn children(&self, b: Block) -> &[Block] {
        if !self.is_block(b) {
            return &[];
        }
        self.tree.children(b)
    }

    /// The blocks whose immediate post-dominator is the virtual exit: the tops of the forest.
    pub fn top_level(&self) -> &[Block] {
        self.tree.children(Block::new(self.n))
    }

    /// The blocks joined to the virtual exit: the real exits in layout order, then one block per
    /// region that cannot reach an exit.
    pub fn roots(&self) -> &[Block] {
        &self.roots
    }

    /// The real exits: the blocks without successors, in layout order.
    pub fn exits(&self) -> &[Block] {
        self.roots.get(..self.exits).unwrap_or(&[])
    }
}

/// Marks every unmarked block that reaches `from` along CFG edges (walking predecessors).
fn mark_from(
    cfg: &Cfg,
    from: Block,
    marked: &mut SecondaryMap<Block, bool>,
    stack: &mut Vec<Block>,
) {
    match marked.get_mut(from) {
        Some(m) if !*m => *m = true,
        _ => return,
    }
    stack.push(from);
    while let Some(b) = stack.pop() {
        for &p in cfg.preds(b) {
            if let Some(m) = marked.get_mut(p) {
                if !*m {
                    *m = true;
                    stack.push(p);
                }
            }
        }
    }
}

/// The last block a depth-first walk along successors from `start` reaches, among the blocks
/// not yet marked (which are all the walk can reach, since none of them reaches an exit).
fn furthest(
    cfg: &Cfg,
    start: Block,
    marked: &SecondaryMap<Block, bool>,
    seen: &mut SecondaryMap<Block, bool>,
) -> Block {
    let free = |b: Block| !marked.get(b).copied().unwrap_or(true);
    let mut last = start;
    let mut touched = vec![start];
    if let Some(s) = seen.get_mut(start) {
        *s = true;
    }
    let mut stack: Vec<(Block, usize)> = vec![(start, 0)];
    while let Some(top) = stack.last_mut() {
        let (b, i) = *top;
        match cfg.succs(b).get(i) {
            Some(&s) => {
                top.1 += 1;
                if free(s) {
                    if let Some(slot) = seen.get_mut(s) {
                        if !*slot {
                            *slot = true;
                            touched.push(s);
                            last = s;
                            stack.push((s, 0));
                        }
                    }
                }
            }
            None => {
                stack.pop();
            }
        }
    }
    for b in touched {
        if let Some(s) = seen.get_mut(b) {
            *s = false;
        }
    }
    last
}

#[cfg(test)]
mod tests {
    use super::super::test_util::{blocks, body, parse};
    use super::*;

    fn tree(src: &str) -> (crate::ir::Module, PostDomTree) {
        let m = parse(src);
        let pdt = PostDomTree::new(&Cfg::new(body(&m, "f")));
        (m, pdt)
    }

    #[test]
    fn diamond() {
        let (m, t) = tree(
            "define i32 @f(i1 %c) {
             entry:
               br i1 %c, label %a, label %b
             a:
               br label %join
             b:
               br label %join
             join:
               ret i32 0
             }",
        );
        let bb = blocks(&m, body(&m, "f"), &["entry", "a", "b", "join"]);
        let [entry, a, b, join] = [bb[0], bb[1], bb[2], bb[3]];
        assert_eq!(t.ipdom(entry), Some(join));
        assert_eq!(t.ipdom(a), Some(join));
        assert_eq!(t.ipdom(b), Some(join));
        assert_eq!(t.ipdom(join), None);
        assert!(t.post_dominates(join, entry) && t.post_dominates(join, a));
        assert!(!t.post_dominates(a, entry) && !t.post_dominates(entry, join));
        assert!(t.post_dominates(a, a) && !t.strictly_post_dominates(a, a));
        let mut kids = t.children(join).to_vec();
        kids.sort();
        assert_eq!(kids, vec![entry, a, b]);
        assert_eq!(t.roots(), &[join]);
        assert_eq!(t.exits(), &[join]);
        assert_eq!(t.top_level(), &[join]);
    }

    #[test]
    fn two_exits_meet_only_at_the_virtual_exit() {
        let (m, t) = tree(
            "define void @f(i1 %c) {
             entry:
               br i1 %c, label %a, label %b
             a:
               ret void
             b:
               unreachable
             }",
        );
        let bb = blocks(&m, body(&m, "f"), &["entry", "a", "b"]);
        assert_eq!(t.ipdom(bb[0]), None);
        assert!(!t.post_dominates(bb[1], bb[0]) && !t.post_dominates(bb[2], bb[0]));
        assert_eq!(t.roots(), &[bb[1], bb[2]]);
        let mut top = t.top_level().to_vec();
        top.sort();
        assert_eq!(top, bb);
    }

    #[test]
    fn loop_with_exit() {
        let (m, t) = tree(
            "define void @f(i1 %c) {
             entry:
               br label %h
             h:
               br i1 %c, label %body, label %exit
             body:
               br label %h
             exit:
               ret void
             }",
        );
        let bb = blocks(&m, body(&m, "f"), &["entry", "h", "body", "exit"]);
        assert_eq!(t.ipdom(bb[0]), Some(bb[1]));
        assert_eq!(t.ipdom(bb[2]), Some(bb[1]));
        assert_eq!(t.ipdom(bb[1]), Some(bb[3]));
        assert!(t.post_dominates(bb[3], bb[2]));
        assert!(!t.post_dominates(bb[2], bb[1]));
        assert_eq!(t.exits(), t.roots());
    }

    #[test]
    fn infinite_loops_get_added_roots() {
        let (m, t) = tree(
            "define void @f(i1 %c) {
             entry:
               br i1 %c, label %spin, label %a
             spin:
               br label %spin
             a:
               br label %b
             b:
               br label %a
             done:
               ret void
             }",
        );
        let bb = blocks(&m, body(&m, "f"), &["entry", "spin", "a", "b", "done"]);
        let [entry, spin, a, b, done] = [bb[0], bb[1], bb[2], bb[3], bb[4]];
        // `done` is unreachable from the entry but still a real exit.
        assert_eq!(t.exits(), &[done]);
        // `entry` reaches no exit: the walk from it ends in `b` (the loop's latch), then `spin`
        // is left for a root of its own.
        assert_eq!(t.roots(), &[done, b, spin]);
        assert_eq!(t.ipdom(a), Some(b));
        assert_eq!(t.ipdom(b), None);
        assert_eq!(t.ipdom(spin), None);
        assert_eq!(t.ipdom(entry), None);
        assert!(t.post_dominates(b, a) && !t.post_dominates(a, b));
        assert!(bb.iter().all(|&x| t.contains(x)));
    }

    #[test]
    fn out_of_range_blocks_do_not_panic() {
        let (m, t) = tree("define void @f() {\nentry:\n  ret void\n}");
        let entry = blocks(&m, body(&m, "f"), &["entry"])[0];
        let far = Block::new(1000);
        let virt = Block::new(1);
        assert_eq!(t.ipdom(far), None);
        assert_eq!(t.ipdom(virt), None);
        assert!(t.children(far).is_empty() && t.children(virt).is_empty());
        assert!(t.post_dominates(entry, far) && !t.post_dominates(far, entry));
        assert!(!t.contains(far) && !t.contains(virt));
        let empty = PostDomTree::new(&Cfg::new(&crate::ir::Body::default()));
        assert!(empty.roots().is_empty() && empty.top_level().is_empty());
    }
}
