//! Control-flow analyses of the low form, written once for every back end: predecessors,
//! reverse postorder, the dominator tree, natural loops (loop depth per block, reducibility)
//! and, as a separate call because it costs more, block-level liveness of registers.
//!
//! ```text
//!  LowFunc (or successor lists) ──▶ analysis::Cfg (Cfg::from_succs, block i = BlockId(i))
//!                               ──▶ analysis::DomTree   (Cooper–Harvey–Kennedy, iterative)
//!                               ──▶ analysis::LoopForest (natural loops of the back edges)
//!                               ──▶ reducibility: every retreating edge is a back edge
//!  LowCfg::liveness(f)          ──▶ live-in / live-out bit sets of the registers that cross
//!                                   a block boundary (backward dataflow, worklist)
//! ```
//!
//! The graph algorithms are those of [`crate::analysis`] over the IR, run on a graph whose
//! node `i` is block `i` of the low function, so there is one implementation of each. Every
//! walk is iterative: functions may have 100k blocks. Only blocks reachable from block 0 (the
//! entry) have a reverse-postorder number, a dominator or a loop; unreachable blocks are, as
//! in [`crate::analysis::DomTree`], dominated by every block and dominate only themselves.

use super::form::{BlockId, LowFunc, VReg};
use crate::analysis::{Cfg, DomTree, LoopForest};
use crate::ir::entity::{EntityRef, SecondaryMap};
use crate::ir::Block;
use std::collections::VecDeque;

const NONE: u32 = u32::MAX;

fn to_id(b: Block) -> BlockId {
    BlockId(b.index() as u32)
}

fn to_block(b: BlockId) -> Block {
    Block::new(b.0 as usize)
}

/// The control-flow graph of a low function with its dominator tree and natural loops.
#[derive(Clone, Debug)]
pub struct LowCfg {
    cfg: Cfg,
    dom: DomTree,
    loops: LoopForest,
    /// Reverse-postorder number of each block, `NONE` when unreachable.
    rpo_index: Vec<u32>,
    reducible: bool,
}

impl LowCfg {
    /// The analyses of `f`'s blocks (edges from [`super::Term::successors`]).
    pub fn new(f: &LowFunc) -> LowCfg {
        LowCfg::from_succs(f.blocks.len(), |b| f.blocks[b].term.successors())
    }

    /// The analyses of a graph of `n` blocks given by its successor lists (in order,
    /// duplicates kept), block 0 being the entry. Edges to blocks out of range are dropped.
    pub fn from_succs<I: IntoIterator<Item = BlockId>>(
        n: usize,
        mut succs: impl FnMut(usize) -> I,
    ) -> LowCfg {
        let map: SecondaryMap<Block, Vec<Block>> = (0..n)
            .map(|b| succs(b).into_iter().filter(|s| (s.0 as usize) < n).map(to_block).collect())
            .collect();
        let cfg = Cfg::from_succs(map, (n > 0).then(|| Block::new(0)));
        let dom = DomTree::new(&cfg);
        let loops = LoopForest::new(&cfg, &dom);
        let mut rpo_index = vec![NONE; n];
        for (i, &b) in dom.rpo().iter().enumerate() {
            rpo_index[b.index()] = i as u32;
        }
        // A retreating edge (to a block no later in reverse postorder) whose target does not
        // dominate its source enters a cycle in its middle.
        let reducible = dom.rpo().iter().all(|&b| {
            cfg.succs(b)
                .iter()
                .all(|&s| rpo_index[s.index()] > rpo_index[b.index()] || dom.dominates(s, b))
        });
        LowCfg { cfg, dom, loops, rpo_index, reducible }
    }

    /// The number of blocks, reachable or not.
    pub fn num_blocks(&self) -> usize {
        self.rpo_index.len()
    }

    /// The successors of `b`, one per edge, in terminator order.
    pub fn succs(&self, b: BlockId) -> impl ExactSizeIterator<Item = BlockId> + '_ {
        self.cfg.succs(to_block(b)).iter().map(|&s| to_id(s))
    }

    /// The predecessors of `b`, one per edge (unreachable ones included), by block order.
    pub fn preds(&self, b: BlockId) -> impl ExactSizeIterator<Item = BlockId> + '_ {
        self.cfg.preds(to_block(b)).iter().map(|&p| to_id(p))
    }

    /// The blocks reachable from the entry in reverse postorder (the entry first; successors
    /// are visited in terminator order).
    pub fn rpo(&self) -> impl ExactSizeIterator<Item = BlockId> + DoubleEndedIterator + '_ {
        self.dom.rpo().iter().map(|&b| to_id(b))
    }

    /// The position of `b` in [`LowCfg::rpo`], `None` when it is unreachable.
    pub fn rpo_index(&self, b: BlockId) -> Option<u32> {
        self.rpo_index.get(b.0 as usize).copied().filter(|&i| i != NONE)
    }

    /// True when `b` is reachable from the entry.
    pub fn is_reachable(&self, b: BlockId) -> bool {
        self.rpo_index(b).is_some()
    }

    /// The immediate dominator of `b` (`None` for the entry and unreachable blocks).
    pub fn idom(&self, b: BlockId) -> Option<BlockId> {
        self.dom.idom(to_block(b)).map(to_id)
    }

    /// True when `a` dominates `b` (every block dominates itself; see the module doc for
    /// unreachable blocks).
    pub fn dominates(&self, a: BlockId, b: BlockId) -> bool {
        self.dom.dominates(to_block(a), to_block(b))
    }

    /// The children of `b` in the dominator tree, in reverse postorder.
    pub fn dom_children(&self, b: BlockId) -> impl ExactSizeIterator<Item = BlockId> + '_ {
        self.dom.children(to_block(b)).iter().map(|&c| to_id(c))
    }

    /// How many natural loops contain `b` (0 outside loops and for unreachable blocks).
    pub fn loop_depth(&self, b: BlockId) -> u32 {
        self.loops.loop_depth(to_block(b))
    }

    /// True when `b` heads a natural loop (it is the target of a back edge).
    pub fn is_loop_header(&self, b: BlockId) -> bool {
        self.loops.loop_of_header(to_block(b)).is_some()
    }

    /// True when `from -> to` is a back edge: `to` dominates `from`.
    pub fn is_back_edge(&self, from: BlockId, to: BlockId) -> bool {
        self.loops.is_back_edge(to_block(from), to_block(to))
    }

    /// The number of natural loops.
    pub fn num_loops(&self) -> usize {
        self.loops.loops().len()
    }

    /// False when some cycle has more than one entry (a retreating edge whose target does not
    /// dominate its source): such a cycle is no natural loop and its blocks may have depth 0.
    pub fn is_reducible(&self) -> bool {
        self.reducible
    }

    /// Block-level liveness of `f`'s registers (`f` must be the function this was built
    /// from). Costs a pass over the instructions and a dataflow over the registers that cross
    /// a block boundary.
    pub fn liveness(&self, f: &LowFunc) -> Liveness {
        Liveness::new(self, f)
    }
}

/// The registers live into and out of each block, as LLVM's block-level liveness: a register
/// is live out of `B` when some path from `B`'s end reads it before writing it, and live into
/// `B` when `B` reads it before writing it or it is live out of `B` and `B` does not write it.
/// An instruction reads its operands before it writes its results (a parallel copy reads every
/// source first). Unreachable blocks take part like the others.
///
/// Only registers read in a block other than the one writing them (or read before written in
/// their block) can be live at a block boundary; the sets are bit sets over those, numbered
/// densely, so their size is blocks × crossing registers / 8 bytes, twice.
#[derive(Clone, Debug, Default)]
pub struct Liveness {
    /// Dense number of each register that may cross a block boundary, `NONE` for the others.
    slot: Vec<u32>,
    /// The register of each dense number.
    regs: Vec<VReg>,
    /// 64-bit words per set.
    words: usize,
    /// The sets of block `b` are at `b * words..(b + 1) * words`.
    live_in: Vec<u64>,
    live_out: Vec<u64>,
}

/// Per-block lists in one vector: the list of block `b` is `items[start[b]..start[b + 1]]`.
struct Lists {
    start: Vec<u32>,
    items: Vec<u32>,
}

impl Lists {
    fn get(&self, b: usize) -> &[u32] {
        &self.items[self.start[b] as usize..self.start[b + 1] as usize]
    }

    /// The lists with each item mapped, those mapped to `None` left out.
    fn filter_map(&self, f: impl Fn(u32) -> Option<u32>) -> Lists {
        let mut out = Lists { start: vec![0], items: Vec::new() };
        for b in 0..self.start.len() - 1 {
            out.items.extend(self.get(b).iter().filter_map(|&v| f(v)));
            out.start.push(out.items.len() as u32);
        }
        out
    }
}

impl Liveness {
    fn new(cfg: &LowCfg, f: &LowFunc) -> Liveness {
        let nb = f.blocks.len().min(cfg.num_blocks());
        let nr = f.regs.len();
        // Each block's upward-exposed reads and its writes (registers, once each).
        let mut stamp = vec![NONE; nr];
        let mut read_stamp = vec![NONE; nr];
        let mut ue = Lists { start: vec![0], items: Vec::new() };
        let mut kill = Lists { start: vec![0], items: Vec::new() };
        for (bi, b) in f.blocks.iter().take(nb).enumerate() {
            let tag = bi as u32;
            let mut read = |v: VReg, stamp: &[u32]| {
                let i = v.0 as usize;
                if i < nr && stamp[i] != tag && read_stamp[i] != tag {
                    read_stamp[i] = tag;
                    ue.items.push(v.0);
                }
            };
            for inst in &b.insts {
                inst.for_each_use(|v| read(v, &stamp));
                inst.for_each_def(|v| {
                    if let Some(s) = stamp.get_mut(v.0 as usize).filter(|s| **s != tag) {
                        *s = tag;
                        kill.items.push(v.0);
                    }
                });
            }
            b.term.for_each_use(|v| read(v, &stamp));
            ue.start.push(ue.items.len() as u32);
            kill.start.push(kill.items.len() as u32);
        }
        // Dense numbers for the registers read upward-exposed somewhere.
        let mut slot = vec![NONE; nr];
        let mut regs = Vec::new();
        for &v in &ue.items {
            if slot[v as usize] == NONE {
                slot[v as usize] = regs.len() as u32;
                regs.push(VReg(v));
            }
        }
        for it in ue.items.iter_mut() {
            *it = slot[*it as usize];
        }
        let kill = kill.filter_map(|v| Some(slot[v as usize]).filter(|&s| s != NONE));

        let words = regs.len().div_ceil(64);
        let mut lv = Liveness {
            slot,
            regs,
            words,
            live_in: vec![0; nb * words],
            live_out: vec![0; nb * words],
        };
        if words == 0 {
            return lv;
        }
        for bi in 0..nb {
            for &s in ue.get(bi) {
                lv.live_in[bi * words + s as usize / 64] |= 1 << (s % 64);
            }
        }
        // Postorder of the reachable blocks first, then the unreachable ones.
        let mut queue: VecDeque<u32> = cfg.rpo().rev().map(|b| b.0).collect();
        queue.extend((0..nb as u32).filter(|&b| !cfg.is_reachable(BlockId(b))));
        let mut queued = vec![true; nb];
        let mut out = vec![0u64; words];
        let mut inn = vec![0u64; words];
        while let Some(b) = queue.pop_front() {
            let bi = b as usize;
            if bi >= nb {
                continue;
            }
            queued[bi] = false;
            out.iter_mut().for_each(|w| *w = 0);
            for s in cfg.succs(BlockId(b)) {
                let si = s.0 as usize;
                if si < nb {
                    for (o, i) in out.iter_mut().zip(&lv.live_in[si * words..(si + 1) * words]) {
                        *o |= i;
                    }
                }
            }
            inn.copy_from_slice(&out);
            for &s in kill.get(bi) {
                inn[s as usize / 64] &= !(1 << (s % 64));
            }
            for &s in ue.get(bi) {
                inn[s as usize / 64] |= 1 << (s % 64);
            }
            lv.live_out[bi * words..(bi + 1) * words].copy_from_slice(&out);
            let cur = &mut lv.live_in[bi * words..(bi + 1) * words];
            if *cur != inn[..] {
                cur.copy_from_slice(&inn);
                for p in cfg.preds(BlockId(b)) {
                    let pi = p.0 as usize;
                    if pi < nb && !queued[pi] {
                        queued[pi] = true;
                        queue.push_back(p.0);
                    }
                }
            }
        }
        lv
    }

    fn set<'a>(&'a self, sets: &'a [u64], b: BlockId) -> impl Iterator<Item = VReg> + 'a {
        let w = self.words;
        let at = b.0 as usize * w;
        let words = sets.get(at..at + w).unwrap_or(&[]);
        words.iter().enumerate().flat_map(move |(i, &word)| {
            let mut word = word;
            std::iter::from_fn(move || {
                (word != 0).then(|| {
                    let bit = word.trailing_zeros() as usize;
                    word &= word - 1;
                    self.regs[i * 64 + bit]
                })
            })
        })
    }

    fn has(&self, sets: &[u64], b: BlockId, v: VReg) -> bool {
        let Some(&s) = self.slot.get(v.0 as usize).filter(|&&s| s != NONE) else {
            return false;
        };
        let at = b.0 as usize * self.words + s as usize / 64;
        sets.get(at).is_some_and(|w| w >> (s % 64) & 1 != 0)
    }

    /// The registers live into `b`, by dense number (the order in which blocks first read
    /// them upward-exposed).
    pub fn live_in(&self, b: BlockId) -> impl Iterator<Item = VReg> + '_ {
        self.set(&self.live_in, b)
    }

    /// The registers live out of `b`.
    pub fn live_out(&self, b: BlockId) -> impl Iterator<Item = VReg> + '_ {
        self.set(&self.live_out, b)
    }

    /// True when `v` is live into `b`.
    pub fn is_live_in(&self, b: BlockId, v: VReg) -> bool {
        self.has(&self.live_in, b, v)
    }

    /// True when `v` is live out of `b`.
    pub fn is_live_out(&self, b: BlockId, v: VReg) -> bool {
        self.has(&self.live_out, b, v)
    }

    /// How many registers may cross a block boundary (the width of the sets).
    pub fn num_tracked(&self) -> usize {
        self.regs.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lower::form::{Bin, Const, Frame, Inst, LowBlock, Sig, Term, Ty};

    fn graph(edges: &[&[u32]]) -> LowCfg {
        LowCfg::from_succs(edges.len(), |b| edges[b].iter().map(|&s| BlockId(s)))
    }

    fn ids(it: impl Iterator<Item = BlockId>) -> Vec<u32> {
        it.map(|b| b.0).collect()
    }

    #[test]
    fn diamond() {
        // 0 -> 1 | 2 -> 3
        let g = graph(&[&[1, 2], &[3], &[3], &[]]);
        assert_eq!(ids(g.rpo()), [0, 2, 1, 3]);
        assert_eq!(g.idom(BlockId(3)), Some(BlockId(0)));
        assert_eq!(g.idom(BlockId(0)), None);
        assert!(g.dominates(BlockId(0), BlockId(3)) && !g.dominates(BlockId(1), BlockId(3)));
        assert_eq!(ids(g.preds(BlockId(3))), [1, 2]);
        assert_eq!(ids(g.dom_children(BlockId(0))), [2, 1, 3]);
        assert_eq!(g.num_loops(), 0);
        assert!(g.is_reducible());
        assert!((0..4).all(|b| g.loop_depth(BlockId(b)) == 0));
    }

    #[test]
    fn simple_and_nested_loops() {
        // 0 -> 1 (outer header) -> 2 (inner header) -> 2 | 3; 3 -> 1 | 4
        let g = graph(&[&[1], &[2], &[2, 3], &[1, 4], &[]]);
        let depths: Vec<u32> = (0..5).map(|b| g.loop_depth(BlockId(b))).collect();
        assert_eq!(depths, [0, 1, 2, 1, 0]);
        assert!(g.is_loop_header(BlockId(1)) && g.is_loop_header(BlockId(2)));
        assert!(!g.is_loop_header(BlockId(3)));
        assert!(g.is_back_edge(BlockId(3), BlockId(1)) && g.is_back_edge(BlockId(2), BlockId(2)));
        assert!(!g.is_back_edge(BlockId(1), BlockId(2)));
        assert_eq!(g.num_loops(), 2);
        assert!(g.is_reducible());
        // A loop whose header is the entry.
        let g = graph(&[&[0, 1], &[]]);
        assert_eq!(g.loop_depth(BlockId(0)), 1);
        assert_eq!(g.loop_depth(BlockId(1)), 0);
    }

    #[test]
    fn irreducible() {
        // 0 -> 1 | 2; 1 -> 2 | 3; 2 -> 1 | 3: the cycle 1 <-> 2 has two entries.
        let g = graph(&[&[1, 2], &[2, 3], &[1, 3], &[]]);
        assert!(!g.is_reducible());
        assert_eq!(g.num_loops(), 0);
        assert_eq!(g.idom(BlockId(1)), Some(BlockId(0)));
        assert_eq!(g.idom(BlockId(2)), Some(BlockId(0)));
    }

    #[test]
    fn unreachable_blocks() {
        // 1 is unreachable and branches into the loop at 2; 5 is out of range.
        let g = graph(&[&[2], &[2, 5], &[3], &[2, 4], &[]]);
        assert!(!g.is_reachable(BlockId(1)) && g.rpo_index(BlockId(1)).is_none());
        assert_eq!(g.rpo().len(), 4);
        assert_eq!(ids(g.succs(BlockId(1))), [2]);
        assert_eq!(g.idom(BlockId(1)), None);
        assert!(g.dominates(BlockId(3), BlockId(1)) && !g.dominates(BlockId(1), BlockId(2)));
        assert_eq!(g.loop_depth(BlockId(1)), 0);
        assert_eq!(g.loop_depth(BlockId(3)), 1);
        assert!(g.is_reducible());
        assert_eq!(graph(&[]).rpo().len(), 0);
    }

    #[test]
    fn long_chain_and_loop_do_not_overflow() {
        let n = 100_000u32;
        let succ = |b: usize| -> Vec<BlockId> {
            match b as u32 {
                b if b + 1 == n => vec![BlockId(0)],
                b => vec![BlockId(b + 1)],
            }
        };
        let g = LowCfg::from_succs(n as usize, succ);
        assert_eq!(g.rpo().len(), n as usize);
        assert_eq!(g.idom(BlockId(n - 1)), Some(BlockId(n - 2)));
        assert!(g.dominates(BlockId(0), BlockId(n - 1)));
        assert_eq!(g.loop_depth(BlockId(n / 2)), 1);
        assert!(g.is_reducible());
    }

    fn func(blocks: Vec<(Vec<Inst>, Term)>, nregs: usize) -> LowFunc {
        LowFunc {
            name: "f".into(),
            sig: Sig { params: vec![], ret: vec![Ty::I32], variadic: false, packs: vec![] },
            regs: vec![Ty::I32; nregs],
            frame: Frame::default(),
            dynamic_stack: false,
            local: false,
            sret: false,
            blocks: blocks
                .into_iter()
                .map(|(insts, term)| LowBlock { insts, term, locs: vec![] })
                .collect(),
            span: Default::default(),
            names: Vec::new(),
        }
    }

    #[test]
    fn liveness_of_a_loop() {
        let (r0, r1, r2, r3) = (VReg(0), VReg(1), VReg(2), VReg(3));
        let k = |dst, c| Inst::Const { dst, val: Const::I32(c) };
        let add = |dst, a, b| Inst::Bin { op: Bin::Add, ty: Ty::I32, dst, a, b };
        // 0: r0 = 0; r1 = 1 -> 1
        // 1: r0 = r0 + r1; r2 = r0 + r0 (local) -> 1 if r2 else 2
        // 2: r3 = 7; ret r0 + r3 (r3 local)
        let f = func(
            vec![
                (vec![k(r0, 0), k(r1, 1)], Term::Jump(BlockId(1))),
                (
                    vec![add(r0, r0, r1), add(r2, r0, r0)],
                    Term::Branch { cond: r2, then: BlockId(1), else_: BlockId(2) },
                ),
                (vec![k(r3, 7), add(r3, r0, r3)], Term::Ret(vec![r3])),
            ],
            4,
        );
        let g = LowCfg::new(&f);
        let lv = g.liveness(&f);
        assert_eq!(lv.num_tracked(), 2);
        let set = |it: &mut dyn Iterator<Item = VReg>| {
            let mut v: Vec<u32> = it.map(|r| r.0).collect();
            v.sort_unstable();
            v
        };
        assert_eq!(set(&mut lv.live_in(BlockId(0))), Vec::<u32>::new());
        assert_eq!(set(&mut lv.live_out(BlockId(0))), [0, 1]);
        assert_eq!(set(&mut lv.live_in(BlockId(1))), [0, 1]);
        assert_eq!(set(&mut lv.live_out(BlockId(1))), [0, 1]);
        assert_eq!(set(&mut lv.live_in(BlockId(2))), [0]);
        assert_eq!(set(&mut lv.live_out(BlockId(2))), Vec::<u32>::new());
        assert!(lv.is_live_in(BlockId(1), r1) && !lv.is_live_in(BlockId(2), r1));
        assert!(!lv.is_live_out(BlockId(1), r2) && !lv.is_live_in(BlockId(9), r0));
    }

    #[test]
    fn liveness_of_a_long_chain() {
        // r0 defined in block 0 and read in the last of 100k blocks.
        let n = 100_000;
        let mut blocks: Vec<(Vec<Inst>, Term)> =
            (0..n - 1).map(|b| (vec![], Term::Jump(BlockId(b as u32 + 1)))).collect();
        blocks[0].0.push(Inst::Const { dst: VReg(0), val: Const::I32(3) });
        blocks.push((vec![], Term::Ret(vec![VReg(0)])));
        let f = func(blocks, 1);
        let lv = LowCfg::new(&f).liveness(&f);
        assert!(!lv.is_live_in(BlockId(0), VReg(0)));
        assert!((1..n as u32).all(|b| lv.is_live_in(BlockId(b), VReg(0))));
        assert!(!lv.is_live_out(BlockId(n as u32 - 1), VReg(0)));
    }
}
