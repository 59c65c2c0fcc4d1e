//! Natural loops and their nesting: back edges (an edge `t -> h` where `h` dominates `t`), one
//! loop per header with the bodies of all its back edges merged, and the loop forest.
//!
//! Only blocks reachable from the entry take part. A cycle without a header that dominates it
//! (an irreducible cycle, entered at more than one block) has no back edge and so is not a
//! natural loop: it is not reported, and its blocks have depth 0 unless a natural loop encloses
//! them. Two natural loops with different headers are either disjoint or nested, so the loops
//! form a forest.
//!
//! Loops are numbered in reverse postorder of their headers, so a loop comes after every loop
//! that encloses it; a [`LoopId`] is an index into [`LoopForest::loops`].

use super::cfg::Cfg;
use super::dominators::DomTree;
use crate::ir::entity::SecondaryMap;
use crate::ir::Block;

/// A loop's index in [`LoopForest::loops`].
pub type LoopId = usize;

const NONE: u32 = u32::MAX;

/// One natural loop.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Loop {
    /// The header: the only entry into the loop, dominating every block of it.
    pub header: Block,
    /// Every block of the loop (the header and those of nested loops included), by block id.
    pub blocks: Vec<Block>,
    /// The back edges `(latch, header)`, by latch id (a latch branching to the header twice
    /// gives one edge).
    pub back_edges: Vec<(Block, Block)>,
    /// The enclosing loop.
    pub parent: Option<LoopId>,
    /// The loops directly nested in this one, in id order.
    pub children: Vec<LoopId>,
    /// The nesting depth: 1 for an outermost loop.
    pub depth: u32,
}

impl Loop {
    /// True when `b` is one of the loop's blocks.
    pub fn contains(&self, b: Block) -> bool {
        self.blocks.binary_search(&b).is_ok()
    }

    /// The latches: the sources of the back edges.
    pub fn latches(&self) -> impl Iterator<Item = Block> + '_ {
        self.back_edges.iter().map(|&(l, _)| l)
    }
}

/// The natural loops of one function.
#[derive(Clone, Debug)]
pub struct LoopForest {
    loops: Vec<Loop>,
    /// The innermost loop of each block, `NONE` outside loops.
    innermost: SecondaryMap<Block, u32>,
    /// All back edges, sorted.
    back_edges: Vec<(Block, Block)>,
}

impl Default for LoopForest {
    fn default() -> Self {
        LoopForest {
            loops: Vec::new(),
            innermost: SecondaryMap::with_default(NONE),
            back_edges: Vec::new(),
        }
    }
}

impl LoopForest {
    /// Finds the natural loops of `cfg`, given its dominator tree.
    pub fn new(cfg: &Cfg, dt: &DomTree) -> LoopForest {
        let n = cfg.num_blocks();
        // Back edges, grouped by header.
        let mut latches: SecondaryMap<Block, Vec<Block>> = SecondaryMap::from_elem(Vec::new(), n);
        let mut back_edges = Vec::new();
        for &t in dt.rpo() {
            for &h in cfg.succs(t) {
                if dt.is_reachable(h) && dt.dominates(h, t) {
                    if let Some(l) = latches.get_mut(h) {
                        l.push(t);
                    }
                    back_edges.push((t, h));
                }
            }
        }
        back_edges.sort_unstable();
        back_edges.dedup();

        let innermost = SecondaryMap::from_elem(NONE, n);
        let mut f = LoopForest { loops: Vec::new(), innermost, back_edges };
        // Which loop's walk has claimed each block (a stamp per loop, so no clearing).
        let mut stamp: SecondaryMap<Block, u32> = SecondaryMap::from_elem(NONE, n);
        let mut stack: Vec<Block> = Vec::new();
        for &h in dt.rpo() {
            let Some(ls) = latches.get_mut(h) else { continue };
            if ls.is_empty() {
                continue;
            }
            ls.sort_unstable();
            ls.dedup();
            let id = f.loops.len();
            let parent = f.innermost(h);
            let depth = parent.and_then(|p| f.loops.get(p)).map_or(1, |p| p.depth + 1);

            // The body: the header, then everything reaching a latch without passing it.
            let mut blocks = vec![h];
            if let Some(s) = stamp.get_mut(h) {
                *s = id as u32;
            }
            stack.extend(ls.iter().copied());
            while let Some(x) = stack.pop() {
                match stamp.get_mut(x) {
                    Some(s) if *s != id as u32 => *s = id as u32,
                    _ => continue,
                }
                blocks.push(x);
                stack.extend(cfg.preds(x).iter().copied().filter(|&p| dt.is_reachable(p)));
            }
            blocks.sort_unstable();
            for &b in &blocks {
                if let Some(slot) = f.innermost.get_mut(b) {
                    *slot = id as u32;
                }
            }
            let back_edges = ls.iter().map(|&l| (l, h)).collect();
            if let Some(p) = parent.and_then(|p| f.loops.get_mut(p)) {
                p.children.push(id);
            }
            f.loops.push(Loop {
                header: h,
                blocks,
                back_edges,
                parent,
                children: Vec::new(),
                depth,
            });
        }
        f
    }

    /// Every loop, enclosing loops before the loops they enclose.
    pub fn loops(&self) -> &[Loop] {
        &self.loops
    }

    /// The loop with this id.
    pub fn get(&self, id: LoopId) -> Option<&Loop> {
        self.loops.get(id)
    }

    /// The outermost loops, in id order.
    pub fn top_level(&self) -> impl Iterator<Item = LoopId> + '_ {
        self.loops.iter().enumerate().filter(|(_, l)| l.parent.is_none()).map(|(i, _)| i)
    }

    /// The innermost loop containing `b`, if any.
    pub fn innermost(&self, b: Block) -> Option<LoopId> {
        Some(self.innermost[b]).filter(|&l| l != NONE).map(|l| l as usize)
    }

    /// How many loops contain `b` (0 outside loops).
    pub fn loop_depth(&self, b: Block) -> u32 {
        self.innermost(b).and_then(|l| self.loops.get(l)).map_or(0, |l| l.depth)
    }

    /// The loop whose header is `b`, if `b` is a loop header.
    pub fn loop_of_header(&self, b: Block) -> Option<LoopId> {
        self.innermost(b).filter(|&l| self.loops.get(l).is_some_and(|l| l.header == b))
    }

    /// True when `from -> to` is a back edge (of a natural loop headed by `to`).
    pub fn is_back_edge(&self, from: Block, to: Block) -> bool {
        self.back_edges.binary_search(&(from, to)).is_ok()
    }

    /// Every back edge `(latch, header)`, sorted.
    pub fn back_edges(&self) -> &[(Block, Block)] {
        &self.back_edges
    }
}

#[cfg(test)]
mod tests {
    use super::super::test_util::{blocks, body, graphs, parse};
    use super::*;
    use crate::ir::entity::EntityRef;

    fn forest(src: &str, names: &[&str]) -> (LoopForest, Vec<Block>) {
        let m = parse(src);
        let f = body(&m, "f");
        let (cfg, dt) = graphs(f);
        (LoopForest::new(&cfg, &dt), blocks(&m, f, names))
    }

    #[test]
    fn single_loop() {
        let (lf, bb) = forest(
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
            &["entry", "h", "body", "exit"],
        );
        let [entry, h, bd, exit] = [bb[0], bb[1], bb[2], bb[3]];
        assert_eq!(lf.loops().len(), 1);
        let l = &lf.loops()[0];
        assert_eq!(l.header, h);
        assert_eq!(l.blocks, vec![h, bd]);
        assert_eq!(l.back_edges, vec![(bd, h)]);
        assert_eq!((l.parent, l.depth), (None, 1));
        assert_eq!(l.latches().collect::<Vec<_>>(), vec![bd]);
        assert!(lf.is_back_edge(bd, h) && !lf.is_back_edge(entry, h) && !lf.is_back_edge(h, bd));
        assert_eq!(lf.loop_depth(entry), 0);
        assert_eq!(lf.loop_depth(bd), 1);
        assert_eq!(lf.innermost(exit), None);
        assert_eq!(lf.innermost(h), Some(0));
        assert_eq!(lf.loop_of_header(h), Some(0));
        assert_eq!(lf.loop_of_header(bd), None);
    }

    #[test]
    fn nesting_and_merged_back_edges() {
        // outer: o -> i; inner loop i with two latches (a, b) and a `continue` edge to the outer
        // header from the inner body; a sibling loop s after the outer loop.
        let (lf, bb) = forest(
            "define void @f(i32 %x) {
             entry:
               br label %o
             o:
               br label %i
             i:
               switch i32 %x, label %a [ i32 1, label %b
                                         i32 2, label %olatch
                                         i32 3, label %s ]
             a:
               br label %i
             b:
               switch i32 %x, label %i [ i32 5, label %i ]
             olatch:
               br label %o
             s:
               br i1 true, label %s, label %exit
             exit:
               ret void
             }",
            &["entry", "o", "i", "a", "b", "olatch", "s", "exit"],
        );
        let [entry, o, i, a, b, olatch, s, exit] =
            [bb[0], bb[1], bb[2], bb[3], bb[4], bb[5], bb[6], bb[7]];
        let ls = lf.loops();
        assert_eq!(ls.len(), 3);
        let outer = lf.loop_of_header(o).expect("outer loop");
        let inner = lf.loop_of_header(i).expect("inner loop");
        let sib = lf.loop_of_header(s).expect("sibling loop");
        assert!(outer < inner);
        let mut want = vec![o, i, a, b, olatch];
        want.sort();
        assert_eq!(ls[outer].blocks, want);
        let mut want = vec![i, a, b];
        want.sort();
        assert_eq!(ls[inner].blocks, want);
        // b branches to i twice: one back edge.
        let mut want = vec![(a, i), (b, i)];
        want.sort();
        assert_eq!(ls[inner].back_edges, want);
        assert_eq!(ls[outer].back_edges, vec![(olatch, o)]);
        assert_eq!(ls[inner].parent, Some(outer));
        assert_eq!(ls[outer].children, vec![inner]);
        assert_eq!((ls[inner].depth, ls[outer].depth, ls[sib].depth), (2, 1, 1));
        assert_eq!(ls[sib].blocks, vec![s]);
        assert_eq!(ls[sib].back_edges, vec![(s, s)]);
        assert_eq!(lf.top_level().collect::<Vec<_>>(), vec![outer, sib]);
        assert_eq!(lf.loop_depth(a), 2);
        assert_eq!(lf.loop_depth(olatch), 1);
        assert_eq!(lf.loop_depth(s), 1);
        assert_eq!(lf.loop_depth(entry) + lf.loop_depth(exit), 0);
        assert_eq!(lf.innermost(b), Some(inner));
        assert_eq!(lf.innermost(olatch), Some(outer));
        assert!(ls[outer].contains(a) && !ls[inner].contains(olatch));
        assert_eq!(lf.back_edges().len(), 4);
    }

    #[test]
    fn irreducible_cycles_are_not_loops() {
        let (lf, bb) = forest(
            "define void @f(i1 %c) {
             entry:
               br i1 %c, label %a, label %b
             a:
               br i1 %c, label %b, label %exit
             b:
               br label %a
             exit:
               ret void
             }",
            &["entry", "a", "b", "exit"],
        );
        assert!(lf.loops().is_empty());
        assert!(lf.back_edges().is_empty());
        assert!(!lf.is_back_edge(bb[2], bb[1]) && !lf.is_back_edge(bb[1], bb[2]));
        assert!(bb.iter().all(|&b| lf.loop_depth(b) == 0 && lf.innermost(b).is_none()));
    }

    #[test]
    fn irreducible_cycle_inside_a_natural_loop() {
        let (lf, bb) = forest(
            "define void @f(i1 %c) {
             entry:
               br label %h
             h:
               br i1 %c, label %a, label %b
             a:
               br i1 %c, label %b, label %latch
             b:
               br i1 %c, label %a, label %exit
             latch:
               br label %h
             exit:
               ret void
             }",
            &["entry", "h", "a", "b", "latch", "exit"],
        );
        assert_eq!(lf.loops().len(), 1);
        let l = &lf.loops()[0];
        assert_eq!(l.header, bb[1]);
        // b reaches the latch through a without passing h, so it is in the body.
        assert_eq!(l.blocks, vec![bb[1], bb[2], bb[3], bb[4]]);
        assert_eq!(lf.loop_depth(bb[2]), 1);
        assert_eq!(lf.loop_depth(bb[5]), 0);
    }

    #[test]
    fn unreachable_cycles_and_unknown_blocks() {
        let (lf, bb) = forest(
            "define void @f() {
             entry:
               ret void
             d1:
               br label %d2
             d2:
               br label %d1
             }",
            &["entry", "d1", "d2"],
        );
        assert!(lf.loops().is_empty());
        assert_eq!(lf.loop_depth(bb[1]), 0);
        let far = Block::new(500);
        assert_eq!((lf.loop_depth(far), lf.innermost(far), lf.get(7)), (0, None, None));
        assert!(!lf.is_back_edge(far, far));
        let empty = LoopForest::new(&Cfg::new(&crate::ir::Body::default()), &DomTree::default());
        assert!(empty.loops().is_empty());
    }
}
