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
//!
//! Cost: linear in the blocks and edges (plus a near-constant factor), however deep the
//! nesting, as LLVM's `LoopInfo` builds it: headers are taken innermost first, and the walk
//! backwards from an outer loop's latches steps over each inner loop found on the way, from
//! its header to the header's predecessors outside it, instead of walking its blocks again.
//! Each block is stored once: the blocks of a loop are one range of a shared array laid out
//! loop by loop (a loop's own blocks, then those of its inner loops), so [`Loop::contains`] is
//! a constant-time range test.

use super::cfg::Cfg;
use super::dominators::DomTree;
use crate::ir::entity::{EntityRef, SecondaryMap};
use crate::ir::Block;
use std::rc::Rc;

/// A loop's index in [`LoopForest::loops`].
pub type LoopId = usize;

const NONE: u32 = u32::MAX;

/// One natural loop.
#[derive(Clone, Debug)]
pub struct Loop {
    /// The header: the only entry into the loop, dominating every block of it.
    pub header: Block,
    /// The back edges `(latch, header)`, by latch id (a latch branching to the header twice
    /// gives one edge).
    pub back_edges: Vec<(Block, Block)>,
    /// The enclosing loop.
    pub parent: Option<LoopId>,
    /// The loops directly nested in this one, in id order.
    pub children: Vec<LoopId>,
    /// The nesting depth: 1 for an outermost loop.
    pub depth: u32,
    members: Members,
}

/// Where a loop's blocks are kept.
#[derive(Clone, Debug)]
enum Members {
    /// A range of the forest's shared block array.
    Range(Rc<BlockIndex>, u32, u32),
    /// A loop made on its own ([`Loop::new`]): its blocks, sorted by id.
    Sorted(Rc<[Block]>),
}

/// The blocks of every loop of a forest, laid out loop by loop, and each block's position.
#[derive(Debug)]
struct BlockIndex {
    order: Vec<Block>,
    pos: SecondaryMap<Block, u32>,
}

impl PartialEq for Loop {
    fn eq(&self, o: &Loop) -> bool {
        let sorted = |l: &Loop| {
            let mut v = l.blocks().to_vec();
            v.sort_unstable();
            v
        };
        self.header == o.header
            && self.back_edges == o.back_edges
            && self.parent == o.parent
            && self.children == o.children
            && self.depth == o.depth
            && sorted(self) == sorted(o)
    }
}

impl Eq for Loop {}

impl Loop {
    /// A loop with the given blocks (the header among them), outside any forest: for passes
    /// that keep their own account of the loops as they change them.
    pub fn new(
        header: Block,
        mut blocks: Vec<Block>,
        back_edges: Vec<(Block, Block)>,
        parent: Option<LoopId>,
        depth: u32,
    ) -> Loop {
        blocks.sort_unstable();
        blocks.dedup();
        Loop {
            header,
            back_edges,
            parent,
            children: Vec::new(),
            depth,
            members: Members::Sorted(blocks.into()),
        }
    }

    /// True when `b` is one of the loop's blocks.
    pub fn contains(&self, b: Block) -> bool {
        match &self.members {
            Members::Range(index, start, end) => {
                index.pos.get(b).is_some_and(|&p| p >= *start && p < *end)
            }
            Members::Sorted(blocks) => blocks.binary_search(&b).is_ok(),
        }
    }

    /// Every block of the loop, the header and those of nested loops included, in no
    /// particular order.
    pub fn blocks(&self) -> &[Block] {
        match &self.members {
            Members::Range(index, start, end) => {
                index.order.get(*start as usize..*end as usize).unwrap_or(&[])
            }
            Members::Sorted(blocks) => blocks,
        }
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

/// The root of `l` in the union-find forest `up` (loops already merged into enclosing ones),
/// compressing the path.
fn find(up: &mut [u32], l: u32) -> u32 {
    let mut r = l;
    while let Some(&u) = up.get(r as usize) {
        if u == NONE {
            break;
        }
        r = u;
    }
    let mut x = l;
    while x != r {
        let Some(slot) = up.get_mut(x as usize) else { break };
        let next = *slot;
        *slot = r;
        x = next;
    }
    r
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

        // Loops innermost first (headers in postorder), numbered in that order for now.
        let mut innermost: SecondaryMap<Block, u32> = SecondaryMap::from_elem(NONE, n);
        let mut headers: Vec<Block> = Vec::new();
        let mut parent: Vec<u32> = Vec::new();
        // Union-find over loops: the outermost loop found so far that encloses each.
        let mut up: Vec<u32> = Vec::new();
        let mut stack: Vec<Block> = Vec::new();
        for &h in dt.rpo().iter().rev() {
            let Some(ls) = latches.get_mut(h) else { continue };
            if ls.is_empty() {
                continue;
            }
            ls.sort_unstable();
            ls.dedup();
            let id = headers.len() as u32;
            headers.push(h);
            parent.push(NONE);
            up.push(NONE);
            innermost[h] = id;
            stack.extend(ls.iter().copied());
            while let Some(x) = stack.pop() {
                let inner = innermost[x];
                if inner == NONE {
                    // A block of this loop and of no inner one.
                    innermost[x] = id;
                    stack.extend(cfg.preds(x).iter().copied().filter(|&p| dt.is_reachable(p)));
                    continue;
                }
                let top = find(&mut up, inner);
                if top == id {
                    continue;
                }
                // An inner loop not met before: it nests here; go on from its entries.
                if let (Some(p), Some(u)) = (parent.get_mut(top as usize), up.get_mut(top as usize))
                {
                    *p = id;
                    *u = id;
                }
                let Some(&sub) = headers.get(top as usize) else { continue };
                stack.extend(
                    cfg.preds(sub)
                        .iter()
                        .copied()
                        .filter(|&p| dt.is_reachable(p) && !dt.dominates(sub, p)),
                );
            }
        }

        // Number the loops in reverse postorder of their headers (the reverse of the above).
        let count = headers.len();
        let renum = |old: u32| if old == NONE { NONE } else { count as u32 - 1 - old };
        for v in innermost.values_mut() {
            *v = renum(*v);
        }
        let mut loops: Vec<Loop> = Vec::with_capacity(count);
        let placeholder = Members::Sorted(Rc::from(Vec::new()));
        for new in 0..count {
            let old = count - 1 - new;
            let h = headers.get(old).copied().unwrap_or(Block::new(0));
            let p = parent.get(old).copied().map(renum).filter(|&p| p != NONE);
            let depth = p.and_then(|p| loops.get(p as usize)).map_or(1, |pl: &Loop| pl.depth + 1);
            let back =
                latches.get(h).map(|ls| ls.iter().map(|&l| (l, h)).collect()).unwrap_or_default();
            loops.push(Loop {
                header: h,
                back_edges: back,
                parent: p.map(|p| p as usize),
                children: Vec::new(),
                depth,
                members: placeholder.clone(),
            });
            if let Some(pl) = p.and_then(|p| loops.get_mut(p as usize)) {
                pl.children.push(new);
            }
        }

        // The shared block array: each loop's own blocks (by id), then its inner loops'.
        let mut own: Vec<Vec<Block>> = vec![Vec::new(); count];
        for (b, &l) in innermost.iter() {
            if let Some(v) = own.get_mut(l as usize) {
                v.push(b);
            }
        }
        let mut order: Vec<Block> = Vec::with_capacity(n);
        let mut ranges: Vec<(u32, u32)> = vec![(0, 0); count];
        let mut walk: Vec<(usize, usize)> = Vec::new();
        for top in 0..count {
            if loops.get(top).is_none_or(|l| l.parent.is_some()) {
                continue;
            }
            walk.push((top, 0));
            if let (Some(r), Some(o)) = (ranges.get_mut(top), own.get(top)) {
                r.0 = order.len() as u32;
                order.extend(o.iter().copied());
            }
            while let Some(&mut (l, ref mut k)) = walk.last_mut() {
                let child = loops.get(l).and_then(|lp| lp.children.get(*k)).copied();
                *k += 1;
                match child {
                    Some(c) => {
                        if let (Some(r), Some(o)) = (ranges.get_mut(c), own.get(c)) {
                            r.0 = order.len() as u32;
                            order.extend(o.iter().copied());
                        }
                        walk.push((c, 0));
                    }
                    None => {
                        if let Some(r) = ranges.get_mut(l) {
                            r.1 = order.len() as u32;
                        }
                        walk.pop();
                    }
                }
            }
        }
        let mut pos: SecondaryMap<Block, u32> = SecondaryMap::from_elem(NONE, n);
        for (k, &b) in order.iter().enumerate() {
            pos[b] = k as u32;
        }
        let index = Rc::new(BlockIndex { order, pos });
        for (l, &(start, end)) in loops.iter_mut().zip(&ranges) {
            l.members = Members::Range(index.clone(), start, end);
        }
        LoopForest { loops, innermost, back_edges }
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

    fn sorted(l: &Loop) -> Vec<Block> {
        let mut v = l.blocks().to_vec();
        v.sort_unstable();
        v
    }

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
        assert_eq!(sorted(l), vec![h, bd]);
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
        assert_eq!(sorted(&ls[outer]), want);
        let mut want = vec![i, a, b];
        want.sort();
        assert_eq!(sorted(&ls[inner]), want);
        // b branches to i twice: one back edge.
        let mut want = vec![(a, i), (b, i)];
        want.sort();
        assert_eq!(ls[inner].back_edges, want);
        assert_eq!(ls[outer].back_edges, vec![(olatch, o)]);
        assert_eq!(ls[inner].parent, Some(outer));
        assert_eq!(ls[outer].children, vec![inner]);
        assert_eq!((ls[inner].depth, ls[outer].depth, ls[sib].depth), (2, 1, 1));
        assert_eq!(sorted(&ls[sib]), vec![s]);
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
        assert_eq!(sorted(l), vec![bb[1], bb[2], bb[3], bb[4]]);
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

    /// The loops by the definition, outermost first: for each header in reverse postorder,
    /// every block that reaches a latch without passing the header (each loop walked in full).
    fn reference(cfg: &Cfg, dt: &DomTree) -> Vec<(Block, Vec<Block>, Option<Block>, u32)> {
        let n = cfg.num_blocks();
        let mut out: Vec<(Block, Vec<Block>, Option<Block>, u32)> = Vec::new();
        let mut inner: Vec<Option<usize>> = vec![None; n];
        for &h in dt.rpo() {
            let ls: Vec<Block> = cfg
                .preds(h)
                .iter()
                .copied()
                .filter(|&t| dt.is_reachable(t) && dt.dominates(h, t))
                .collect();
            if ls.is_empty() {
                continue;
            }
            let parent = inner[h.index()];
            let mut seen = vec![false; n];
            seen[h.index()] = true;
            let mut blocks = vec![h];
            let mut stack = ls;
            while let Some(x) = stack.pop() {
                if seen[x.index()] {
                    continue;
                }
                seen[x.index()] = true;
                blocks.push(x);
                stack.extend(cfg.preds(x).iter().copied().filter(|&p| dt.is_reachable(p)));
            }
            blocks.sort_unstable();
            let id = out.len();
            for &b in &blocks {
                inner[b.index()] = Some(id);
            }
            let depth = parent.map_or(1, |p| out[p].3 + 1);
            out.push((h, blocks, parent.map(|p| out[p].0), depth));
        }
        out
    }

    #[test]
    fn random_graphs_match_the_definition() {
        use crate::ir::{BlockData, Body, Extra, InstData, Opcode, TypeId};
        let mut seed = 0x9e37_79b9_7f4a_7c15_u64;
        let mut next = move |k: usize| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed % k as u64) as usize
        };
        let mut nested = 0;
        for round in 0..1000 {
            let n = 2 + next(if round % 2 == 0 { 8 } else { 24 });
            let mut b = Body::default();
            let blocks: Vec<Block> = (0..n)
                .map(|_| b.blocks.push(BlockData { defined: true, ..Default::default() }))
                .collect();
            b.layout = blocks.clone();
            for (i, &blk) in blocks.iter().enumerate() {
                // Mostly forward edges, some back: nests and siblings.
                let k = 1 + next(2);
                let succ: Vec<Block> = (0..k)
                    .map(|_| match next(4) {
                        0 => blocks[i.saturating_sub(next(i + 1).min(next(5)))],
                        1 if next(3) == 0 => blocks[next(n)],
                        _ => blocks[(i + 1 + next(3)).min(n - 1)],
                    })
                    .collect();
                let mut d = if succ.is_empty() {
                    InstData::new(Opcode::Ret, TypeId::VOID, vec![])
                } else {
                    InstData::new(Opcode::Br, TypeId::VOID, vec![])
                };
                if !succ.is_empty() {
                    d.extra = Extra::Br(succ.into_boxed_slice());
                }
                b.append(blk, d, Default::default());
            }
            let cfg = Cfg::new(&b);
            let dt = DomTree::new(&cfg);
            let lf = LoopForest::new(&cfg, &dt);
            let want = reference(&cfg, &dt);
            assert_eq!(lf.loops().len(), want.len());
            nested += want.iter().filter(|w| w.3 > 1).count();
            for (l, (h, blocks, parent, depth)) in lf.loops().iter().zip(&want) {
                assert_eq!(l.header, *h);
                assert_eq!(&sorted(l), blocks);
                assert_eq!(l.parent.and_then(|p| lf.get(p)).map(|p| p.header), *parent);
                assert_eq!(l.depth, *depth);
                for &x in &blocks[..] {
                    assert!(l.contains(x));
                }
                for x in cfg.blocks() {
                    assert_eq!(l.contains(x), blocks.contains(&x));
                }
                for &c in &l.children {
                    assert_eq!(lf.get(c).and_then(|c| c.parent), lf.loop_of_header(l.header));
                }
            }
            for x in cfg.blocks() {
                let deepest = want.iter().filter(|w| w.1.contains(&x)).map(|w| w.3).max();
                assert_eq!(lf.loop_depth(x), deepest.unwrap_or(0));
            }
        }
        assert!(nested > 100, "{nested}");
    }
}
